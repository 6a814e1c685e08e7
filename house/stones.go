package house

import (
	"strings"

	"umpire/referee/board"
)

// Korona-2's stones, from level 2: once a monarch of the house has fallen
// and its stones are free (the view's Stones), it walls in the monarch it
// has left, on the empty cells around it, the mined stone among them, so
// that a man that takes one there is blown up with it. It places them on
// its first turn they are free, unless a capture is on the board.

// placeStones is the placement the house would make now ("S@c3,X@d4"),
// or "" for none.
func placeStones(s *sight) string {
	st := s.v.Stones
	if st == nil || st.Reserve == 0 {
		return ""
	}
	monarch := board.NoCell
	for c := range board.Cell(64) {
		if m := s.pos.At(c); !m.Empty() && m.Army() == s.us && crowned(s, c) {
			monarch = c
		}
	}
	if monarch == board.NoCell {
		return ""
	}
	var cells []board.Cell
	for _, n := range board.Standard.King[monarch] {
		if s.pos.At(n).Empty() && !s.unknown[n] && len(cells) < min(3, st.Reserve) {
			cells = append(cells, n)
		}
	}
	if len(cells) == 0 {
		return ""
	}
	var parts []string
	for i, c := range cells {
		kind := "S"
		// the mine goes first while the house still holds it; it must be
		// placed by the time the reserve is empty (korona.md 5.4)
		if st.Mine && i == 0 {
			kind = "X"
		}
		parts = append(parts, kind+"@"+board.Standard.CellName(c))
	}
	return strings.Join(parts, ",")
}
