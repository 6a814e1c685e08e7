package webapp

import (
	"net/http"
	"slices"
	"sync"
)

// Shares. Anyone with a Telegram account may open the page, and a long
// poll holds one of the server's connections (wire.HTTPLimits.Conns) for
// up to Config.Wait: without a bound, one user's few hundred polls would
// hold them all and starve everyone else. So each user named by valid init
// data holds at most maxWaits long polls at once, a new one ending the
// oldest (answered 429 and its connection closed), and at most maxCalls
// other requests in flight, past which a request is answered 429 at once.
// A request without valid init data is answered at once and holds
// nothing. One user so holds at most maxWaits+maxCalls of the server's
// connections with requests (idle ones hold at most half of them:
// wire.LimitListener), and another user's request is served at once
// whatever one user does.
const (
	maxWaits = 3 // a phone, a computer and one more: a page holds one
	maxCalls = 4 // the page sends one at a time
)

// shares counts each user's requests in flight. Safe for concurrent use;
// it keeps only users with a request in flight.
type shares struct {
	mu    sync.Mutex
	users map[int64]*share
}

// share is one user's requests in flight: the ends of its long polls,
// oldest first, and its other requests.
type share struct {
	waits []chan struct{}
	calls int
}

// of is user id's share, made when it has none. Called with s.mu held.
func (s *shares) of(id int64) *share {
	if s.users == nil {
		s.users = map[int64]*share{}
	}
	sh := s.users[id]
	if sh == nil {
		sh = &share{}
		s.users[id] = sh
	}
	return sh
}

// forget drops user id's share once nothing is in flight. Called with
// s.mu held.
func (s *shares) forget(id int64, sh *share) {
	if len(sh.waits) == 0 && sh.calls == 0 && s.users[id] == sh {
		delete(s.users, id)
	}
}

// hold counts a long poll of user id, ending its oldest when it holds
// maxWaits: ended is closed when a newer poll ends this one; done, called
// once when the poll ends, forgets it.
func (s *shares) hold(id int64) (ended <-chan struct{}, done func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sh := s.of(id)
	if len(sh.waits) == maxWaits {
		close(sh.waits[0])
		sh.waits = sh.waits[1:]
	}
	end := make(chan struct{})
	sh.waits = append(sh.waits, end)
	return end, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if i := slices.Index(sh.waits, end); i >= 0 {
			sh.waits = slices.Delete(sh.waits, i, i+1)
		}
		s.forget(id, sh)
	}
}

// take counts a request of user id in flight; ok is false, and nothing
// counted, when it has maxCalls already. done, called once when the
// request is answered, forgets it.
func (s *shares) take(id int64) (done func(), ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sh := s.of(id)
	if sh.calls == maxCalls {
		return nil, false
	}
	sh.calls++
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		sh.calls--
		s.forget(id, sh)
	}, true
}

// shared serves a request within its user's share of requests in flight
// (take); one without valid init data is served as it is, to be refused.
func (s *Server) shared(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if u, err := Verify(r.Header.Get(InitHeader), s.cfg.Token, s.cfg.Now()); err == nil {
			done, ok := s.shares.take(u.ID)
			if !ok {
				tooMany(w)
				return
			}
			defer done()
		}
		h(w, r)
	}
}

// tooMany answers a request past its user's share: 429, to try again in
// a few seconds (the page does), on a connection then closed.
func tooMany(w http.ResponseWriter) {
	w.Header().Set("Connection", "close")
	w.Header().Set("Retry-After", "3")
	http.Error(w, "too many requests at once", http.StatusTooManyRequests)
}
