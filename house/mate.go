package house

import "umpire/referee/board"

// Mates in two. Once the enemy has few men, a world is won by a net, not
// by material: the house asks of a move whether every reply the enemy has
// in that world leaves it a mate at once. Only checks can mate, so each
// reply's answers are read only as far as the checks among them.

// mateIn2 reports whether the side not to move on p (the seat, having
// just moved) mates next move whatever the side to move replies. A
// stalemate reply (none) is not a mate; reading stops, false, once the
// searcher's node budget is spent.
func (s *searcher) mateIn2(p *board.Position) bool {
	replies := p.Legal(nil)
	if len(replies) == 0 {
		return false
	}
	var buf []board.Move
	for _, r := range replies {
		q := *p
		q.Apply(r)
		if !s.mateIn1(&q, &buf) {
			return false
		}
	}
	return true
}

// mateIn1 reports whether the side to move on p has a move that mates;
// buf holds the replies it counts.
func (s *searcher) mateIn1(p *board.Position, buf *[]board.Move) bool {
	for _, m := range p.Legal(nil) {
		if s.nodes++; s.nodes > s.limit {
			return false
		}
		q := *p
		q.Apply(m)
		if !q.InCheck() {
			continue
		}
		if *buf = q.Legal((*buf)[:0]); len(*buf) == 0 {
			return true
		}
	}
	return false
}

// netScore is what a mate in two is worth in one world: more than most
// balances of men, half a mate now (mateWorld), so that a move mating in
// a few of the worlds (and only there) comes before one that keeps a net
// in all of them and mates in none, which the house could play for ever.
const netScore = mateWorld / 2
