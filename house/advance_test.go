package house

import (
	"testing"

	"umpire/referee/board"
)

// TestAdvancedPawns: level 3's material counts a pawn a step from its
// last rank as three pawns and one two steps off as one and a half, for
// either army; a pawn further back, and every pawn for a searcher without
// advanced, as one.
func TestAdvancedPawns(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		fen  string
		want int // for white to move, in tenths, with advanced
	}{
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", 30},
		{"4k3/8/P7/8/8/8/8/4K3 w - - 0 1", 15},
		{"4k3/8/8/P7/8/8/8/4K3 w - - 0 1", 10},
		{"4k3/8/8/8/8/8/p7/4K3 w - - 0 1", -30},
		{"4k3/8/8/8/8/p7/8/4K3 w - - 0 1", -15},
		{"4k3/8/8/8/8/8/P7/4K3 w - - 0 1", 10},
	} {
		p, err := board.ParseFEN(c.fen, board.ChessRules)
		if err != nil {
			t.Fatal(err)
		}
		plain, adv := &searcher{}, &searcher{advanced: true}
		if got := adv.material(&p); got != c.want {
			t.Errorf("%s: advanced %d, want %d", c.fen, got, c.want)
		}
		if got, want := plain.material(&p), 10*(c.want/abs(c.want)); got != want {
			t.Errorf("%s: plain %d, want %d", c.fen, got, want)
		}
	}
}
