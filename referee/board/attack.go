package board

// Attacked reports whether any man of an army other than friend attacks
// cell c: could capture a man of friend standing there.
func (p *Position) Attacked(c Cell, friend Army) bool {
	return p.scan(c, friend, nil)
}

// Attackers returns the cells of every man of an army other than friend
// that attacks cell c: sliders and steppers first, then leapers, then pawns.
func (p *Position) Attackers(c Cell, friend Army) []Cell {
	var out []Cell
	p.scan(c, friend, &out)
	return out
}

// scan looks for attackers of c. With out nil it stops at the first and
// reports whether there is one; otherwise it appends them all to *out.
func (p *Position) scan(c Cell, friend Army, out *[]Cell) bool {
	g := p.Geo
	found := false
	hit := func(at Cell) bool {
		found = true
		if out == nil {
			return true
		}
		*out = append(*out, at)
		return false
	}
	for _, orth := range [2]bool{true, false} {
		rays := g.Diag[c]
		if orth {
			rays = g.Orth[c]
		}
		var prev Ray
		for _, r := range rays {
			shared := SharedPrefix(prev, r)
			prev = r
			for i, at := range r {
				m := p.Cells[at]
				if m.Empty() {
					continue
				}
				if m.Army() != friend && i >= shared {
					k := m.Kind()
					if (k.Slides(orth) || (i == 0 && k.Steps())) && hit(at) {
						return true
					}
				}
				break
			}
		}
	}
	for _, at := range g.Knight[c] {
		if m := p.Cells[at]; !m.Empty() && m.Army() != friend && m.Kind().Leaps() && hit(at) {
			return true
		}
	}
	for a := 0; a < p.Rules.Armies; a++ {
		if Army(a) == friend {
			continue
		}
		for _, at := range g.PawnAttack[a][c] {
			if p.Cells[at] == NewMan(Army(a), Pawn) && hit(at) {
				return true
			}
		}
	}
	return found
}

// InCheck reports whether the royal man of the army to move is attacked.
// Without a royal kind (Rules.Royal is NoKind) there is no check.
func (p *Position) InCheck() bool {
	k := p.King[p.ToMove]
	return k != NoCell && p.Rules.Royal != NoKind && p.Attacked(k, p.ToMove)
}

// pinned marks the men of the army to move that stand between their king
// and a hostile slider on the same ray.
func (p *Position) pinned(king Cell, us Army) (set [2]uint64) {
	for _, orth := range [2]bool{true, false} {
		rays := p.Geo.Diag[king]
		if orth {
			rays = p.Geo.Orth[king]
		}
		for _, r := range rays {
			own := NoCell
			for _, at := range r {
				m := p.Cells[at]
				if m.Empty() {
					continue
				}
				if m.Army() == us {
					if own != NoCell {
						break
					}
					own = at
					continue
				}
				if own != NoCell && m.Kind().Slides(orth) {
					set[own>>6] |= 1 << (own & 63)
				}
				break
			}
		}
	}
	return set
}

// Legal appends the legal moves of the army to move to buf: the
// pseudo-legal ones that do not leave its royal man attacked, in
// Generate's order. Without a royal kind it is Generate.
func (p *Position) Legal(buf []Move) []Move {
	king := p.King[p.ToMove]
	if p.Rules.Royal == NoKind || king == NoCell {
		return p.Generate(buf)
	}
	if g := (gen8{p: p}); g.read() && g.setLegal(king) {
		return g.generate(buf)
	}
	return p.legalByTrial(buf)
}

// legalByTrial is Legal on any geometry: a move that may leave the royal
// man attacked (the royal man's own, a pinned man's, en passant, any move
// in check) is played on a copy and tested.
func (p *Position) legalByTrial(buf []Move) []Move {
	start := len(buf)
	buf = p.generateCells(buf)
	us := p.ToMove
	king := p.King[us]
	if p.Rules.Royal == NoKind || king == NoCell {
		return buf
	}
	check := p.Attacked(king, us)
	pins := p.pinned(king, us)
	out := buf[:start]
	for _, m := range buf[start:] {
		if !check && m.From != king && m.Flag != EnPassant && pins[m.From>>6]&(1<<(m.From&63)) == 0 || p.safeAfter(m) {
			out = append(out, m)
		}
	}
	return out
}
