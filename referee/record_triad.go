package referee

import (
	"strings"

	"umpire/referee/board"
	"umpire/referee/tri"
)

// san names a move on the three-player board in the SAN the triad reader
// takes (triad.md §6): the piece letter, the full from-cell when another
// man of the same army and kind could go to the same cell (and always for
// a pawn's capture), x for a capture, the full to-cell, "=Q" for a
// promotion. It adds no check mark: who is checked, and by whom, is the
// umpire's word in the comment.
func (g *triad) san(coord string) string {
	st := g.st // pseudo sets the side to move: work on a copy
	var list []board.Move
	for s := range triSeats {
		list = st.pseudo(s, list)
	}
	m, ok := findCoord(tri.Geometry, list, coord)
	if !ok {
		return ""
	}
	if m.Flag == board.Castle {
		return sanMove(&st.pos, list, m)
	}
	p := &st.pos
	man := p.At(m.From)
	capture := p.Captured(m) != board.NoCell
	var b strings.Builder
	if man.Kind() != board.Pawn {
		b.WriteByte(man.Kind().Letter())
	}
	if man.Kind() == board.Pawn && capture || man.Kind() != board.Pawn && hasRival(p, list, m) {
		b.WriteString(tri.Name(m.From))
	}
	if capture {
		b.WriteByte('x')
	}
	b.WriteString(tri.Name(m.To))
	if m.Promo != board.NoKind {
		b.WriteString("=" + string(m.Promo.Letter()))
	}
	return b.String()
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
