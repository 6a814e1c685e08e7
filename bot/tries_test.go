package bot_test

import (
	"strings"
	"testing"

	"umpire/store"
)

// A seat's tries logged in one turn are capped: past the cap what it
// sends is refused, not logged, but resign still ends the game.
func TestTriesPerTurnCapped(t *testing.T) {
	t.Parallel()
	w, g := kriegspielAfterE4E5(t)
	tries := strings.TrimSuffix(strings.Repeat("e5, ", 64), ", ")
	for range 10 {
		w.say("w", tries)
	}
	g, err := w.db.Game(g.ID)
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

// Past the cap a legal move is still taken, and reaches the opponent: a
// flooder's turn ends when it moves (it was lost before: the game stood
// still). An attempt list is tried on a copy, and only its first legal
// move is played; a message with none is refused unlogged and unheard.
func TestMovePastTheTriesCap(t *testing.T) {
	t.Parallel()
	w, g := kriegspielAfterE4E5(t)
	tries := strings.TrimSuffix(strings.Repeat("e5, ", 64), ", ")
	for range 4 {
		w.say("w", tries)
	}
	w.tr.Reset()
	w.say("w", "e5, Ke3")
	if got := w.last("w"); !strings.Contains(got, "256") || len(w.tr.To("b")) != 0 {
		t.Fatalf("a list with no legal move past the cap: white told %q, black %d messages", got, len(w.tr.To("b")))
	}
	w.say("w", "e5, Qh5, Nf3")
	g, _ = w.db.Game(g.ID)
	if last := g.Log[len(g.Log)-1]; len(g.Log) != 2+256+1 || last.Text != "Qh5" {
		t.Fatalf("past the cap the log ends %q after %d entries; want the first legal move, Qh5, after 259", last.Text, len(g.Log))
	}
	if got := w.last("b"); !strings.Contains(got, "your turn") {
		t.Errorf("black, after white's move past the cap: %q", got)
	}
}

// kriegspielAfterE4E5 is a Kriegspiel game of w (White) and b (Black)
// after 1.e4 e5: White to move.
func kriegspielAfterE4E5(t *testing.T) (*world, *store.Game) {
	t.Helper()
	w := newOpenWorld(t)
	w.say("w", "new kriegspiel white")
	g, err := w.db.Game(w.latest("w"))
	if err != nil {
		t.Fatal(err)
	}
	w.say("b", "join "+g.Seats["black"].Token)
	w.say("w", "e4")
	w.say("b", "e5")
	return w, g
}
