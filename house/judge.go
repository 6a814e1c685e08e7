package house

import "umpire/referee/board"

// judge scores a move of a seat that sees the whole board (or, in dark
// chess, every man its moves could meet): what it takes, less the worst
// the enemy can take back at once, plus a check, a mate, and a step ahead.
// Scores are in tenths of a pawn.
func (e *eight) judge(s *sight, m board.Move) int {
	p := s.pos
	score := 0
	if c := p.Captured(m); c != board.NoCell {
		score += 10 * worth(p.At(c), e.royal(s, c))
	}
	if m.Promo != board.NoKind {
		score += 10 * (worth(board.NewMan(s.us, m.Promo), false) - 1)
	}
	moved := p.At(m.From)
	p.Apply(m)
	p.ToMove = s.us ^ 1
	score -= e.threat(s, &p)
	score += e.pressure(s, &p)
	return score + shape(s, moved, m)
}

// threat is the most the enemy can win by one capture after the move: the
// man it takes, less its own man when the house could take that back.
func (e *eight) threat(s *sight, p *board.Position) int {
	worst := 0
	for _, r := range p.Generate(nil) {
		c := p.Captured(r)
		if c == board.NoCell || p.At(c).Army() != s.us {
			continue
		}
		royal := e.royalAfter(s, p, c)
		loss := 10 * worth(p.At(c), royal)
		if !royal {
			q := *p
			q.Apply(r)
			if q.Attacked(r.To, s.us^1) {
				loss -= 10 * worth(q.At(r.To), false)
			}
		}
		worst = max(worst, loss)
	}
	return worst
}

// royalAfter asks royal about a cell of the position after a move: the
// sight holds p for the question and its own position again after it (a
// copy of the whole sight went to the heap at every question).
func (e *eight) royalAfter(s *sight, p *board.Position, c board.Cell) bool {
	kept := s.pos
	s.pos = *p
	royal := e.royal(s, c)
	s.pos = kept
	return royal
}

// pressure rewards a check and a mate (and shuns a stalemate) where the
// rules have check, and an attack on a royal man where they have not.
func (e *eight) pressure(s *sight, p *board.Position) int {
	them := s.us ^ 1
	if p.Rules.Royal == board.NoKind {
		for c := range board.Cell(64) {
			if m := p.At(c); !m.Empty() && m.Army() == them && e.royalAfter(s, p, c) && p.Attacked(c, them) {
				return 30
			}
		}
		return 0
	}
	k := p.King[them]
	if k == board.NoCell {
		return 0
	}
	check := p.Attacked(k, them)
	if !check && !few(p, them) {
		return 0
	}
	if len(p.Legal(nil)) == 0 {
		if check {
			return mateValue
		}
		return -mateValue / 10
	}
	if check {
		return 15
	}
	return 0
}

// few reports whether an army is down to three men or fewer, when the
// house looks out for stalemate.
func few(p *board.Position, a board.Army) bool {
	n := 0
	for c := range board.Cell(64) {
		if m := p.At(c); !m.Empty() && m.Army() == a {
			n++
		}
	}
	return n <= 3
}

// shape is the small rest: pawns forward, pieces out of the back rank,
// the king kept at home while the board is full.
func shape(s *sight, moved board.Man, m board.Move) int {
	fr, tr := board.RankOf(m.From), board.RankOf(m.To)
	if s.us == 1 {
		fr, tr = 7-fr, 7-tr
	}
	switch moved.Kind() {
	case board.Pawn:
		return 2 + (tr - fr) + centre(m.To)
	case board.King:
		return -3
	}
	if fr == 0 && tr > 0 {
		return 4 + centre(m.To)
	}
	return centre(m.To)
}

// centre is 2 on the four middle cells, 1 around them, else 0.
func centre(c board.Cell) int {
	f, r := board.FileOf(c), board.RankOf(c)
	df, dr := min(abs(f-3), abs(f-4)), min(abs(r-3), abs(r-4))
	return max(0, 2-max(df, dr))
}

// kingSteps is how many steps a king takes from cell a to cell b.
func kingSteps(a, b board.Cell) int {
	return max(abs(board.FileOf(a)-board.FileOf(b)), abs(board.RankOf(a)-board.RankOf(b)))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
