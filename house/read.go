package house

import (
	"umpire/referee"
	"umpire/referee/board"
)

// sight is what the house reads from an 8×8 view: its army, a position
// with its own men and the enemy men it can see, and the cells it cannot.
type sight struct {
	v       referee.View
	us      board.Army
	pos     board.Position
	unknown [64]bool
	fog     bool // some cell is unseen
}

// armyOf numbers a seat as the board does: white 0, then the turn order.
func armyOf(s referee.Seat) board.Army {
	switch s {
	case referee.Black:
		return 1
	case referee.Red:
		return 1
	}
	return 0
}

// read8 reads an 8×8 view under the generator rules r. Castling rights are
// assumed wherever monarch and rook stand on their first cells; the referee
// has the last word.
func read8(v referee.View, r *board.Rules) sight {
	s := sight{v: v, us: armyOf(v.Seat), pos: board.NewPosition(board.Standard, r)}
	for c := 0; c < 64 && c < len(v.Cells); c++ {
		ch := v.Cells[c]
		switch {
		case ch == '?':
			s.unknown[c], s.fog = true, true
		case ch >= 'A' && ch <= 'Z':
			s.pos.Put(board.Cell(c), board.NewMan(0, board.KindOf(ch)))
		case ch >= 'a' && ch <= 'z':
			s.pos.Put(board.Cell(c), board.NewMan(1, board.KindOf(ch-'a'+'A')))
		}
	}
	s.pos.ToMove = s.us
	s.pos.EP, s.pos.EPVictim = board.NoCell, board.NoCell
	for i, c := range r.Castlings {
		m, rk := s.pos.At(c.Monarch), s.pos.At(c.Rook)
		if !m.Empty() && m.Army() == c.Army && !rk.Empty() && rk.Army() == c.Army && rk.Kind() == board.Rook {
			s.pos.Rights |= 1 << i
		}
	}
	return s
}

// triedThisTurn lists the seat's own tries since its last accepted move:
// the texts the house must not send again this turn.
func triedThisTurn(v referee.View) map[string]bool {
	tried := map[string]bool{}
	for _, l := range thisTurn(v) {
		tried[l.Text] = true
	}
	return tried
}

// thisTurn is the seat's lines of the score sheet since its last accepted
// move.
func thisTurn(v referee.View) []referee.SheetLine {
	i := len(v.Sheet)
	for i > 0 && v.Sheet[i-1].Seat == v.Seat && !(v.Sheet[i-1].Verdict == referee.Accepted && isMove(v.Sheet[i-1].Text)) {
		i--
	}
	return v.Sheet[i:]
}

// isMove tells a move text from the house's other actions (crown, grow,
// offers, which never use the turn's tries).
func isMove(text string) bool {
	if text == askAny {
		return false
	}
	for _, c := range text {
		if c == ' ' {
			return false
		}
	}
	return true
}
