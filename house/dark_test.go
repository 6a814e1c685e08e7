package house

import (
	"slices"
	"testing"

	"umpire/referee"
	"umpire/referee/board"
)

// TestDarkWorlds: after 1 e4 e5 2 Nf3, black cannot see e4, but its pawn
// on e5 cannot step there, so every world puts a white man on e4; none
// on d4 or f4, where the pawn could take and black would see it. Every
// world holds the white king and, black having lost nothing, all sixteen
// white men; the same view and seed give the same worlds.
func TestDarkWorlds(t *testing.T) {
	g := replay(t, "dark", "", acts("white e2e4", "black e7e5", "white g1f3"))
	v := g.View(referee.Black)
	s := read8(v, ruleSetRules(v))
	ws := darkWorlds(&s, 6, 1)
	e4, d4, f4 := board.Sq(4, 3), board.Sq(3, 3), board.Sq(5, 3)
	for i, w := range ws {
		if m := w.At(e4); m.Empty() || m.Army() != 0 {
			t.Errorf("world %d: nothing white on e4: %s", i, w.Placement())
		}
		if !w.At(d4).Empty() || !w.At(f4).Empty() {
			t.Errorf("world %d: a man where the e5 pawn would see it: %s", i, w.Placement())
		}
		n, kings := 0, 0
		for c := range board.Cell(64) {
			if m := w.At(c); !m.Empty() && m.Army() == 0 {
				n++
				if m.Kind() == board.King {
					kings++
				}
			}
		}
		if n != 16 || kings != 1 {
			t.Errorf("world %d: %d white men, %d kings: %s", i, n, kings, w.Placement())
		}
	}
	again := darkWorlds(&s, 6, 1)
	if !slices.EqualFunc(ws, again, func(a, b board.Position) bool { return a.Cells == b.Cells }) {
		t.Error("the same view and seed gave other worlds")
	}
	if got := ChooseAt(v, 1, Level3); len(got) == 0 || !isMove(got[0]) {
		t.Errorf("level 3 in dark chess: %q; want a move first", got)
	}
}
