package webapp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"umpire/bot"
	"umpire/bot/post"
	"umpire/bot/telegram"
	"umpire/bot/telegram/tgtest"
	"umpire/bot/texts"
	"umpire/bot/webapp"
	"umpire/bot/wire"
	"umpire/store"
)

// The people of the tests and their group.
const (
	ann  int64 = 1001
	ben  int64 = 1002
	cat  int64 = 1003 // the third, in three-player chess
	club int64 = -5001
)

// appURL is the Mini App's public address, as the operator sets it.
const appURL = "https://umpire.example/app/"

// rig is the whole umpire on a fake Bot API: a bot on a real store,
// running on the Telegram transport, and the Mini App's server on a
// loopback port, with the clock of the init data fixed.
type rig struct {
	t   testing.TB
	srv *tgtest.Server
	db  *store.DB
	bot *bot.Bot
	app *httptest.Server
	now time.Time
}

func newRig(t testing.TB) *rig {
	t.Helper()
	srv := tgtest.New("")
	t.Cleanup(srv.Close)
	srv.AddUser(tgtest.User{ID: ann, FirstName: "Ann", LanguageCode: "en"})
	srv.AddUser(tgtest.User{ID: ben, FirstName: "Ben", LanguageCode: "en"})
	srv.AddUser(tgtest.User{ID: cat, FirstName: "Cat", LanguageCode: "ru"})
	srv.AddGroup(club, "Chess club")
	db, err := store.Open(filepath.Join(t.TempDir(), "umpire.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	quiet := slog.New(slog.DiscardHandler)
	now := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	b, err := bot.New(bot.Config{DB: db, Picture: post.NoPictures, Log: quiet, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := telegram.New(context.Background(), telegram.Config{Token: srv.Token, APIURL: srv.URL,
		Cursor: bot.Cursors(db), Words: post.Words(texts.DefaultCatalog, nil), Limits: &wire.NoLimits, Log: quiet,
		WebApp: telegram.WebApp{URL: appURL},
		Sleep:  func(ctx context.Context, d time.Duration) error { return ctx.Err() }})
	if err != nil {
		t.Fatal(err)
	}
	r := &rig{t: t, srv: srv, db: db, bot: b, now: now}
	r.app = httptest.NewServer(webapp.New(webapp.Config{DB: db, Office: b.PostOffice(), Handler: b,
		Token: srv.Token, Now: func() time.Time { return r.now }, Log: quiet}))
	t.Cleanup(r.app.Close)
	ctx, cancel := context.WithCancel(context.Background())
	var running sync.WaitGroup
	running.Go(func() { b.Run(ctx, tr) })
	t.Cleanup(func() { cancel(); running.Wait() })
	return r
}

// initData is the init data Telegram would give the page for a user.
func (r *rig) initData(user int64) string {
	return webapp.SignedInitData(webapp.User{ID: user, FirstName: "U", LanguageCode: "en"}, r.srv.Token, r.now.Add(-time.Hour))
}

// wait waits for a message to chat whose text holds want, and returns it.
func (r *rig) wait(chat int64, want string) tgtest.Sent {
	r.t.Helper()
	return r.waitAfter(chat, want, 0)
}

// waitAfter is wait for a message after the first skip ones to chat.
func (r *rig) waitAfter(chat int64, want string, skip int) tgtest.Sent {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var found tgtest.Sent
	_, err := r.srv.WaitFor(ctx, func(sent []tgtest.Sent) bool {
		n := 0
		for _, s := range sent {
			if s.Chat != chat {
				continue
			}
			if n++; n > skip && strings.Contains(s.Text, want) {
				found = s
				return true
			}
		}
		return false
	})
	if err != nil {
		r.t.Fatalf("no message to %d with %q: %v", chat, want, err)
	}
	return found
}

// newGame makes a game of variant in the club, Ann White and Ben Black
// (in three-player chess Ann White, Ben Red, Cat Black),
// by their following the invitation's links; it returns its number once
// both were told it began.
func (r *rig) newGame(variant string) uint64 {
	r.t.Helper()
	before := len(r.srv.To(club))
	r.srv.Group(club, ann, "/new@"+r.srv.Bot.Username+" "+variant)
	var inv tgtest.Sent
	var links []string
	for skip := before; len(links) < 2; skip++ { // the invitation: the first with a link per seat
		inv, links = r.waitAfter(club, "#", skip), nil
		for _, row := range inv.Buttons {
			for _, b := range row {
				if b.URL != "" {
					links = append(links, b.URL)
				}
			}
		}
		skip = r.index(club, inv)
	}
	var id uint64
	_, num, _ := strings.Cut(inv.Text, "#")
	if _, err := fmt.Sscanf(num, "%d", &id); err != nil {
		r.t.Fatalf("no game made: %q", inv.Text)
	}
	for i, link := range links {
		r.srv.FollowLink([]int64{ann, ben, cat}[i], link)
	}
	r.waitState(ann, id, func(st *webapp.State) bool { return st.Turn != "" })
	return id
}

// get asks the app for a path as a user (0: with no init data) and
// returns the status and body.
func (r *rig) get(user int64, path string) (int, []byte) {
	r.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, r.app.URL+path, nil)
	if user != 0 {
		req.Header.Set(webapp.InitHeader, r.initData(user))
	}
	return r.do(req)
}

// post sends a line for a game as a user, with a request id.
func (r *rig) post(user int64, game uint64, text, id string) (int, []byte) {
	r.t.Helper()
	body, _ := json.Marshal(webapp.Act{Game: game, Text: text, ID: id})
	req, _ := http.NewRequest(http.MethodPost, r.app.URL+"/api/act", strings.NewReader(string(body)))
	req.Header.Set(webapp.InitHeader, r.initData(user))
	return r.do(req)
}

func (r *rig) do(req *http.Request) (int, []byte) {
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		r.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, body
}

// state is a user's state of a game.
func (r *rig) state(user int64, game uint64) *webapp.State {
	r.t.Helper()
	code, body := r.get(user, fmt.Sprintf("/api/state?game=%d", game))
	if code != http.StatusOK {
		r.t.Fatalf("state of #%d for %d: %d %s", game, user, code, body)
	}
	var st webapp.State
	if err := json.Unmarshal(body, &st); err != nil {
		r.t.Fatal(err)
	}
	return &st
}

// waitState long-polls a user's state of a game until cond holds.
func (r *rig) waitState(user int64, game uint64, cond func(*webapp.State) bool) *webapp.State {
	r.t.Helper()
	version := ""
	for range 50 {
		code, body := r.get(user, fmt.Sprintf("/api/wait?game=%d&version=%s", game, version))
		if code == http.StatusOK {
			var st webapp.State
			if err := json.Unmarshal(body, &st); err != nil {
				r.t.Fatal(err)
			}
			if cond(&st) {
				return &st
			}
			version = st.Version
		} else if code != http.StatusNotFound { // not seated yet: the game is still open
			r.t.Fatalf("wait: %d %s", code, body)
		} else {
			r.waitQueued()
		}
	}
	r.t.Fatalf("the state of #%d for %d never came", game, user)
	return nil
}

// waitQueued waits for the store to queue a message, or a moment.
func (r *rig) waitQueued() {
	select {
	case <-r.db.Queued():
	case <-time.After(time.Second):
	}
}

// tgtestUser is a user who speaks English.
func tgtestUser(id int64) tgtest.User {
	return tgtest.User{ID: id, FirstName: "Stranger", LanguageCode: "en"}
}

func itoa(n uint64) string { return fmt.Sprint(n) }

// say sends a private line from a user and waits until the bot handled it.
func (r *rig) say(user int64, text string) {
	r.t.Helper()
	id := r.srv.Private(user, text)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := r.srv.WaitConfirmed(ctx, id+1); err != nil {
		r.t.Fatal(err)
	}
}

// index is the place of a message among those sent to chat.
func (r *rig) index(chat int64, m tgtest.Sent) int {
	for i, s := range r.srv.To(chat) {
		if s.MessageID == m.MessageID {
			return i
		}
	}
	return 0
}
