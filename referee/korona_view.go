package referee

import (
	"strings"

	"umpire/referee/board"
)

// View shows a seat the whole board, its own crown and mine, and every
// opened note (korona.md 7.1). An enemy mine looks like any stone until its
// note is opened; spectators see every stone as S until then.
func (g *korona) View(s Seat) View {
	b := g.seatBoard(s)
	v := View{
		Variant: g.kind.key, Seat: s, Bottom: bottom(s), Geometry: "8x8",
		Cells: cells(b), Board: b, Turn: g.t.turn(), Ply: g.turns,
		Result: g.t.result, Reason: g.t.reason,
		Said: g.j.heard(s), Sheet: g.j.sheet(s, nil),
		Secrets: g.secrets(s), Stones: g.stones(s),
	}
	v.LastMove, v.Seen = openLastMoves(&g.j, s, moveCells, onBoard)
	return v
}

// stones is what seat s may place of its stones, nil when nothing (see
// View.Stones): all of it the seat's own knowledge — its fallen monarch is
// public, its reserve counts the stones it placed, its mine is its own.
func (g *korona) stones(s Seat) *Stones {
	a, ok := armyOf(s)
	if !ok || !g.kind.stones || !g.fallen[a] || g.reserve[a] == 0 || g.t.result != "" {
		return nil
	}
	moved := false
	for _, e := range g.j.entries[g.fellAt[a]+1:] {
		moved = moved || e.action.Seat == s && e.ruling.Move != ""
	}
	return &Stones{Reserve: g.reserve[a], Mine: !g.mined[a], New: !moved}
}

// onBoard reports whether a korona move moves a man: stone placements
// ("S@d4") are not tinted.
func onBoard(move string) bool { return !strings.Contains(move, "@") }

// knows reports whether seat s may read note i: its own, an opened one,
// and everything for God.
func knowsNote(ns *sealBook, i int, s Seat) bool {
	return i >= 0 && (s == God || ns.list[i].seat == s || ns.list[i].opened)
}

// seatBoard is the board string seat s sees: the god's board with every
// mine it may not know written as a plain stone.
func (g *korona) seatBoard(s Seat) string {
	b := []byte(g.t.godBoard())
	for a := range 2 {
		if s == God || seatOf(board.Army(a)) == s || g.notes.isOpen(g.mine[a]) {
			continue
		}
		mine, plain := board.NewMan(board.Army(a), board.Mine).Letter(), board.NewMan(board.Army(a), board.Stone).Letter()
		for i, ch := range b {
			if ch == mine {
				b[i] = plain
			}
		}
	}
	return string(b)
}

// secrets lists the crowns and mines seat s knows. A crown's cell is where
// its holder stands, "" once it is taken.
func (g *korona) secrets(s Seat) []Secret {
	var out []Secret
	for a := range 2 {
		if i := g.crown[a]; knowsNote(&g.notes, i, s) {
			x := g.notes.list[i]
			out = append(out, Secret{Seat: x.seat, Kind: "crown", Value: x.secret, Opened: x.opened,
				Cell: cellName(g.monarchCell(board.Army(a), g.holder[a]))})
		}
	}
	for a := range 2 {
		i := g.mine[a]
		if !knowsNote(&g.notes, i, s) {
			continue
		}
		x := g.notes.list[i]
		for _, item := range strings.Split(x.secret, ",") {
			if sq, ok := strings.CutPrefix(item, "X@"); ok {
				out = append(out, Secret{Seat: x.seat, Kind: "mine", Cell: sq, Value: "X", Opened: x.opened})
			}
		}
	}
	return out
}

// cellName names an 8×8 cell, "" for NoCell.
func cellName(c board.Cell) string {
	if c == board.NoCell {
		return ""
	}
	return board.Standard.CellName(c)
}
