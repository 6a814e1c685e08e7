package webapp

import (
	"net/http"
	"time"

	"umpire/bot/wire"
	"umpire/store"
)

// wait serves GET /api/wait?game=N&version=V: a long poll. It answers
// with the seat's state as soon as it differs from version V, or as it is
// after the server's Wait. It looks again each time the store queues a
// message (every move, offer and ruling queues one), so news reaches the
// page at once; the answer comes when the seat's own state changed, which
// tells it no more than the state itself. A user holds at most maxWaits
// of them at once: a newer one ends the oldest (share.go).
func (s *Server) wait(w http.ResponseWriter, r *http.Request) {
	p, u, ok := s.who(r)
	var ended <-chan struct{}
	if ok {
		var done func()
		ended, done = s.shares.hold(u.ID)
		defer done()
	}
	id, version := gameOf(r), r.URL.Query().Get("version")
	timer := time.NewTimer(s.cfg.Wait)
	defer timer.Stop()
	var st *State
	looked := -1 // the game's log length at the last look: a commit elsewhere needs no new state
	desk := s.cfg.Office.Desk(wire.Features{Acts: true})
	for {
		wake := s.cfg.DB.Queued()
		g, seat, seated := s.seated(p, id)
		if !ok || !seated {
			nothing(w)
			return
		}
		if len(g.Log) != looked || g.State != store.StatePlaying {
			var err error
			if st, err = s.stateOf(desk, g, p, seat); err != nil {
				http.Error(w, "try again", http.StatusInternalServerError)
				return
			}
			looked = len(g.Log)
		}
		if st.Version != version {
			reply(w, st)
			return
		}
		select {
		case <-wake:
		case <-ended:
			tooMany(w)
			return
		case <-timer.C:
			reply(w, st)
			return
		case <-r.Context().Done():
			return
		}
	}
}
