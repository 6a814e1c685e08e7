package house

import (
	"sort"

	"umpire/referee"
	"umpire/referee/board"
)

// The hunt: a Kriegspiel seat whose enemy has nothing left but its king
// knows, from kingTrack, every cell the king may stand on. Each move of
// its own is judged against all of them at once: how often it mates,
// whether it could stalemate (a draw thrown away: never, while another
// move will do), how many cells the king could flee to after it, and
// whether it leaves a man the king could take. Without a queen or a
// rook (hunt_meta.go hunts with them), level 3 looks one move further for
// the most promising moves: the best the seat could do next from where
// the king could go. From level 2 the hunt shuns the draws of
// draws.go too: no knight or bishop made of a pawn, a pawn moved before
// fifty quiet moves run out.

// outcome is what one move does against every cell the king may be on.
type outcome struct {
	legal, mates, stalemates, hanging int
	region                            cellSet // where the king may flee
	// fatal counts the cells where the king may take a man without which
	// the seat has nothing left to mate with (canMate).
	fatal int
	// blockable counts the mates whose every check comes from afar along
	// a line, where another enemy man, were one there, would stand pinned
	// in between: a stalemate then, if it could not move.
	blockable int
}

// against judges move m on the board p of the seat's men against the
// king's cells k.
func against(p *board.Position, us board.Army, m board.Move, k cellSet) outcome {
	q := *p
	q.Apply(m)
	var o outcome
	for c := range board.Cell(64) {
		if !k.Has(c) || !legalAgainst(p, us, m, c) {
			continue
		}
		o.legal++
		escapes := 0
		for _, n := range board.Standard.King[c] {
			man := q.At(n)
			if !man.Empty() && man.Army() != us || q.Attacked(n, us^1) {
				continue
			}
			escapes++
			o.region.Set(n)
			if !man.Empty() {
				o.hanging += worth(man, false)
				r := q
				r.Put(n, board.Man(0))
				if !canMate(&r, us) {
					o.fatal++
				}
			}
		}
		if escapes == 0 {
			if q.Attacked(c, us^1) {
				o.mates++
				if !surely(&q, c, us) {
					o.blockable++
				}
			} else {
				o.stalemates++
			}
		}
	}
	return o
}

// legalAgainst reports whether m would be legal with the enemy king on c:
// not onto it, not through it, and the seat's king not next to it.
func legalAgainst(p *board.Position, us board.Army, m board.Move, c board.Cell) bool {
	if m.To == c {
		return false
	}
	for _, x := range between(m.From, m.To) {
		if x == c {
			return false
		}
	}
	if p.At(m.From).Kind() == board.King {
		for _, n := range board.Standard.King[c] {
			if n == m.To {
				return false
			}
		}
	}
	return true
}

// score ranks an outcome: a sure mate first, then the chance of mate,
// never a stalemate, a small region, nothing to take.
func (o outcome) score() int {
	if o.legal == 0 {
		return -1 << 30 // illegal wherever the king is: a try that tells little
	}
	return o.sure() - 40*o.region.Len()
}

// sure is the part of an outcome's score the tables do not see, the seat's
// other men on the board: a mate now, a stalemate risked, a man left to
// the king, by its worth, and far more when it is the last that mates (a
// lone pawn, the queen it becomes, a bishop beside a knight), weighed as
// the hunt with a queen or rook weighs that queen or rook (metaLost).
// Weighed by its worth alone, from 300 random starts (english rules,
// fifty moves from the last capture or pawn move, the king stepping at
// random and taking what it finds), a king and pawn mated 72 times of 100
// and lost the pawn or its queen 15 times; weighed so, 80 and 6 (two pawns
// 96 and 97, a bishop and pawn 84 and 87, a knight and pawn 89 and 91).
func (o outcome) sure() int {
	s := 100000 * o.mates / o.legal
	if o.stalemates > 0 {
		s -= 1 << 24
	}
	return s - 30*o.hanging*10/o.legal - metaLost*o.fatal/o.legal
}

// hunt ranks the seat's moves against a lone king, best first, leaving
// out those tried this turn.
func hunt(s *sight, k kingTrack, seed uint64, l Level, tried map[string]bool) []string {
	p := s.pos
	p.ToMove = s.us
	moves := p.Legal(nil)
	ladder := referee.StalemateLoses(s.v.Variant, s.v.Rules) // a stalemate wins
	var list []scored
	mt := meta{pos: p, cells: k.cells}
	_, table := mater(&p, s.us) // a queen or a rook: the metas judge
	for _, m := range moves {
		t := m.Coord(board.Standard)
		if tried[t] {
			continue
		}
		sc := noise(seed, s.v.Ply, t) - 5000*k.repeats(&p, s.us, m)
		if table != nil {
			sc += mt.judge(s.us, m, huntWeights, ladder)
		} else {
			o := against(&p, s.us, m, k.cells)
			if ladder {
				o.mates, o.stalemates = o.mates+o.stalemates, 0
			}
			sc += o.score() - approach(&p, s.us, m, k.cells) + pawnPush(&p, s.us, m, k.cells)
		}
		if l >= Level2 { // level 1 stays the baseline it was
			sc += 20 * fiftyReset(&k, &p, m)
			if underpromotes(m) {
				sc -= 1 << 25 // below any stalemate risked (outcome.score)
			}
		}
		list = append(list, scored{t, sc})
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].score > list[j].score })
	if l >= Level3 && table == nil {
		deepen(&p, s.us, moves, k.cells, list)
		sort.SliceStable(list, func(i, j int) bool { return list[i].score > list[j].score })
	}
	out := make([]string, len(list))
	for i, x := range list {
		out[i] = x.text
	}
	return out
}

// pawnPush is what a pawn's step towards its last rank is worth while the
// seat has neither a queen nor a rook: a thousand a rank, unless it steps
// next to a cell the king may stand on, unguarded.
func pawnPush(p *board.Position, us board.Army, m board.Move, k cellSet) int {
	if p.At(m.From).Kind() != board.Pawn {
		return 0
	}
	q := *p
	q.Apply(m)
	if !q.Attacked(m.To, us^1) {
		for _, n := range board.Standard.King[m.To] {
			if k.Has(n) {
				return 0
			}
		}
	}
	return 1000 * abs(board.RankOf(m.To)-board.RankOf(m.From))
}

// approach is the distance from the seat's king, after m, to the nearest
// cell of the king's: a lone king is mated with the seat's own king near.
func approach(p *board.Position, us board.Army, m board.Move, k cellSet) int {
	king := p.King[us]
	if m.From == king {
		king = m.To
	}
	if king == board.NoCell {
		return 0
	}
	best := 8
	for c := range board.Cell(64) {
		if k.Has(c) {
			best = min(best, kingSteps(c, king))
		}
	}
	return 3 * best
}

// deepen adds to the best few moves' scores the best the seat could do
// after each, against the cells the king could flee to: Level 3's look a
// move further.
func deepen(p *board.Position, us board.Army, moves []board.Move, k cellSet, list []scored) {
	const few = 6
	budget := 400 // second moves judged, at most
	byText := map[string]board.Move{}
	for _, m := range moves {
		byText[m.Coord(board.Standard)] = m
	}
	for i := range min(few, len(list)) {
		m := byText[list[i].text]
		o := against(p, us, m, k)
		if o.legal == 0 || o.mates == o.legal || o.region == 0 {
			continue
		}
		q := *p
		q.Apply(m)
		q.ToMove = us
		best := -1 << 30
		for _, m2 := range q.Legal(nil) {
			if budget--; budget < 0 {
				return // the work of one choice is bounded by count, not by the clock: the same view, the same choice
			}
			best = max(best, against(&q, us, m2, o.region).score())
		}
		list[i].score += best / 2
	}
}

// huntMen is how many enemy men beside its king the hunt starts at: none.
// While other men stand, they may block the seat's lines and the king's
// cells are known loosely; the worlds (worlds.go) judge those endgames,
// with the hunt's count of mates and stalemates (endgame) beside them.
const huntMen = 0
