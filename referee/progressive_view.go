package referee

import "umpire/referee/board"

// View shows a seat the whole board with every growing pawn as P, its own
// growing pawn with piece and turns left, and an exposed enemy one likewise
// (progressive.md 7.1). Checks are public.
func (g *progressive) View(s Seat) View {
	b := g.Board()
	v := View{
		Variant: "progressive", Seat: s, Bottom: bottom(s), Geometry: "8x8",
		Cells: cells(b), Board: b, Turn: g.t.turn(), Ply: g.turns,
		Result: g.t.result, Reason: g.t.reason,
		Checks: checkers(&g.t.pos),
		Said:   g.j.heard(s), Sheet: g.j.sheet(s, nil),
		Secrets: g.secrets(s),
	}
	v.LastMove, v.Seen = openLastMoves(&g.j, s, moveCells, onBoard)
	v.InCheck, v.Mated = kingMarks(&g.t.pos, g.t.reason)
	if us, ok := armyOf(s); ok && g.t.result == "" && g.owes(us) {
		v.Grow = growKinds
	}
	return v
}

// growKinds are what a pawn may grow into, in the order of the choice
// (progressive.md 3.2).
var growKinds = []board.Kind{board.Knight, board.Bishop, board.Rook, board.Queen}

// secrets lists the growing pawns seat s knows: its own, and the enemy's
// once exposed; God knows both.
func (g *progressive) secrets(s Seat) []Secret {
	var out []Secret
	for a, gr := range g.grow {
		if gr == nil || !knowsNote(&g.notes, gr.note, s) {
			continue
		}
		out = append(out, Secret{
			Seat: seatOf(board.Army(a)), Kind: "growing", Cell: g.t.pos.Geo.CellName(gr.cell),
			Value: string(gr.piece.Letter()), Left: growTurns[gr.piece] - gr.count, Opened: g.notes.isOpen(gr.note),
		})
	}
	return out
}
