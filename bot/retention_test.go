package bot_test

import (
	"context"
	"testing"
	"time"

	"umpire/bot/bottest"
)

// TestPrune: the ids of messages handled are forgotten once their
// transport cannot deliver them again — a week for Telegram, thirty days
// for the others — and not before.
func TestPrune(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	tg := bottest.New("telegram")
	start := w.now
	tgHelp, help := tg.Private("ann", "help"), w.tr.Private("bob", "help")
	w.do(tgHelp)
	w.do(help)
	prune := func(after time.Duration, want int) {
		t.Helper()
		w.now = start.Add(after)
		if n, err := w.bot.Prune(); err != nil || n != want {
			t.Errorf("Prune after %v = %d, %v; want %d", after, n, err, want)
		}
	}
	prune(6*24*time.Hour, 0)
	before := len(w.tr.To("bob"))
	if err := w.bot.Handle(context.Background(), help); err != nil { // delivered again within its time
		t.Fatal(err)
	}
	w.flush()
	if len(w.tr.To("bob")) != before {
		t.Error("a message delivered again after 6 days was handled twice")
	}
	prune(7*24*time.Hour+time.Second, 1)
	prune(29*24*time.Hour, 0)
	prune(30*24*time.Hour+time.Second, 1)
	if n, err := w.db.SeenCount(); err != nil || n != 0 {
		t.Errorf("%d ids left, %v; want none", n, err)
	}
}
