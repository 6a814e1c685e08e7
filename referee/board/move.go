package board

// Move flags.
const (
	Plain     uint8 = iota
	Double          // a pawn's double step
	EnPassant       // a pawn takes en passant
	Castle          // castling: Move.Castle names the entry of Rules.Castlings
)

// Move is one move. For castling From and To are the monarch's cells.
type Move struct {
	From, To Cell
	Promo    Kind  // the kind a pawn becomes, or NoKind
	Flag     uint8 // Plain, Double, EnPassant or Castle
	Castle   int8  // index into Rules.Castlings when Flag is Castle
}

// Coord writes a move in coordinates, "e2e4" or "e7e8q".
func (m Move) Coord(g *Geometry) string {
	s := g.CellName(m.From) + g.CellName(m.To)
	if m.Promo != NoKind {
		s += string(m.Promo.Letter() + 'a' - 'A')
	}
	return s
}

// Captured returns the cell whose man a move takes, or NoCell.
func (p *Position) Captured(m Move) Cell {
	switch {
	case m.Flag == EnPassant:
		return p.EPVictim
	case m.Flag == Castle:
		return NoCell
	case !p.Cells[m.To].Empty():
		return m.To
	}
	return NoCell
}

// Apply plays a move on the position. The move must come from Generate.
func (p *Position) Apply(m Move) {
	man := p.Cells[m.From]
	army := man.Army()
	capture := p.Captured(m)
	if capture != NoCell {
		p.set(capture, 0)
	}
	if p.Rights != 0 {
		p.Rights &^= p.rightsTouching(m.From, m.To)
	}
	p.EP, p.EPVictim = NoCell, NoCell
	switch m.Flag {
	case Castle:
		c := &p.Rules.Castlings[m.Castle]
		p.Rights &^= p.rightsTouching(c.Rook, c.Rook) // korona: a rook may serve two monarchs
		rook := p.Cells[c.Rook]
		p.set(c.Monarch, 0)
		p.set(c.Rook, 0)
		p.set(c.RookTo, rook)
		p.Put(c.MonarchTo, man)
	case Double:
		p.set(m.From, 0)
		p.Put(m.To, man)
		if p.Rules.EnPassant {
			p.EP, p.EPVictim = p.Geo.PawnPush[army][m.From], m.To
		}
	default:
		p.set(m.From, 0)
		if m.Promo != NoKind {
			man = NewMan(army, m.Promo)
		}
		p.Put(m.To, man)
	}
	if capture != NoCell || man.Kind() == Pawn || m.Promo != NoKind {
		p.Halfmove = 0
	} else {
		p.Halfmove++
	}
	p.ToMove = p.Next(army)
	if p.ToMove == 0 {
		p.Fullmove++
	}
}

// rightsTouching returns the castling bits lost when men leave or are
// taken on a and b.
func (p *Position) rightsTouching(a, b Cell) uint16 {
	var bits uint16
	for i := range p.Rules.Castlings {
		if cs := &p.Rules.Castlings[i]; cs.Monarch == a || cs.Rook == a || cs.Monarch == b || cs.Rook == b {
			bits |= 1 << i
		}
	}
	return bits
}
