package referee

import (
	"umpire/referee/board"
	"umpire/referee/tri"
)

// triState is what decides which moves are legal in triad (triad.md §2–3):
// the men, each seat's last capture (for the neutrality rule), who serves
// whom and the open declared-check windows. It is a value: copy it to try a
// move. Seats and armies are numbered alike, 0 white, 1 red, 2 black; a
// seat's king is pos.King[seat].
type triState struct {
	pos     board.Position
	lastCap [3]int8  // the seat whose man each seat's last move took; -1: none
	lords   [3]uint8 // bit l of lords[x]: seat l is a Lord of seat x
	win     [4]triWindow
	nwin    int
}

// triWindow is an open declared-check window (3.17–3.18): the relation of
// declarer and partner is suspended until the partner's first turn begins
// after the declarer's next move (moved).
type triWindow struct {
	declarer, partner int
	moved             bool
}

// triRules are the generator rules: castling is checked by the state, which
// knows which men are hostile.
var triRules = tri.Rules

const noSeat = -1

// newTriState sets up the start position.
func newTriState() triState {
	st := triState{pos: board.NewPosition(tri.Geometry, triRules), lastCap: [3]int8{-1, -1, -1}}
	tri.Setup(&st.pos)
	st.pos.Rights = 1<<len(triRules.Castlings) - 1
	return st
}

// hasKing reports whether seat s still has its king on the board.
func (st *triState) hasKing(s int) bool { return st.pos.King[s] != board.NoCell }

// throne is seat x's Throne, its king's start cell (3.6).
func throne(x int) board.Cell { return tri.Coord{T: x, R: 1, F: 5}.Cell() }

// controller is the seat that moves army a (2.1, 3.7): its own seat while
// its king is on the board, else the seat with a king whose own army holds
// a's Throne, else nobody (noSeat: a neutral army).
func (st *triState) controller(a int) int {
	if st.hasKing(a) {
		return a
	}
	if m := st.pos.Cells[throne(a)]; !m.Empty() {
		if y := int(m.Army()); y != a && st.hasKing(y) {
			return y
		}
	}
	return noSeat
}

// isLord reports whether l is a Lord of x, suspended or not.
func (st *triState) isLord(l, x int) bool { return st.lords[x]&(1<<l) != 0 }

// related reports whether x and y are Lord and Servant either way.
func (st *triState) related(x, y int) bool { return st.isLord(x, y) || st.isLord(y, x) }

// suspended reports whether a window between x and y is open.
func (st *triState) suspended(x, y int) bool {
	for _, w := range st.win[:st.nwin] {
		if (w.declarer == x && w.partner == y) || (w.declarer == y && w.partner == x) {
			return true
		}
	}
	return false
}

// partners reports whether x and y are neutral to each other as Lord and
// Servant now (3.12): related, and no window open between them.
func (st *triState) partners(x, y int) bool { return st.related(x, y) && !st.suspended(x, y) }

// hostile reports whether the men of army a are hostile to seat s (2.2).
func (st *triState) hostile(a, s int) bool {
	x := st.controller(a)
	return x != noSeat && x != s && !st.partners(x, s)
}

// hostileAttackers lists the cells of the men hostile to s that attack c.
func (st *triState) hostileAttackers(c board.Cell, s int) []board.Cell {
	if !st.pos.Attacked(c, board.Army(s)) {
		return nil
	}
	var out []board.Cell
	for _, at := range st.pos.Attackers(c, board.Army(s)) {
		if st.hostile(int(st.pos.Cells[at].Army()), s) {
			out = append(out, at)
		}
	}
	return out
}

// attackedBy reports whether a man hostile to s attacks c.
func (st *triState) attackedBy(c board.Cell, s int) bool {
	return len(st.hostileAttackers(c, s)) > 0
}

// inCheck reports whether seat s's king is attacked by a hostile man (2.3).
func (st *triState) inCheck(s int) bool {
	k := st.pos.King[s]
	return k != board.NoCell && st.attackedBy(k, s)
}

// mayTake reports whether seat a may capture a man of seat b now (3.1–3.3):
// a neutral army's men always, a partner's never, and otherwise as the
// neutrality rule says: b's last move took a man of a, or the third seat's
// last move did not take a man of b.
func (st *triState) mayTake(a, b int) bool {
	switch {
	case b == noSeat:
		return true
	case b == a || st.partners(a, b):
		return false
	}
	c := 3 - a - b
	return int(st.lastCap[b]) == a || !st.hasKing(c) || int(st.lastCap[c]) != b
}

// victim is the seat whose man a move takes (noSeat for a neutral man),
// and whether it takes one at all.
func (st *triState) victim(m board.Move) (int, bool) {
	c := st.pos.Captured(m)
	if c == board.NoCell {
		return noSeat, false
	}
	return st.controller(int(st.pos.Cells[c].Army())), true
}

// pseudo appends the moves by pattern of every army seat s controls.
func (st *triState) pseudo(s int, buf []board.Move) []board.Move {
	for a := 0; a < tri.Armies; a++ {
		if st.controller(a) == s {
			st.pos.ToMove = board.Army(a)
			buf = st.pos.Generate(buf)
		}
	}
	return buf
}

// Verdicts of judge on one pseudo-legal move.
const (
	triLegal   = iota
	triNeutral // forbidden only by the neutrality rule or a partner's neutrality
	triIllegal
)

// judge decides one pseudo-legal move of seat s (2.4). With the verdict
// triNeutral it returns the seat whose man may not be taken.
func (st *triState) judge(s int, m board.Move, ordered bool) (int, int) {
	b, takes := st.victim(m)
	if takes && b == s {
		return triIllegal, noSeat
	}
	if m.Flag == board.Castle && !st.castlingSafe(s, m) {
		return triIllegal, noSeat
	}
	next := *st
	next.move(s, m, ordered)
	if next.inCheck(s) {
		return triIllegal, noSeat
	}
	if takes && !st.mayTake(s, b) {
		return triNeutral, b
	}
	return triLegal, noSeat
}

// castlingSafe: the king is not in check and crosses no cell a hostile man
// attacks (1.13); the cell it lands on is judged after the move.
func (st *triState) castlingSafe(s int, m board.Move) bool {
	for _, c := range st.pos.Rules.Castlings[m.Castle].Pass {
		if st.attackedBy(c, s) {
			return false
		}
	}
	return true
}

// legal appends the legal moves of seat s to buf.
func (st *triState) legal(s int, buf []board.Move) []board.Move {
	start := len(buf)
	buf = st.pseudo(s, buf)
	out := buf[:start]
	for _, m := range buf[start:] {
		if v, _ := st.judge(s, m, false); v == triLegal {
			out = append(out, m)
		}
	}
	return out
}

// hasLegal reports whether seat s has a legal move.
func (st *triState) hasLegal(s int) bool {
	var buf [256]board.Move
	for _, m := range st.pseudo(s, buf[:0]) {
		if v, _ := st.judge(s, m, false); v == triLegal {
			return true
		}
	}
	return false
}

// move plays a move of seat s (for an order, of the Servant) on the state:
// the men, the mover's last capture, a king taken (its seat's relations
// end, 2.8) and a Servant freed by reaching his Lord's Throne with a man of
// his own army by his own move (3.20). The turn is the caller's business.
func (st *triState) move(s int, m board.Move, ordered bool) {
	b, takes := st.victim(m)
	taken := board.Man(0)
	if c := st.pos.Captured(m); c != board.NoCell {
		taken = st.pos.Cells[c]
	}
	army := int(st.pos.Cells[m.From].Army())
	st.pos.ToMove = board.Army(army)
	st.pos.Apply(m)
	st.lastCap[s] = -1
	if takes {
		st.lastCap[s] = int8(b)
	}
	if taken.Kind() == board.King {
		st.removeKing(int(taken.Army()))
	}
	if !ordered && army == s {
		st.freeByThrone(s, m.To)
	}
}

// freeByThrone ends the relation of Servant s with every Lord whose Throne
// a man of s's own army has just reached on cell to.
func (st *triState) freeByThrone(s int, to board.Cell) {
	for l := 0; l < tri.Armies; l++ {
		if st.isLord(l, s) && throne(l) == to {
			st.unbind(l, s)
		}
	}
}

// removeKing takes seat x's king off the board if it is still there, and
// ends every relation of x (2.8): its Servants are freed, its Lords lose it.
func (st *triState) removeKing(x int) {
	if k := st.pos.King[x]; k != board.NoCell && st.pos.Cells[k].Kind() == board.King {
		st.pos.Cells[k] = 0
	}
	st.pos.King[x] = board.NoCell
	for i, c := range st.pos.Rules.Castlings {
		if int(c.Army) == x {
			st.pos.Rights &^= 1 << i
		}
	}
	st.lastCap[x] = -1
	for y := 0; y < tri.Armies; y++ {
		st.unbind(x, y)
		st.unbind(y, x)
	}
}

// bind makes l a Lord of x.
func (st *triState) bind(l, x int) { st.lords[x] |= 1 << l }

// unbind ends any relation in which l is the Lord of x, and its windows.
func (st *triState) unbind(l, x int) {
	st.lords[x] &^= 1 << l
	st.dropWindows(func(w triWindow) bool {
		return (w.declarer == l && w.partner == x) || (w.declarer == x && w.partner == l)
	})
}

// openWindow opens a window of declarer d on partner p.
func (st *triState) openWindow(d, p int) {
	if st.nwin < len(st.win) {
		st.win[st.nwin] = triWindow{declarer: d, partner: p}
		st.nwin++
	}
}

// dropWindows removes the windows that drop reports.
func (st *triState) dropWindows(drop func(triWindow) bool) {
	n := 0
	for _, w := range st.win[:st.nwin] {
		if !drop(w) {
			st.win[n] = w
			n++
		}
	}
	st.nwin = n
}

// nextSeat is the first seat after s in turn order that has a king, or
// noSeat when none has.
func (st *triState) nextSeat(s int) int {
	for i := 1; i <= tri.Armies; i++ {
		if n := (s + i) % tri.Armies; st.hasKing(n) {
			return n
		}
	}
	return noSeat
}
