package house

import (
	"testing"

	"umpire/referee/board"
)

// TestTablesKnownLengths: with the strong side to move every placement of
// king and queen, or king and rook, against a lone king is won, the
// longest in 10 moves (19 plies) and 16 moves (31 plies), the lengths
// every endgame table gives; and the lone king to move is mated at once
// in the corner.
func TestTablesKnownLengths(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		kind    board.Kind
		dirs    [][2]int
		longest int
	}{{board.Queen, queenDirs, 19}, {board.Rook, rookDirs, 31}} {
		tb := endTable(c.kind)
		most, drawn := 0, 0
		for k := range board.Cell(64) {
			for p := range board.Cell(64) {
				for e := range board.Cell(64) {
					if !valid(k, p, e) || slides(c.dirs, p, e, k) {
						continue
					}
					d := tb.strong[place(k, p, e)]
					if d == far {
						drawn++
						continue
					}
					most = max(most, int(d))
				}
			}
		}
		if drawn != 0 || most != c.longest {
			t.Errorf("%v: %d placements not won, the longest %d plies; want 0 and %d", c.kind, drawn, most, c.longest)
		}
	}
	sq := func(n string) board.Cell { c, _ := board.Standard.Lookup(n); return c }
	if d, ok := endTable(board.Rook).loneToMove(sq("c2"), sq("a8"), sq("a1")); !ok || d != 0 {
		t.Errorf("Kc2 Ra8 against Ka1: %d, %v; want mated", d, ok)
	}
	if _, ok := endTable(board.Queen).loneToMove(sq("c2"), sq("b3"), sq("a1")); ok {
		t.Error("Kc2 Qb3 against Ka1: a mate; want the stalemate")
	}
}
