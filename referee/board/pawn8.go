package board

// The pawns of the 8×8 generator: the steps of Standard's pawn tables
// (standard.go) as shifts of sets, in the same order: the step, its
// promotions, the double step, then the captures towards file a and
// towards file h, en passant among them. What every pawn may do is read
// for all of them at once (pawnSets); each pawn's moves are listed in its
// turn among the men.

const (
	fileA   uint64 = 0x0101010101010101
	fileH          = fileA << 7
	rankOne uint64 = 0xff
)

// pawnSet is, for each of a pawn's four moves, the cells of the pawns that
// may make it, and the cells each move adds.
type pawnSet struct {
	step, double, takeA, takeH uint64
	enPassant                  uint64 // the pawns that may take en passant, legal or not
	promote                    uint64 // the pawns a step from their last rank
	toStep, toA, toH           Cell
}

// pawnSets reads what the pawns of mask may do, their targets in allow.
func (g *gen8) pawnSets(mask, allow uint64) pawnSet {
	pawns := g.pawns & mask
	empty, enemy := ^g.all, g.all&^g.own
	var s pawnSet
	if g.us == 0 {
		s = pawnSet{toStep: 8, toA: 7, toH: 9}
		one := pawns << 8 & empty
		s.step = one & allow >> 8
		s.double = (one & (rankOne << 16)) << 8 & empty & allow >> 16
		s.takeA = (pawns &^ fileA) << 7 & enemy & allow >> 7
		s.takeH = (pawns &^ fileH) << 9 & enemy & allow >> 9
		s.promote = pawns & (rankOne << 48)
	} else {
		s = pawnSet{toStep: -8, toA: -9, toH: -7}
		one := pawns >> 8 & empty
		s.step = one & allow << 8
		s.double = (one & (rankOne << 40)) >> 8 & empty & allow << 16
		s.takeA = (pawns &^ fileA) >> 9 & enemy & allow << 9
		s.takeH = (pawns &^ fileH) >> 7 & enemy & allow << 7
		s.promote = pawns & (rankOne << 8)
	}
	if p := g.p; p.EP != NoCell && p.Cells[p.EPVictim].Army() != g.us {
		s.enPassant = pawnFrom[g.us][p.EP] & pawns
	}
	return s
}

// rare are the pawns that promote or may take en passant. The others'
// moves are written out where the men are walked (gen8.generate).
func (s *pawnSet) rare() uint64 { return s.promote | s.enPassant }

// pawnMoves appends the moves of the pawn on from that s allows: a
// promotion once per promotion kind, and its capture en passant if it
// keeps the royal man safe.
func (g *gen8) pawnMoves(buf []Move, from Cell, s *pawnSet) []Move {
	bit := uint64(1) << from
	if s.step&bit != 0 {
		buf = g.pawnTo(buf, from, from+s.toStep, s)
	}
	if s.double&bit != 0 {
		buf = add(buf, from, from+2*s.toStep, Double)
	}
	buf = g.pawnTakes(buf, from, from+s.toA, s.takeA&bit != 0, s)
	return g.pawnTakes(buf, from, from+s.toH, s.takeH&bit != 0, s)
}

// pawnTakes appends the capture of the pawn on from on to if takes, else
// its capture en passant there if it has one.
func (g *gen8) pawnTakes(buf []Move, from, to Cell, takes bool, s *pawnSet) []Move {
	if takes {
		return g.pawnTo(buf, from, to, s)
	}
	if s.enPassant&(1<<from) != 0 && to == g.p.EP {
		return g.enPassant(buf, from)
	}
	return buf
}

// pawnTo appends the pawn's move from from to to, once per promotion kind
// when it promotes.
func (g *gen8) pawnTo(buf []Move, from, to Cell, s *pawnSet) []Move {
	if s.promote&(1<<from) == 0 {
		return add(buf, from, to, Plain)
	}
	for _, k := range g.p.Rules.Promotions {
		buf = append(buf, Move{From: from, To: to, Promo: k})
	}
	return buf
}

// enPassant appends the pawn's capture en passant, in legal mode only if
// it keeps the royal man safe: it takes a man off a third cell.
func (g *gen8) enPassant(buf []Move, from Cell) []Move {
	m := Move{From: from, To: g.p.EP, Flag: EnPassant}
	if g.legal && !g.p.safeAfter(m) {
		return buf
	}
	return append(buf, m)
}
