package bot_test

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
	"umpire/bot/wire"
	"umpire/internal/testkit"

	"umpire/bot"
	"umpire/referee"
)

// faultLog is a log handler that closes a channel the first time a line
// starting with each watched word says the database refused a write.
type faultLog struct {
	mu   sync.Mutex
	seen map[string]chan struct{}
}

func newFaultLog(words ...string) *faultLog {
	l := &faultLog{seen: map[string]chan struct{}{}}
	for _, w := range words {
		l.seen[w] = make(chan struct{})
	}
	return l
}

func (l *faultLog) Enabled(context.Context, slog.Level) bool { return true }
func (l *faultLog) WithAttrs([]slog.Attr) slog.Handler       { return l }
func (l *faultLog) WithGroup(string) slog.Handler            { return l }
func (l *faultLog) Handle(_ context.Context, r slog.Record) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	word, _, _ := strings.Cut(r.Message, ":")
	if ch, ok := l.seen[word]; ok && strings.Contains(r.Message, "refused a write") {
		delete(l.seen, word)
		close(ch)
	}
	return nil
}

// saw returns the channel closed once word's fault is logged.
func (l *faultLog) saw(word string) <-chan struct{} {
	l.mu.Lock()
	defer l.mu.Unlock()
	if ch, ok := l.seen[word]; ok {
		return ch
	}
	ch := make(chan struct{})
	close(ch)
	return ch
}

// TestDiskFull runs the bot while the disk refuses every write: a move
// that comes meanwhile is handled once writes work again, the row sent
// whose delete failed is not sent again, nothing is lost or doubled, and
// Run never stops.
func TestDiskFull(t *testing.T) {
	t.Parallel()
	if !testkit.InChild(t) {
		return
	}
	w := newWorld(t)
	logs := newFaultLog("handle", "send")
	var err error
	w.bot, err = bot.New(bot.Config{DB: w.db, Now: w.clock, Picture: fakePicture, Log: slog.New(logs),
		FaultBackoff: func(int) time.Duration { return time.Millisecond }})
	if err != nil {
		t.Fatal(err)
	}
	w.send = w.bot.Sender(w.tr)
	w.say("ann", "new chess white")
	w.say("bob", "join "+w.token(1, referee.Black))
	if err := w.bot.Handle(context.Background(), w.tr.Private("ann", "e4")); err != nil {
		t.Fatal(err) // its rows wait in the outbox
	}
	lift := testkit.LimitFiles(t, 8192) // the meta pages: every commit writes past them
	sent := make(chan wire.Message, 64)
	w.tr.Fail(func(m wire.Message) error { sent <- m; return nil })
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.bot.Run(ctx, w.tr) }()
	w.tr.Push(w.tr.Private("bob", "e5"))
	<-logs.saw("handle")
	<-logs.saw("send")
	if len(sent) == 0 {
		t.Fatal("nothing was sent while the disk was full: the row whose delete failed is not tested")
	}
	lift()
	for m := range sent { // until ann sees the turn come back after bob's e5
		if m.To == w.tr.Addr("ann") && m.Move == 2 {
			break
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Run = %v; want it to stay up", err)
	}
	w.tr.Fail(nil)
	w.flush()
	if g := w.game(1); len(g.Log) != 2 {
		t.Errorf("log %v; want e4 and e5, once each", g.Log)
	}
	keys := map[string]bool{}
	for _, m := range w.tr.Sent() {
		if keys[m.Key] {
			t.Errorf("sent twice: %q to %v", m.Text, m.To)
		}
		keys[m.Key] = true
	}
	if left := w.left(); len(left) != 0 {
		t.Errorf("left in the outbox: %v", left)
	}
}
