package referee

import (
	"umpire/referee/board"
	"umpire/referee/tri"
)

// san names a move on the three-player board in the SAN the triad reader
// takes (triad.md §6): the piece letter, the full from-cell when another
// man of the same army and kind could go to the same cell (and always for
// a pawn's capture), x for a capture, the full to-cell, "=Q" for a
// promotion. It adds no check mark: who is checked, and by whom, is the
// umpire's word in the comment. st is a copy: pseudo sets the side to move.
func (st triState) san(coord string) Written {
	var list []board.Move
	for s := range triSeats {
		list = st.pseudo(s, list)
	}
	m, ok := findCoord(tri.Geometry, list, coord)
	if !ok {
		return Written{Raw: coord}
	}
	if m.Flag == board.Castle {
		return sanMove(&st.pos, list, m)
	}
	p := &st.pos
	w := Written{Piece: p.At(m.From).Kind(), Capture: p.Captured(m) != board.NoCell, To: tri.Name(m.To), Promo: m.Promo}
	if w.Piece == board.Pawn && w.Capture || w.Piece != board.Pawn && hasRival(p, list, m) {
		w.From = tri.Name(m.From)
	}
	return w
}

// hasRival reports whether another man like m's could go to m's cell.
func hasRival(p *board.Position, list []board.Move, m board.Move) bool {
	for _, o := range list {
		if o.To == m.To && o.From != m.From && p.At(o.From) == p.At(m.From) && o.Flag != board.Castle {
			return true
		}
	}
	return false
}
