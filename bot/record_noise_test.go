package bot_test

import (
	"strings"
	"testing"

	"umpire/referee"
)

// board and moves tell events once, in the order they happened: in
// three-player chess one's own move comes before the moves that
// followed it, and a refusal on the open board, answered when it was
// made, is not said again.
func TestBoardAndMovesInOrder(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	v, _ := referee.Lookup("triad")
	w.startGame(v, "table")
	w.say("p0", "we2we4")
	w.say("p0", "choose red") // refused at once: no order is held
	w.say("p1", "re2re4")
	w.say("p2", "be2be4")
	w.say("p0", "board")
	own, red, black := strings.Index(w.last("p0"), "You played we4."), strings.Index(w.last("p0"), "Red played re4."), strings.Index(w.last("p0"), "Black played be4.")
	if own < 0 || red < own || black < red {
		t.Errorf("board again, not in the order of the game:\n%s", w.last("p0"))
	}

	w = twoPlayer(t, "chess")
	w.say("ann", "e2e5")
	if s := w.last("ann"); !strings.Contains(s, "e2e5: no") {
		t.Fatalf("the impossible try was not answered: %q", s)
	}
	w.say("ann", "e2e4")
	w.say("bob", "e7e5")
	for _, cmd := range []string{"board", "moves"} {
		w.say("ann", cmd)
		if s := w.last("ann"); strings.Contains(s, "e2e5") || strings.Count(s, "You played e4.") != 1 {
			t.Errorf("%s says the refusal again, or the move twice:\n%s", cmd, s)
		}
	}
}
