package board

// Castling is one way a monarch and a rook may castle. The cells are the
// start and end cells of both men; Empty lists the cells that must be empty
// (other than the two men themselves) and Pass the cells the monarch stands
// on or crosses, start and end included, which must not be attacked when the
// Rules ask for safe castling.
type Castling struct {
	Army              Army
	Monarch, Rook     Cell
	MonarchTo, RookTo Cell
	Letter            byte // the FEN letter of the right
	Long              bool // O-O-O rather than O-O
	Empty, Pass       []Cell
}

// StdCastling makes an 8×8 castling on the army's back rank from files
// (0–7): the monarch from mf to mt, the rook from rf to rt.
func StdCastling(a Army, mf, rf, mt, rt int, letter byte) Castling {
	r := 0
	if a == 1 {
		r = 7
	}
	c := Castling{Army: a, Monarch: Sq(mf, r), Rook: Sq(rf, r), MonarchTo: Sq(mt, r), RookTo: Sq(rt, r), Letter: letter, Long: rf < mf}
	lo, hi := min(mf, rf, mt, rt), max(mf, rf, mt, rt)
	for f := lo; f <= hi; f++ {
		if f != mf && f != rf {
			c.Empty = append(c.Empty, Sq(f, r))
		}
	}
	for f := min(mf, mt); f <= max(mf, mt); f++ {
		c.Pass = append(c.Pass, Sq(f, r))
	}
	return c
}

// Rules are what a variant tells the generator.
type Rules struct {
	Armies       int
	Promotions   []Kind     // kinds a pawn may become, in the order moves are listed
	Castlings    []Castling // all castlings; Position.Rights has one bit per entry
	EnPassant    bool       // en passant captures exist
	SafeCastling bool       // no castling out of, through or into attack
	Royal        Kind       // the kind Legal keeps out of attack; NoKind: no check
}

// ChessRules are the FIDE rules on the 8×8 board.
var ChessRules = &Rules{
	Armies:     2,
	Promotions: []Kind{Queen, Rook, Bishop, Knight},
	Castlings: []Castling{
		StdCastling(0, 4, 7, 6, 5, 'K'), StdCastling(0, 4, 0, 2, 3, 'Q'),
		StdCastling(1, 4, 7, 6, 5, 'k'), StdCastling(1, 4, 0, 2, 3, 'q'),
	},
	EnPassant:    true,
	SafeCastling: true,
	Royal:        King,
}

// Position is a full position: the men and the state chess keeps beside
// them. It is a value: copy it to keep it.
type Position struct {
	Geo      *Geometry
	Rules    *Rules
	Cells    [MaxCells]Man
	ToMove   Army
	Rights   uint16 // bit i set: Rules.Castlings[i] is still allowed
	EP       Cell   // the cell a pawn may capture onto en passant, or NoCell
	EPVictim Cell   // the pawn that may be taken en passant, or NoCell
	Halfmove int    // plies since the last capture or pawn move
	Fullmove int    // starts at 1, grows after the last army moves
	King     [MaxArmies]Cell

	// men are the men of the Standard board as sets of cells, for its
	// generator (gen8.go); Put, Apply and FindKings keep them.
	men menSets
}

// NewPosition makes an empty position on a geometry.
func NewPosition(g *Geometry, r *Rules) Position {
	p := Position{Geo: g, Rules: r, EP: NoCell, EPVictim: NoCell, Fullmove: 1}
	p.FindKings()
	return p
}

// FindKings refreshes what the position keeps beside its Cells (the
// cells of the royal men, the men as sets of cells); call it after
// changing Cells by hand. Move generation stays right without it, but
// slower: it then reads every cell anew each time.
func (p *Position) FindKings() {
	if p.Geo == Standard {
		p.men.fill(&p.Cells)
	}
	for a := range p.King {
		p.King[a] = NoCell
	}
	if p.Rules.Royal == NoKind {
		return
	}
	for c := 0; c < p.Geo.Len(); c++ {
		if m := p.Cells[c]; !m.Empty() && m.Kind() == p.Rules.Royal {
			p.King[m.Army()] = Cell(c)
		}
	}
}

// Next returns the army that moves after a.
func (p *Position) Next(a Army) Army {
	n := int(a) + 1
	if n >= p.Rules.Armies { // a division only here: Apply calls this at every move
		n %= p.Rules.Armies
	}
	return Army(n)
}

// At returns the man on a cell.
func (p *Position) At(c Cell) Man { return p.Cells[c] }

// Put places a man (or the zero Man) on a cell, keeping the royal cache.
func (p *Position) Put(c Cell, m Man) {
	p.set(c, m)
	if !m.Empty() && m.Kind() == p.Rules.Royal && p.Rules.Royal != NoKind {
		p.King[m.Army()] = c
	}
}

// set puts a man (or the zero Man) on a cell, keeping the men as sets.
func (p *Position) set(c Cell, m Man) {
	p.Cells[c] = m
	if p.Geo == Standard {
		p.men.set(c, m)
	}
}
