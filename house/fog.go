package house

import "umpire/referee/board"

// judge scores a Kriegspiel try from the belief: a capture where an enemy
// man is likely, first of all a recapture or a pawn capture the umpire
// announced; a check where the enemy king likely stands; no man sent where
// enemy pawns likely guard; and the small rest of shape.
func (b *belief) judge(s *sight, m board.Move) int {
	moved := s.pos.At(m.From)
	score := int(30 * b.at(m.To))
	if m.To == b.retake {
		score += 40
	}
	pawnCapture := moved.Kind() == board.Pawn && board.FileOf(m.From) != board.FileOf(m.To)
	if pawnCapture && b.pawnTry && (b.trySquares == nil || b.trySquares[m.From]) {
		score += 50
	}
	if pawnCapture && !b.pawnTry {
		score -= 20
	}
	if m.Promo != board.NoKind {
		score += promotion(s, m.Promo)
	}
	score -= int(10 * float32(worth(moved, false)) * b.guarded(s.us, m.To))
	score += b.checks(s, m)
	return score + shape(s, moved, m)
}

// guarded is the weight of an enemy pawn guarding a cell.
func (b *belief) guarded(us board.Army, c board.Cell) float32 {
	r := board.RankOf(c) + 1
	if us == 1 {
		r = board.RankOf(c) - 1
	}
	if r < 0 || r > 7 {
		return 0
	}
	var w float32
	for _, df := range []int{-1, 1} {
		if f := board.FileOf(c) + df; f >= 0 && f < 8 {
			w = max(w, b.pawn[board.Sq(f, r)])
		}
	}
	return w
}

// checks is the weight of the enemy king on the cells the moved man would
// attack from its new cell, on a board of the seat's own men.
func (b *belief) checks(s *sight, m board.Move) int {
	p := s.pos
	p.Apply(m)
	var w float32
	for c := range board.Cell(64) {
		if b.king[c] > 0.05 && p.At(c).Empty() && attacksFrom(&p, m.To, c) {
			w = max(w, b.king[c])
		}
	}
	return int(20 * w)
}

// attacksFrom reports whether the man on from attacks cell c.
func attacksFrom(p *board.Position, from, c board.Cell) bool {
	for _, a := range p.Attackers(c, p.At(from).Army()^1) {
		if a == from {
			return true
		}
	}
	return false
}

// promotion scores a promotion in the fog: a queen while the seat has
// fewer than two, else a knight. Blind queens cover so much of the board
// that they stalemate a lone king more often than they mate it.
func promotion(s *sight, k board.Kind) int {
	queens := 0
	for c := range board.Cell(64) {
		if m := s.pos.At(c); !m.Empty() && m.Army() == s.us && m.Kind() == board.Queen {
			queens++
		}
	}
	switch {
	case queens < 2 && k == board.Queen, queens >= 2 && k == board.Knight:
		return 80
	}
	return 10
}
