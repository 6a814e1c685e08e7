package webapp_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"umpire/bot/post"
	"umpire/bot/webapp"
	"umpire/bot/wire"
)

// One user's 300 long polls, each on a connection of its own, while
// another user asks for its state, on a real server with the default
// connection cap (256). The first user holds at most three polls: each
// newer one ends the oldest (429), so its polls cannot hold the server's
// connections, and the other user's request is answered while three of
// them are still held. The server's Wait is an hour, so that no poll ends
// by waiting; the other user's deadline only keeps a failing test from
// hanging (a minute), it measures nothing.
func TestOneUserHoldsAShare(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	id := r.newGame("kriegspiel")
	version := r.state(ann, id).Version
	app := webapp.New(webapp.Config{DB: r.db, Office: r.bot.PostOffice(), Handler: r.bot, Token: r.srv.Token,
		Now: func() time.Time { return r.now }, Wait: time.Hour})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- app.Serve(ctx, ln) }()
	defer func() { cancel(); <-served }()
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}} // a connection a request
	ask := func(ctx context.Context, user int64, path string) int {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+ln.Addr().String()+path, nil)
		req.Header.Set(webapp.InitHeader, r.initData(user))
		resp, err := client.Do(req)
		if err != nil {
			return 0
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	const polls, held = 300, 3
	ended := make(chan int, polls)
	for range polls {
		go func() { ended <- ask(ctx, ann, fmt.Sprintf("/api/wait?game=%d&version=%s", id, version)) }()
	}
	guard, stop := context.WithTimeout(ctx, time.Minute) // against a hang, not a measure
	defer stop()
	for range polls - held {
		select {
		case code := <-ended:
			if code != http.StatusTooManyRequests {
				t.Fatalf("one of ann's polls ended with %d; want 429, ended by a newer one", code)
			}
		case <-guard.Done():
			t.Fatalf("ann holds more than %d polls", held)
		}
	}
	if code := ask(guard, ben, fmt.Sprintf("/api/state?game=%d", id)); code != http.StatusOK {
		t.Fatalf("ben's state, while ann holds her polls: %d; want 200", code)
	}
	select {
	case code := <-ended:
		t.Errorf("ann holds fewer than %d polls while ben is served: one ended with %d", held, code)
	default:
	}
}

// blocking is a Handler whose every call waits until it is released.
type blocking struct {
	entered chan struct{}
	release chan struct{}
}

func (b blocking) Serve(ctx context.Context, _ wire.Inbound, _ post.Answer) error {
	b.entered <- struct{}{}
	select {
	case <-b.release:
	case <-ctx.Done():
	}
	return nil
}

// One user's other requests in flight are few too: of ten moves sent at
// once to a bot that answers none yet, four are in its hands and six are
// answered 429 at once; another user is served meanwhile.
func TestOneUserCallsAShare(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	id := r.newGame("kriegspiel")
	bot := blocking{entered: make(chan struct{}, 10), release: make(chan struct{})}
	app := httptest.NewServer(webapp.New(webapp.Config{DB: r.db, Office: r.bot.PostOffice(), Handler: bot, Token: r.srv.Token,
		Now: func() time.Time { return r.now }}))
	defer app.Close()
	const sent, inFlight = 10, 4
	codes := make(chan int, sent)
	for i := range sent {
		go func() {
			body := fmt.Sprintf(`{"game":%d,"text":"e4","id":"m%d"}`, id, i)
			req, _ := http.NewRequest(http.MethodPost, app.URL+"/api/act", strings.NewReader(body))
			req.Header.Set(webapp.InitHeader, r.initData(ann))
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				codes <- 0
				return
			}
			resp.Body.Close()
			codes <- resp.StatusCode
		}()
	}
	for range sent - inFlight {
		if code := <-codes; code != http.StatusTooManyRequests {
			t.Fatalf("one of ann's moves was answered %d while four were in flight; want 429", code)
		}
	}
	for range inFlight {
		<-bot.entered
	}
	req, _ := http.NewRequest(http.MethodGet, app.URL+fmt.Sprintf("/api/state?game=%d", id), nil)
	req.Header.Set(webapp.InitHeader, r.initData(ben))
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("ben's state while ann's moves are in flight: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}
	close(bot.release)
	for range inFlight {
		if code := <-codes; code != http.StatusOK {
			t.Errorf("one of ann's moves in flight was answered %d; want 200", code)
		}
	}
}
