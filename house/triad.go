package house

import (
	"slices"
	"strings"

	"umpire/referee"
	"umpire/referee/board"
	"umpire/referee/tri"
)

// triSeats are triad's seats in turn order; a seat's index is its army's.
var triSeats = []referee.Seat{referee.White, referee.Red, referee.Black}

// triRules are the generator rules of the three-player board, as the
// referee's; the referee judges castling, neutrality and partners.
var triRules = tri.Rules

// triad plays three-player chess, where nothing is hidden. Off its turn it
// only answers offers: it declines to serve (a Servant leaves the game)
// and accepts a Servant. On its turn, after a capture of its own, it
// offers to be the Lord of those it took from; then it moves: from level 2
// by the search of triad_search.go, at level 1 taking what it can and
// keeping its king safe.
func triad(v referee.View, seed uint64, l Level) []string {
	out := answers(v)
	if v.Turn != v.Seat {
		return out
	}
	pos := board.NewPosition(tri.Geometry, triRules)
	if tri.Parse(v.Board, &pos) != nil {
		return out
	}
	out = append(out, offers(v)...)
	if d := triDepth(l); d > 0 {
		s := &triSearcher{us: triIndex(v.Seat), budget: triNodes(l)}
		if moves := s.ranked(&pos, triStart(v, &pos), d, seed, v.Ply, triedThisTurn(v), backOf(v)); len(moves) > 0 {
			return append(out, moves...)
		}
	}
	return append(out, triMoves(v, &pos, seed)...)
}

// triMoves ranks the moves of every army the seat moves: its own and any
// whose Throne it holds.
func triMoves(v referee.View, pos *board.Position, seed uint64) []string {
	tried := triedThisTurn(v)
	var list []scored
	for _, a := range triArmies(v) {
		p := *pos
		p.ToMove = a
		moves := p.Legal(nil)
		if len(moves) == 0 {
			moves = p.Generate(nil)
		}
		for _, m := range moves {
			t := m.Coord(tri.Geometry)
			if !tried[t] {
				list = append(list, scored{t, triJudge(&p, m) + noise(seed, v.Ply, t)})
			}
		}
	}
	return best(list)
}

// triArmies are the armies the seat moves.
func triArmies(v referee.View) []board.Army {
	own := board.Army(triIndex(v.Seat))
	out := []board.Army{own}
	if v.Diplomacy != nil {
		for _, t := range v.Diplomacy.Thrones {
			if t.Holder == v.Seat {
				out = append(out, board.Army(triIndex(t.Army)))
			}
		}
	}
	return out
}

// triJudge scores a move: the man it takes, less the man it leaves where
// another army attacks it, a check, and a step forward.
func triJudge(p *board.Position, m board.Move) int {
	score := 0
	if c := p.Captured(m); c != board.NoCell {
		score += 10 * worth(p.At(c), p.At(c).Kind() == board.King)
	}
	moved := p.At(m.From)
	q := *p
	q.Apply(m)
	if q.Attacked(m.To, moved.Army()) {
		score -= 10 * worth(moved, false)
	}
	for a := range board.Army(3) {
		if k := q.King[a]; a != moved.Army() && k != board.NoCell && q.Attacked(k, a) {
			score += 15
		}
	}
	if moved.Kind() == board.Pawn {
		score += 2
	}
	return score
}

// answers are the seat's replies to offers made to it that it has not
// answered since its last move, and its `order pass` when it is a Lord of
// the seat to move and the other Lord's order waits on it.
func answers(v referee.View) []string {
	said := sinceOwnMove(v)
	var out []string
	if heldForUs(v) && !said[orderPass] {
		out, said[orderPass] = append(out, orderPass), true
	}
	for _, a := range v.Said {
		if a.Code != "vassal" || a.Str("event") != "offer" {
			continue
		}
		lord, servant := referee.Seat(a.Str("lord")), referee.Seat(a.Str("servant"))
		var text string
		switch {
		case servant == v.Seat && a.Str("by") == string(lord):
			text = "vassal decline " + string(lord)
		case lord == v.Seat && a.Str("by") == string(servant):
			text = "lord accept " + string(servant)
		}
		if text != "" && !said[text] {
			out, said[text] = append(out, text), true
		}
	}
	return out
}

// orderPass is a Lord's word that it will not order this turn.
const orderPass = "order pass"

// heldForUs reports whether another Lord's order is held for the seat to
// move while the house is a Lord of that seat too (triad.md 3.15): the
// order waits for the Servant's choice or for the house's `order pass`,
// and the house, which never orders, lets it be played at once.
func heldForUs(v referee.View) bool {
	if v.Diplomacy == nil || v.Turn == v.Seat || !slices.ContainsFunc(v.Diplomacy.Bonds, func(b referee.Bond) bool {
		return b.Servant == v.Turn && b.Lord == v.Seat
	}) {
		return false
	}
	held := false
	for _, a := range v.Said {
		if a.Code == "order-held" {
			held = referee.Seat(a.Str("servant")) == v.Turn && referee.Seat(a.Str("lord")) != v.Seat
		}
	}
	return held
}

// offers are the seat's offers to be the Lord of the seats it may have
// just taken a man of; the rules decide which of them stands.
func offers(v referee.View) []string {
	if !capturedLast(v) {
		return nil
	}
	said := sinceOwnMove(v)
	var out []string
	for _, s := range triSeats {
		if t := "vassal offer " + string(s); s != v.Seat && !said[t] {
			out = append(out, t)
		}
	}
	return out
}

// capturedLast reports whether the seat heard a capture on the cell its
// own last move went to.
func capturedLast(v referee.View) bool {
	if len(v.LastMove) < 2 {
		return false
	}
	for _, a := range v.Said {
		if a.Code == "capture" && a.Str("square") == v.LastMove[1] {
			return true
		}
	}
	return false
}

// sinceOwnMove lists what the seat sent since its own last move.
func sinceOwnMove(v referee.View) map[string]bool {
	out := map[string]bool{}
	for i := len(v.Sheet) - 1; i >= 0; i-- {
		l := v.Sheet[i]
		if l.Seat != v.Seat {
			continue
		}
		if l.Verdict == referee.Accepted && isMove(l.Text) {
			break
		}
		out[strings.ToLower(l.Text)] = true
	}
	return out
}

// triIndex is a seat's index in turn order, its army's number.
func triIndex(s referee.Seat) int {
	for i, t := range triSeats {
		if t == s {
			return i
		}
	}
	return 0
}
