package house

import (
	"sort"

	"umpire/referee/board"
)

// Search, from level 2, where the seat sees the whole board and the
// variant's rules are chess's (plain chess): the house reads its moves
// and the answers to them a few plies deep (alpha-beta over material,
// mate and stalemate), two plies at level 2 and three at level 3, instead
// of judging each move on its own. The search is bounded by a count of
// positions, never by the clock: the same view gives the same choice.

// searchDepth is how far each level reads; 0 for none.
func searchDepth(l Level) int {
	switch l {
	case Level2:
		return 2
	case Level3:
		return 3
	}
	return 0
}

// maxNodes bounds one choice's search.
const maxNodes = 60000

// mateScore is the value of being mated, in tenths of a pawn.
const mateScore = 100000

// searcher is one choice's search.
type searcher struct {
	us    board.Army
	nodes int
}

// ranked orders the legal moves of p by the search's value for the side
// to move, best first, with the seed's noise to part equal moves.
func ranked(p *board.Position, depth int, seed uint64, ply int, tried map[string]bool) []string {
	s := &searcher{us: p.ToMove}
	var list []scored
	for _, m := range ordered(p, p.Legal(nil)) {
		t := m.Coord(board.Standard)
		if tried[t] {
			continue
		}
		q := *p
		q.Apply(m)
		q.ToMove = p.ToMove ^ 1
		v := -s.negamax(&q, depth-1, -mateScore*2, mateScore*2)
		list = append(list, scored{t, 10*v + noise(seed, ply, t)})
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].score > list[j].score })
	out := make([]string, len(list))
	for i, x := range list {
		out[i] = x.text
	}
	return out
}

// negamax is the value of p for its side to move, read depth plies deep.
func (s *searcher) negamax(p *board.Position, depth, alpha, beta int) int {
	s.nodes++
	moves := p.Legal(nil)
	if len(moves) == 0 {
		if p.InCheck() {
			return -mateScore - depth // mated: sooner is worse
		}
		return 0 // stalemate
	}
	if depth <= 0 || s.nodes > maxNodes {
		return s.quiet(p, alpha, beta, 4)
	}
	for _, m := range ordered(p, moves) {
		q := *p
		q.Apply(m)
		q.ToMove = p.ToMove ^ 1
		v := -s.negamax(&q, depth-1, -beta, -alpha)
		if v >= beta {
			return v
		}
		alpha = max(alpha, v)
	}
	return alpha
}

// quiet reads the captures on from a leaf until none is worth making
// (quiescence), so that a leaf is not judged in the middle of an exchange;
// the side to move may always stand pat.
func (s *searcher) quiet(p *board.Position, alpha, beta, left int) int {
	s.nodes++
	stand := material(p)
	if stand >= beta || left == 0 || s.nodes > maxNodes {
		return stand
	}
	alpha = max(alpha, stand)
	for _, m := range ordered(p, p.Legal(nil)) {
		if p.Captured(m) == board.NoCell && m.Promo == board.NoKind {
			break // ordered: the captures came first
		}
		q := *p
		q.Apply(m)
		q.ToMove = p.ToMove ^ 1
		v := -s.quiet(&q, -beta, -alpha, left-1)
		if v >= beta {
			return v
		}
		alpha = max(alpha, v)
	}
	return alpha
}

// material is the balance of men for the side to move, in tenths of a
// pawn, kings left out.
func material(p *board.Position) int {
	sum := 0
	for c := range board.Cell(p.Geo.Len()) {
		m := p.At(c)
		if m.Empty() || m.Kind() == board.King {
			continue
		}
		v := 10 * worth(m, false)
		if m.Army() != p.ToMove {
			v = -v
		}
		sum += v
	}
	return sum
}

// ordered puts captures first, the biggest victim first, so that
// alpha-beta cuts early.
func ordered(p *board.Position, moves []board.Move) []board.Move {
	gain := func(m board.Move) int {
		g := -1
		if c := p.Captured(m); c != board.NoCell {
			g = 10*worth(p.At(c), false) - worth(p.At(m.From), false)
		}
		if m.Promo != board.NoKind {
			g = max(g, 0) + 10*worth(board.NewMan(0, m.Promo), false)
		}
		return g
	}
	sort.SliceStable(moves, func(i, j int) bool { return gain(moves[i]) > gain(moves[j]) })
	return moves
}
