package board

// Generate appends the pseudo-legal moves of the army to move to buf and
// returns it: every move its men could make if no king had to be kept out of
// check. Captures of any other army's man are included, the king as well.
// Castling follows Rules: the right, empty cells between, and with
// SafeCastling no attacked cell on the monarch's path.
func (p *Position) Generate(buf []Move) []Move {
	if g := (gen8{p: p}); g.read() {
		return g.generate(buf)
	}
	return p.generateCells(buf)
}

// generateCells is Generate on any geometry: it scans every cell for the
// men of the army to move and follows the Geometry's tables.
func (p *Position) generateCells(buf []Move) []Move {
	us := p.ToMove
	g := p.Geo
	for c := 0; c < g.Len(); c++ {
		m := p.Cells[c]
		if m.Empty() || m.Army() != us {
			continue
		}
		from := Cell(c)
		mv := kindMoves[m.Kind()]
		if mv.pawn {
			buf = p.pawnMoves(buf, from, us)
			continue
		}
		if mv.orth {
			buf = p.slide(buf, from, g.Orth[c], us)
		}
		if mv.diag {
			buf = p.slide(buf, from, g.Diag[c], us)
		}
		if mv.step {
			buf = p.jumps(buf, from, g.King[c], us)
		}
		if mv.leap {
			buf = p.jumps(buf, from, g.Knight[c], us)
		}
	}
	return p.castlings(buf, us)
}

// slide follows every ray. Cells a ray shares with the ray before it (the
// stem of a fork) were listed with that ray and are passed over.
func (p *Position) slide(buf []Move, from Cell, rays []Ray, us Army) []Move {
	var prev Ray
	for _, r := range rays {
		shared := SharedPrefix(prev, r)
		prev = r
		for i, to := range r {
			t := p.Cells[to]
			if i >= shared && (t.Empty() || t.Army() != us) {
				buf = append(buf, Move{From: from, To: to})
			}
			if !t.Empty() {
				break
			}
		}
	}
	return buf
}

// SharedPrefix is the number of first cells two rays have in common: where
// a ray forks, the rays of both branches begin with the same stem.
func SharedPrefix(a, b Ray) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

func (p *Position) jumps(buf []Move, from Cell, targets []Cell, us Army) []Move {
	for _, to := range targets {
		if t := p.Cells[to]; t.Empty() || t.Army() != us {
			buf = append(buf, Move{From: from, To: to})
		}
	}
	return buf
}

func (p *Position) pawnMoves(buf []Move, from Cell, us Army) []Move {
	g := p.Geo
	if to := g.PawnPush[us][from]; to != NoCell && p.Cells[to].Empty() {
		buf = p.pawnTo(buf, Move{From: from, To: to}, us)
		if d := g.PawnDouble[us][from]; d != NoCell && p.Cells[d].Empty() {
			buf = append(buf, Move{From: from, To: d, Flag: Double})
		}
	}
	for _, to := range g.PawnCapture[us][from] {
		if t := p.Cells[to]; !t.Empty() && t.Army() != us {
			buf = p.pawnTo(buf, Move{From: from, To: to}, us)
		} else if to == p.EP && p.EP != NoCell && p.Cells[p.EPVictim].Army() != us {
			buf = append(buf, Move{From: from, To: to, Flag: EnPassant})
		}
	}
	return buf
}

// pawnTo appends a pawn move, once per promotion kind when it promotes.
func (p *Position) pawnTo(buf []Move, m Move, us Army) []Move {
	if !p.Geo.Promotes[us][m.To] {
		return append(buf, m)
	}
	for _, k := range p.Rules.Promotions {
		m.Promo = k
		buf = append(buf, m)
	}
	return buf
}

func (p *Position) castlings(buf []Move, us Army) []Move {
	for i := range p.Rules.Castlings {
		c := &p.Rules.Castlings[i]
		if c.Army != us || p.Rights&(1<<i) == 0 || !p.castlingFree(c) {
			continue
		}
		if p.Rules.SafeCastling && p.anyAttacked(c.Pass, us) {
			continue
		}
		buf = append(buf, Move{From: c.Monarch, To: c.MonarchTo, Flag: Castle, Castle: int8(i)})
	}
	return buf
}

// castlingFree reports whether both men stand on their cells and the cells
// between are empty.
func (p *Position) castlingFree(c *Castling) bool {
	m, r := p.Cells[c.Monarch], p.Cells[c.Rook]
	if m.Empty() || m.Army() != c.Army || r.Empty() || r.Army() != c.Army || r.Kind() != Rook {
		return false
	}
	for _, e := range c.Empty {
		if !p.Cells[e].Empty() {
			return false
		}
	}
	return true
}

func (p *Position) anyAttacked(cells []Cell, us Army) bool {
	for _, c := range cells {
		if p.Attacked(c, us) {
			return true
		}
	}
	return false
}
