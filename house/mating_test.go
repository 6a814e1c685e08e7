package house

import (
	"testing"

	"umpire/referee/board"
)

// TestDrawish: a lead counts only for a side with the men to mate.
func TestDrawish(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		fen       string
		sum, want int
	}{
		{"4k3/8/8/8/8/8/8/3NK3 w - - 0 1", 30, 0},     // a knight mates nobody
		{"4k3/8/8/8/8/8/8/2BNK3 w - - 0 1", 60, 60},   // bishop and knight may
		{"4k3/8/8/8/8/8/8/2NNK3 w - - 0 1", 60, 0},    // two knights do not
		{"4k3/8/8/8/8/8/P7/4K3 w - - 0 1", 10, 10},    // a pawn may queen
		{"4k3/7p/8/8/8/8/8/3NK3 w - - 0 1", 20, 0},    // ahead, but only a knight
		{"3rk3/8/8/8/8/8/8/3NK3 w - - 0 1", -20, -20}, // behind a rook: lost all the same
		{"3nk3/8/8/8/8/8/8/3RK3 b - - 0 1", -20, -20}, // black to move, white ahead with a rook
		{"3nk3/8/8/8/8/8/8/3BK3 b - - 0 1", 0, 0},
	} {
		p, err := board.ParseFEN(c.fen, board.ChessRules)
		if err != nil {
			t.Fatal(err)
		}
		if got := drawish(&p, c.sum); got != c.want {
			t.Errorf("%s: drawish(%d) = %d; want %d", c.fen, c.sum, got, c.want)
		}
	}
}
