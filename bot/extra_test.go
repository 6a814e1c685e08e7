package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"
	"umpire/bot/wire"

	"umpire/referee"
	"umpire/store"
)

// A flood of messages from one player leaves at most store.MaxExtra
// answers waiting for that chat: repeated help and refusals coalesce into
// the latest, which says how many it replaces, other answers past the cap
// are dropped and counted; a game's news queued meanwhile is kept and sent.
func TestFloodAnswersCapped(t *testing.T) {
	t.Parallel()
	w := newOpenWorld(t)
	chess, _ := referee.Lookup("chess")
	w.startGame(chess, "club")
	handle := func(in wire.Inbound) {
		t.Helper()
		if err := w.bot.Handle(context.Background(), in); err != nil {
			t.Fatal(err)
		}
	}
	w.tr.Reset()
	for range 100 {
		handle(w.tr.Private("eve", "help"))
		handle(w.tr.Private("eve", "games"))
		handle(w.tr.Private("eve", "frobnicate"))
	}
	for range 50 { // out of turn: refused, nothing logged, in private
		handle(w.tr.Group("club", "p1", "e5"))
	}
	handle(w.tr.Group("club", "p0", "e4"))
	waiting := 0
	rows, err := w.db.Pending(time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC), 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.To == store.Address(w.tr.Addr("eve")) {
			waiting++
		}
	}
	if waiting != store.MaxExtra {
		t.Errorf("%d rows wait for eve after 300 messages; want %d", waiting, store.MaxExtra)
	}
	// The help and the refusal take two places: the lists have the rest.
	if d, want := w.db.Dropped(), int64(100-(store.MaxExtra-2)); d != want {
		t.Errorf("Dropped() = %d; want the %d list answers past the cap", d, want)
	}
	if err := w.send.Drain(context.Background()); err != nil {
		t.Fatal(err)
	}
	if club := w.tr.To("club"); len(club) != 1 || !strings.Contains(club[0].Text, "e4") {
		t.Errorf("the club was told %q; want the move e4", textsOf(club))
	}
	p1 := w.tr.To("p1") // refused where p1 reads in private
	if len(p1) != 2 || !strings.Contains(p1[0].Text, "replaced by it: 49.") || !strings.HasPrefix(p1[1].Text, "Move 1, your turn.") {
		t.Errorf("p1 was told %q; want one refusal of e5 that replaces 49, then its turn", textsOf(p1))
	}
	replaced := 0
	for _, m := range w.tr.To("eve") {
		if strings.Contains(m.Text, "replaced by it: 99.") {
			replaced++
		}
	}
	if n := len(w.tr.To("eve")); n != store.MaxExtra || replaced != 2 {
		t.Errorf("eve got %d messages, %d saying they replace 99; want %d, the help and the refusal among them", n, replaced, store.MaxExtra)
	}
}
