package referee

import (
	"strings"

	"umpire/referee/board"
)

// View returns what s may know (kriegspiel.md §7). A seat sees its own men
// and '?' on every other square, the mark of its last lost man until it
// moves, what it heard since its previous accepted move (that move
// included) and its score sheet, the opponent's moves as "?" or "?x" and
// the square. A spectator (and any seat not at the table) sees no man and
// hears public announcements only. God sees everything, checking men
// included; after the end of the game every view is the god's view.
func (g *kriegspiel) View(s Seat) View {
	_, seated := armyOf(s)
	switch {
	case g.t.result != "" || s == God:
		return g.godView(s)
	case !seated:
		return g.spectatorView(s)
	}
	return g.seatView(s)
}

// viewOf fills what every view shares: the board and the state of play.
func (g *kriegspiel) viewOf(s Seat, b string) View {
	return View{
		Variant: "kriegspiel", Rules: g.rules.name, Seat: s, Bottom: bottom(s), Geometry: "8x8",
		Cells: cells(b), Board: b, Turn: g.t.turn(), Ply: len(g.t.moves),
		Result: g.t.result, Reason: g.t.reason,
	}
}

func (g *kriegspiel) seatView(s Seat) View {
	us, _ := armyOf(s)
	own := ownBoard(&g.t.pos, us)
	v := g.viewOf(s, seatBoard(&own))
	if sq := g.marks[s]; sq != "" {
		v.Marks = []string{sq}
	}
	v.LastMove = moveCells(g.j.lastMove(s))
	if g.t.pos.ToMove == us { // a check on its own king was announced to it
		v.InCheck, _ = kingMarks(&g.t.pos, "")
	}
	v.Said = g.j.heard(s)
	v.Sheet = g.j.sheet(s, g.hidden(s))
	return v
}

func (g *kriegspiel) spectatorView(s Seat) View {
	v := g.viewOf(s, seatBoard(nil))
	v.Said = g.sinceLastMove(s)
	v.Sheet = g.j.sheet(s, g.hidden(s))
	return v
}

func (g *kriegspiel) godView(s Seat) View {
	v := g.viewOf(s, g.t.godBoard())
	v.LastMove = moveCells(g.j.lastMove(""))
	v.Checks = checkers(&g.t.pos)
	v.InCheck, v.Mated = kingMarks(&g.t.pos, g.t.reason)
	v.Said = g.sinceLastMove(God)
	v.Sheet = g.j.sheet(God, nil)
	return v
}

// seatBoard writes an own board as a board string: the men on it, '?' on
// every other square. A nil board gives all '?'.
func seatBoard(own *board.Position) string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		for f := range 8 {
			ch := byte('?')
			if own != nil && !own.Cells[board.Sq(f, r)].Empty() {
				ch = own.Cells[board.Sq(f, r)].Letter()
			}
			b.WriteByte(ch)
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// sinceLastMove is what s heard since the last accepted move of either
// seat, that move included: the "last announcements" of a seat that does
// not move (God, a spectator).
func (g *kriegspiel) sinceLastMove(s Seat) []Announcement {
	return g.j.heardFrom(g.j.lastIndex(func(e entry) bool { return e.ruling.Move != "" }), s)
}

// hidden writes another seat's accepted move for viewer's score sheet:
// "?x" and the square of a capture (or en passant) the viewer heard, else
// "?".
func (g *kriegspiel) hidden(viewer Seat) func(entry) string {
	return func(e entry) string {
		for _, a := range For(e.ruling.Said, viewer) {
			if a.Code == "capture" || a.Code == "en-passant" {
				return "?x" + a.Str("square")
			}
		}
		return "?"
	}
}
