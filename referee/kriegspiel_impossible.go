package referee

import (
	"slices"

	"umpire/referee/board"
)

// The impossible class of kriegspiel.md §3. A try is judged on the trying
// seat's own board (its men and castling rights only: ownBoard) and on what
// the umpire told it this turn, never on a man it cannot see.
//
// I1–I6 depend on the own board alone; they sort the readings of a move
// text (§6.3): possibleTries. I7–I10 depend on the turn's announcements and
// rebuffs: ruledOut.

// possibleTries keeps the tries of a move text that the own board does not
// rule out by I1–I6, without duplicates. A king's move from its castling
// square to its castling target is made a castling try, as O-O is.
func possibleTries(own *board.Position, us board.Army, tries []Try) []Try {
	var out []Try
	for _, t := range tries {
		if i := castlingOf(own, us, t); i >= 0 {
			t.Castle = 1
			if own.Rules.Castlings[i].Long {
				t.Castle = 2
			}
		}
		if !slices.Contains(out, t) && fitsOwnBoard(own, us, t) {
			out = append(out, t)
		}
	}
	return out
}

// castlingOf returns the index of the castling of us that a try names, or
// -1: a castling reading, or the king's move from the castling's start to
// its target.
func castlingOf(own *board.Position, us board.Army, t Try) int {
	for i, c := range own.Rules.Castlings {
		if c.Army != us || c.Monarch != t.From || c.MonarchTo != t.To {
			continue
		}
		if t.Castle != 0 && c.Long == (t.Castle == 2) {
			return i
		}
		if t.Castle == 0 && own.Cells[t.From] == board.NewMan(us, board.King) {
			return i
		}
	}
	return -1
}

// fitsOwnBoard reports whether a try passes I1–I6.
func fitsOwnBoard(own *board.Position, us board.Army, t Try) bool {
	return ownBoardBars(own, us, t) == ""
}

// ownBoardBars is the reason the own board rules a try out by I1–I6, or
// "" when it allows it.
func ownBoardBars(own *board.Position, us board.Army, t Try) string {
	if t.Castle != 0 {
		return castlingBars(own, us, t)
	}
	m := own.Cells[t.From]
	switch {
	case m.Empty() || m.Army() != us:
		return ReasonNoMan // I1
	case !own.Cells[t.To].Empty():
		return ReasonOwnTarget // I2: the own board holds only own men
	case !patternFits(own, us, t.From, t.To):
		if empty := alone(own, t.From); !patternFits(&empty, us, t.From, t.To) {
			return ReasonPattern // I3
		}
		return ReasonBlocked // I4
	}
	promotes := m.Kind() == board.Pawn && own.Geo.Promotes[us][t.To]
	if promotes && !slices.Contains(own.Rules.Promotions, t.Promo) || !promotes && t.Promo != board.NoKind {
		return ReasonPromotion // I5
	}
	return ""
}

// alone is the own board with only the man on from: the empty board of I3.
// A value, not a pointer to one, so that it stays off the heap.
func alone(own *board.Position, from board.Cell) board.Position {
	p := board.NewPosition(own.Geo, own.Rules)
	p.Cells[from] = own.Cells[from]
	return p
}

// castlingBars is the reason a castling try fails I1 (the king is there),
// I4 (no own man between), I5 (no piece named) or I6 (the right, and the
// rook on its square), or "".
func castlingBars(own *board.Position, us board.Army, t Try) string {
	i := castlingOf(own, us, t)
	switch {
	case t.Promo != board.NoKind:
		return ReasonPromotion
	case i < 0 || own.Rights&(1<<i) == 0:
		return ReasonCastling
	}
	c := &own.Rules.Castlings[i]
	if own.Cells[c.Monarch] != board.NewMan(us, board.King) || own.Cells[c.Rook] != board.NewMan(us, board.Rook) {
		return ReasonCastling
	}
	for _, e := range c.Empty {
		if !own.Cells[e].Empty() {
			return ReasonBlocked
		}
	}
	return ""
}

// patternFits reports whether the man on from reaches to by its move
// pattern on an empty board (I3) without passing a man of its own (I4).
func patternFits(own *board.Position, us board.Army, from, to board.Cell) bool {
	g, k := own.Geo, own.Cells[from].Kind()
	if k != board.Pawn {
		return k.Slides(true) && slideFits(own, g.Orth[from], to) ||
			k.Slides(false) && slideFits(own, g.Diag[from], to) ||
			k.Steps() && slices.Contains(g.King[from], to) ||
			k.Leaps() && slices.Contains(g.Knight[from], to)
	}
	switch to {
	case g.PawnPush[us][from]:
		return true
	case g.PawnDouble[us][from]:
		return own.Cells[g.PawnPush[us][from]].Empty()
	}
	return slices.Contains(g.PawnCapture[us][from], to)
}

// slideFits reports whether one of the rays reaches to before any man of
// the own board.
func slideFits(own *board.Position, rays []board.Ray, to board.Cell) bool {
	for _, ray := range rays {
		for _, at := range ray {
			if at == to {
				return true
			}
			if !own.Cells[at].Empty() {
				break
			}
		}
	}
	return false
}

// isPawnCapture reports whether a try is a pawn capture: a pawn of the
// seat stepping one square diagonally forward.
func isPawnCapture(own *board.Position, t Try) bool {
	us := own.ToMove
	return t.Castle == 0 && own.Cells[t.From] == board.NewMan(us, board.Pawn) &&
		slices.Contains(own.Geo.PawnCapture[us][t.From], t.To)
}

// ruledOut is the reason what the seat was told or tried this turn rules
// out a try that its own board allows, or "": I7 (a repeat of an illegal
// try), english's Any? duty (after yes, a pawn capture first), I8 (a
// pawn capture the pawn information excludes) and I9 (rand: not an answer
// to the announced check).
func (g *kriegspiel) ruledOut(own *board.Position, t Try) string {
	k := &g.now
	switch {
	case slices.Contains(k.rebuffed, t):
		return ReasonTried
	case k.duty && !isPawnCapture(own, t):
		return ReasonPawnDuty
	case k.limited && isPawnCapture(own, t) && !slices.Contains(k.capturers, t.From):
		if len(k.capturers) == 0 {
			return ReasonNoPawnCapture
		}
		return ReasonNotTrySquare
	case g.rules.checkLines && len(k.checks) > 0 && !answersCheck(own, t, k.checks):
		return ReasonCheckLine
	}
	return ""
}

// answersCheck reports whether a try could answer the announced checks
// (I9): a king move (not castling); in single check also a move onto the
// check line, or a pawn capture whose en passant victim would stand on it.
func answersCheck(own *board.Position, t Try, checks []string) bool {
	king := own.King[own.ToMove]
	switch {
	case t.Castle != 0:
		return false
	case t.From == king:
		return true
	case len(checks) > 1 || king == board.NoCell:
		return false
	}
	line := checkLine(own, king, checks[0])
	if slices.Contains(line, t.To) {
		return true
	}
	behind := board.Sq(board.FileOf(t.To), board.RankOf(t.From))
	return isPawnCapture(own, t) && slices.Contains(line, behind)
}

// checkLine lists the cells a check in a direction may come from, as the
// seat can know them: along the line from the king both ways up to (not
// including) the first own man; for a knight check, the knight cells
// around the king.
func checkLine(own *board.Position, king board.Cell, dir string) []board.Cell {
	if dir == "knight" {
		return own.Geo.Knight[king]
	}
	f, r := board.FileOf(king), board.RankOf(king)
	var steps [2][2]int
	switch dir {
	case "rank":
		steps = [2][2]int{{1, 0}, {-1, 0}}
	case "file":
		steps = [2][2]int{{0, 1}, {0, -1}}
	default:
		upLong := 8-abs(f-r) > 8-abs(f+r-7) // the a1–h8 diagonal is the longer one
		if (dir == "long-diagonal") == upLong {
			steps = [2][2]int{{1, 1}, {-1, -1}}
		} else {
			steps = [2][2]int{{1, -1}, {-1, 1}}
		}
	}
	var out []board.Cell
	for _, d := range steps {
		for x, y := f+d[0], r+d[1]; x >= 0 && x < 8 && y >= 0 && y < 8; x, y = x+d[0], y+d[1] {
			c := board.Sq(x, y)
			if !own.Cells[c].Empty() {
				break
			}
			out = append(out, c)
		}
	}
	return out
}
