package referee

import (
	"strings"

	"umpire/referee/board"
)

// visible works out, afresh from the current position, the squares seat s
// sees (dark.md 2.1): those of its men and those its men could move to now.
// Only the seat to move has an en passant right (2.4); when it can take en
// passant, the pawn it may take is visible too (2.1c). In `nielsen` a man
// also sees the squares it attacks, so a pawn sees both forward diagonals
// (5.1). A view has no memory (2.5).
func (g *dark) visible(s Seat) [board.MaxCells]bool { return g.visibleIn(g.t.pos, s) }

// visibleIn is visible in position q.
func (g *dark) visibleIn(q board.Position, s Seat) (vis [board.MaxCells]bool) {
	a, ok := armyOf(s)
	if !ok {
		return vis
	}
	if q.ToMove != a {
		q.ToMove, q.EP, q.EPVictim = a, board.NoCell, board.NoCell
	}
	for c := range q.Geo.Len() {
		m := q.Cells[c]
		if m.Empty() || m.Army() != a {
			continue
		}
		vis[c] = true
		if g.rules == darkNielsen && m.Kind() == board.Pawn {
			for _, to := range q.Geo.PawnCapture[a][c] {
				vis[to] = true
			}
		}
	}
	for _, m := range q.Generate(nil) {
		vis[m.To] = true
		if m.Flag == board.EnPassant {
			vis[q.EPVictim] = true
		}
	}
	return vis
}

// seatBoard is the board string of seat s: a man's letter or '.' on the
// squares it sees, '?' on every other (dark.md 2.2).
func (g *dark) seatBoard(s Seat) string {
	vis := g.visible(s)
	god := []byte(g.t.godBoard())
	for i, ch := range god {
		if ch == '/' {
			continue
		}
		c := board.Sq(i%9, 7-i/9)
		if !vis[c] {
			god[i] = '?'
		}
	}
	return string(god)
}

// darkFogBoard is a board string with every square unknown: the spectators'
// board until the game ends (dark.md 3.6).
func darkFogBoard() string {
	return strings.TrimSuffix(strings.Repeat("????????/", 8), "/")
}

// marks returns the square where seat s last heard `vanished`, kept until
// its next move is accepted (dark.md 3.3).
func (g *dark) marks(s Seat) []string {
	for i := len(g.j.entries) - 1; i >= 0; i-- { // from the end: the last one counts
		e := g.j.entries[i]
		for k := len(e.ruling.Said) - 1; k >= 0; k-- {
			if a := e.ruling.Said[k]; a.Code == "vanished" && Hears(a.To, s) {
				return []string{a.Str("square")}
			}
		}
		if e.action.Seat == s && e.ruling.Move != "" {
			return nil
		}
	}
	return nil
}

// View returns what seat s may know (dark.md §2, §3). A seat sees its own
// view, its mark, what it heard since its last move, and a score sheet with
// its own tries in full and each opponent move as "?". Spectators see no
// man and hear only public news. Once the game is over the fog is lifted:
// every view shows the god's board and the whole score sheet, with no
// marks. The god's view always shows everything.
func (g *dark) View(s Seat) View {
	v := View{
		Variant: "dark", Rules: g.rules, Seat: s, Bottom: bottom(s), Geometry: "8x8",
		Turn: g.t.turn(), Ply: len(g.t.moves), Result: g.t.result, Reason: g.t.reason,
		Said: g.j.heard(s),
	}
	_, seated := armyOf(s)
	switch {
	case s == God || g.t.result != "":
		v.Board = g.t.godBoard()
		v.Sheet = g.j.sheet(God, nil)
		v.LastMove = moveCells(g.j.lastMove(""))
	case seated:
		v.Board = g.seatBoard(s)
		v.Marks = g.marks(s)
		v.LastMove = moveCells(g.j.lastMove(s))
		v.Seen, v.Taken = g.seen(s)
		v.Sheet = g.j.sheet(s, darkHiddenMove)
	default:
		v.Board = darkFogBoard()
		v.Sheet = g.j.sheet(s, darkHiddenMove)
	}
	v.Cells = cells(v.Board)
	return v
}

// darkHiddenMove is an opponent's move on a dark score sheet: only the fact that
// a move was made (dark.md 3.4).
func darkHiddenMove(entry) string { return "?" }

// seen is what seat s saw of the other side's last move, while that move
// is the last one: the squares that changed among those s saw both before
// and after it, and, when one of them held a man of s, that man and the
// man that stands there now (0 for none: en passant). Both boards are the
// seat's own views, so nothing hidden leaks (dark.md 2.5 keeps no memory;
// this only compares two of the seat's views). A capture on a square s no
// longer sees stays `vanished` (3.2).
func (g *dark) seen(s Seat) ([]string, *Taken) {
	us, _ := armyOf(s)
	if g.before == nil || g.t.turn() != s {
		return nil, nil
	}
	was, is := g.visibleIn(*g.before, s), g.visible(s)
	var cells []string
	var taken *Taken
	for c := range board.Cell(g.t.pos.Geo.Len()) {
		old, now := g.before.Cells[c], g.t.pos.Cells[c]
		if !was[c] || !is[c] || old == now {
			continue
		}
		cells = append(cells, g.t.pos.Geo.CellName(c))
		if !old.Empty() && old.Army() == us {
			taken = &Taken{Cell: g.t.pos.Geo.CellName(c), Man: old.Letter()}
			if !now.Empty() {
				taken.By = now.Letter()
			}
		}
	}
	return cells, taken
}
