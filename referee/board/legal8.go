package board

import "math/bits"

// Legality on the 8×8 board by masks rather than by playing each move:
// the checks on the royal man and the pins of its own men are read once,
// from the royal man's cell outwards, and every move is kept or dropped by
// its target cell alone. Only the royal man's own moves test a cell for
// attack, and only castling and en passant, which move two men, are played
// and tested.

// setLegal prepares g to list legal moves only, the royal man on king. It
// reports false where the masks cannot decide: the royal kind is not the
// King, or king does not hold the army's only one. The caller then tests
// each move by playing it (legalByTrial).
func (g *gen8) setLegal(king Cell) bool {
	if g.p.Rules.Royal != King || g.kings != 1<<king {
		return false
	}
	g.legal, g.royal = true, king
	checkers := leapBits[king]&g.leap | stepBits[king]&g.step | pawnFrom[1-g.us][king]&g.pawn
	block, n := checkers, bits.OnesCount64(checkers)
	if lineBits[0][king]&g.orth != 0 {
		n += g.readRays(king, dirN, g.orth, &block)
	}
	if lineBits[1][king]&g.diag != 0 {
		n += g.readRays(king, dirNE, g.diag, &block)
	}
	switch {
	case n == 1:
		g.check = block
	case n > 1:
		g.check = 0
	}
	return true
}

// readRays reads the four rays from the royal man on king that begin at
// direction d0 for the enemy's sliders along them: it adds the cells
// between the royal man and each slider that checks it to block, marks
// the own men pinned, and returns the number of checks.
func (g *gen8) readRays(king Cell, d0 int, sliders uint64, block *uint64) int {
	n := 0
	for d := d0; d < d0+4; d++ {
		ray := rayBits[d][king]
		if ray&sliders == 0 {
			continue
		}
		near := nearest(d, ray&g.all)
		if sliders&(1<<near) != 0 {
			n++
			*block |= ray &^ rayBits[d][near]
		} else if g.own&(1<<near) != 0 && g.pinnedBy(d, near, sliders) {
			g.pinned |= 1 << near
		}
	}
	return n
}

// nearest is the cell of set b (not empty) first met going d.
func nearest(d int, b uint64) Cell {
	if d == dirN || d == dirE || d == dirNE || d == dirNW {
		return Cell(bits.TrailingZeros64(b))
	}
	return Cell(63 - bits.LeadingZeros64(b))
}

// pinnedBy reports whether the next man beyond near going d is one of
// sliders.
func (g *gen8) pinnedBy(d int, near Cell, sliders uint64) bool {
	beyond := rayBits[d][near] & g.all
	return beyond != 0 && sliders&(1<<nearest(d, beyond)) != 0
}

// pinLine is the ray from the royal man through the pinned man on c: the
// cells the pinned man may go to.
func (g *gen8) pinLine(c Cell) uint64 {
	for d := dirN; d <= dirNW; d++ {
		if ray := rayBits[d][g.royal]; ray&(1<<c) != 0 {
			return ray
		}
	}
	return 0
}

// safe are the cells of allow the royal man on from, moving as mv, reaches
// and is not attacked on once it stands there.
func (g *gen8) safe(from Cell, mv moves, allow uint64) uint64 {
	var reach uint64
	if mv.orth {
		reach |= rookReach(from, g.all)
	}
	if mv.diag {
		reach |= bishopReach(from, g.all)
	}
	if mv.step {
		reach |= stepBits[from]
	}
	if mv.leap {
		reach |= leapBits[from]
	}
	occ := g.all &^ (1 << from)
	var out uint64
	for b := reach & allow; b != 0; b &= b - 1 {
		c := Cell(bits.TrailingZeros64(b))
		if !g.attacked(c, occ) {
			out |= 1 << c
		}
	}
	return out
}

// attacked reports whether an enemy man attacks cell c with the cells of
// occ occupied, as Position.Attacked reads it.
func (g *gen8) attacked(c Cell, occ uint64) bool {
	if leapBits[c]&g.leap|stepBits[c]&g.step|pawnFrom[1-g.us][c]&g.pawn != 0 {
		return true
	}
	if lineBits[0][c]&g.orth != 0 && rookReach(c, occ)&g.orth != 0 {
		return true
	}
	return lineBits[1][c]&g.diag != 0 && bishopReach(c, occ)&g.diag != 0
}

// keepSafe drops the castlings of buf[start:] that leave the royal man of
// the army to move attacked, by playing each.
func (p *Position) keepSafe(buf []Move, start int) []Move {
	out := buf[:start]
	for _, m := range buf[start:] {
		if p.safeAfter(m) {
			out = append(out, m)
		}
	}
	return out
}

// safeAfter reports whether m leaves the royal man of the army to move
// unattacked (or off the board), by playing it on a copy.
func (p *Position) safeAfter(m Move) bool {
	us := p.ToMove
	q := *p
	q.Apply(m)
	k := q.King[us]
	return k == NoCell || !q.Attacked(k, us)
}
