package bot_test

import (
	"context"
	"encoding/binary"
	"hash/fnv"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
	"umpire/bot/post"
	"umpire/bot/wire"

	"umpire/bot"
	"umpire/bot/bottest"
	"umpire/referee"
	"umpire/render"
	"umpire/store"
)

// world is a bot on a real store in a temporary directory, one in-memory
// transport, and a fake clock.
type world struct {
	t    testing.TB
	db   *store.DB
	bot  *bot.Bot
	tr   *bottest.Transport
	send *post.Sender
	now  time.Time
	// captions are the captions of every picture drawn, in order; the
	// sender's workers draw side by side, hence the lock.
	mu       sync.Mutex
	captions [][]string
}

func newWorld(t testing.TB) *world {
	t.Helper()
	w := &world{t: t, now: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	db, err := store.Open(filepath.Join(t.TempDir(), "umpire.db"), &store.Options{Now: w.clock})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	w.db = db
	// Tokens, salts and so the house's coin come from a source seeded by
	// the test's name: a run is the same every time.
	seed := fnv.New64a()
	seed.Write([]byte(t.Name()))
	var key [32]byte
	binary.LittleEndian.PutUint64(key[:], seed.Sum64())
	w.bot, err = bot.New(bot.Config{DB: db, Now: w.clock, Picture: w.picture, Replay: fakeReplay, Rand: &lockedRand{r: rand.NewChaCha8(key)}})
	if err != nil {
		t.Fatal(err)
	}
	w.tr = bottest.New("test")
	w.send = w.bot.Sender(w.tr)
	return w
}

func (w *world) clock() time.Time { return w.now }

// lockedRand is a seeded source of randomness the bot's goroutines may
// share.
type lockedRand struct {
	mu sync.Mutex
	r  *rand.ChaCha8
}

func (l *lockedRand) Read(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.r.Read(p)
}

// picture is fakePicture, keeping the caption.
func (w *world) picture(v referee.View, l post.Legend) ([]byte, error) {
	w.mu.Lock()
	w.captions = append(w.captions, l.Caption)
	w.mu.Unlock()
	return fakePicture(v, l)
}

// fakePicture stands for render in tests: a "picture" that is the view's
// board and seat, so that tests can tell pictures apart.
func fakePicture(v referee.View, _ post.Legend) ([]byte, error) {
	return []byte(string(v.Seat) + ":" + v.Board + ":" + v.Result), nil
}

// fakeReplay stands for render's GIF in tests: each frame's views, as
// "seat:board", frames a line apart, so that tests can tell what a replay
// showed.
func fakeReplay(frames []render.Frame) ([]byte, error) {
	var b strings.Builder
	b.WriteString("replay\n")
	for _, f := range frames {
		for _, v := range f.Views {
			b.WriteString(string(v.Seat) + ":" + v.Board + " ")
		}
		b.WriteString("\n")
	}
	return []byte(b.String()), nil
}

// do handles a message and sends what it queued.
func (w *world) do(in wire.Inbound) {
	w.t.Helper()
	if err := w.bot.Handle(context.Background(), in); err != nil {
		w.t.Fatalf("Handle(%q): %v", in.Text, err)
	}
	w.flush()
}

// flush sends every row due.
func (w *world) flush() {
	w.t.Helper()
	if _, err := w.send.Flush(context.Background()); err != nil {
		w.t.Fatalf("Flush: %v", err)
	}
}

// say is a private message from user.
func (w *world) say(user, text string) { w.t.Helper(); w.do(w.tr.Private(user, text)) }

// group is a message from user in a group chat.
func (w *world) group(chat, user, text string) { w.t.Helper(); w.do(w.tr.Group(chat, user, text)) }

// last is the text of the last message to id.
func (w *world) last(id string) string { return w.tr.Last(id).Text }

// fileNamed is the data of the first file of m whose name ends in ext.
func fileNamed(m wire.Message, ext string) []byte {
	for _, f := range m.Files {
		if strings.HasSuffix(f.Name, ext) {
			return f.Data
		}
	}
	return nil
}
