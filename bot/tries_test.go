package bot_test

import (
	"strings"
	"testing"

	"umpire/store"
)

// A seat's tries logged in one turn are capped: past the cap what it
// sends is refused, not logged, but resign still ends the game.
func TestTriesPerTurnCapped(t *testing.T) {
	w := newOpenWorld(t)
	w.say("w", "new kriegspiel white")
	g, err := w.db.Game(w.latest("w"))
	if err != nil {
		t.Fatal(err)
	}
	w.say("b", "join "+g.Seats["black"].Token)
	w.say("w", "e4")
	w.say("b", "e5")
	tries := strings.TrimSuffix(strings.Repeat("e5, ", 64), ", ")
	for range 10 {
		w.say("w", tries)
	}
	g, err = w.db.Game(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(g.Log); n != 2+256 {
		t.Fatalf("after 640 tries the log holds %d; want the 2 moves and 256 tries", n)
	}
	if got := w.last("w"); !strings.Contains(got, "256") {
		t.Errorf("past the cap white was told %q; want the cap named", got)
	}
	w.say("w", "resign")
	if g, _ = w.db.Game(g.ID); g.State != store.StateOver {
		t.Errorf("resign past the cap: state %s; want over", g.State)
	}
}
