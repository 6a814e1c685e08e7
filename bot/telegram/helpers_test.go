package telegram

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
	"time"
	"umpire/bot/post"
	"umpire/internal/testkit"

	"umpire/bot"
	"umpire/bot/telegram/tgtest"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/store"
)

// fixture is a fake Bot API with two users and a group, a database and a
// transport pointed at them.
type fixture struct {
	srv    *tgtest.Server
	db     *store.DB
	tr     *Transport
	logs   *testkit.SyncBuffer
	sleeps *sleeps
}

const (
	ann   int64 = 1001
	bob   int64 = 1002
	carol int64 = 1003
	club  int64 = -4001
)

// newFixture makes a fixture; setup, when given, changes the fake Bot API
// before the transport first asks it who the bot is.
func newFixture(t *testing.T, setup ...func(*tgtest.Server)) *fixture {
	t.Helper()
	srv := newServer(t)
	for _, f := range setup {
		f(srv)
	}
	f := &fixture{srv: srv, logs: &testkit.SyncBuffer{}, sleeps: &sleeps{}}
	f.db = openDB(t, filepath.Join(t.TempDir(), "umpire.db"))
	f.tr = f.transport(t)
	return f
}

// newServer is a fake Bot API with Ann, Bob and Carol (who write Russian,
// English and Esperanto) and the club, closed when the test ends.
func newServer(t *testing.T) *tgtest.Server {
	srv := tgtest.New("")
	t.Cleanup(srv.Close)
	srv.AddUser(tgtest.User{ID: ann, FirstName: "Ann", Username: "ann", LanguageCode: "ru"})
	srv.AddUser(tgtest.User{ID: bob, FirstName: "Bob", LanguageCode: "en"})
	srv.AddUser(tgtest.User{ID: carol, FirstName: "Carol", LanguageCode: "eo"})
	srv.AddGroup(club, "Chess club")
	return srv
}

func openDB(t *testing.T, path string) *store.DB {
	t.Helper()
	db, err := store.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// transport makes a transport on the fixture's server and database.
func (f *fixture) transport(t *testing.T) *Transport {
	t.Helper()
	tr, err := New(context.Background(), Config{Token: f.srv.Token, APIURL: f.srv.URL, Cursor: bot.Cursors(f.db), Words: words,
		Limits: &wire.NoLimits, Log: slog.New(slog.NewTextHandler(f.logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		Sleep: f.sleeps.sleep})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return tr
}

// sleeps records the waits of a transport and returns at once.
type sleeps struct {
	mu      sync.Mutex
	ds      []time.Duration
	changed chan struct{} // closed and replaced at every wait
}

func (s *sleeps) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	s.ds = append(s.ds, d)
	if s.changed != nil {
		close(s.changed)
	}
	s.changed = make(chan struct{})
	s.mu.Unlock()
	return ctx.Err()
}

func (s *sleeps) all() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Duration(nil), s.ds...)
}

// waitFor waits until n waits were recorded, or ctx is done.
func (s *sleeps) waitFor(ctx context.Context, n int) error {
	for {
		s.mu.Lock()
		if s.changed == nil {
			s.changed = make(chan struct{})
		}
		done, ch := len(s.ds) >= n, s.changed
		s.mu.Unlock()
		if done {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// recorder is a wire.Handler that keeps what it is given; fail, when set,
// decides its answer.
type recorder struct {
	mu   sync.Mutex
	got  []wire.Inbound
	fail func(wire.Inbound) error
}

func (r *recorder) Handle(ctx context.Context, in wire.Inbound) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fail != nil {
		if err := r.fail(in); err != nil {
			return err
		}
	}
	r.got = append(r.got, in)
	return nil
}

func (r *recorder) inbounds() []wire.Inbound {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]wire.Inbound(nil), r.got...)
}

// receive runs the transport's Receive until the test ends; stop ends it
// early and waits for it.
func (f *fixture) receive(t *testing.T, tr *Transport, h wire.Handler) (stop func() error) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- tr.Receive(ctx, h) }()
	var once sync.Once
	var err error
	stop = func() error {
		once.Do(func() {
			cancel()
			err = <-done
		})
		return err
	}
	t.Cleanup(func() { stop() })
	return stop
}

// handled waits until the transport has handled the update with id and
// every one before it: it confirms them with its next poll, after storing
// the offset.
func (f *fixture) handled(t *testing.T, id int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := f.srv.WaitConfirmed(ctx, id+1); err != nil {
		t.Fatal(err)
	}
}

// wait is a context for waiting on the fake server, bounded so that a
// broken test fails instead of hanging.
func wait(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func testPNG(t *testing.T) []byte { return pngOf(t, 8) }

// pngOf is a picture of n by n pixels: pictures of different n differ.
func pngOf(t *testing.T, n int) []byte {
	img := image.NewPaletted(image.Rect(0, 0, n, n), color.Palette{color.White, color.Black})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// keyboardOf is a keyboard of one button with callback data.
func keyboardOf(data string) *markup {
	return &markup{InlineKeyboard: [][]inlineButton{{{Text: "b", CallbackData: data}}}}
}

// words are the bot's words, as the umpire hands them to the transport.
var words = post.Words(texts.DefaultCatalog, nil)
