package board

// The pawns of the 8×8 generator: the steps of Standard's pawn tables
// (standard.go) as shifts of sets, in the same order: the step, its
// promotions, the double step, then the captures towards file a and
// towards file h, en passant among them. What every pawn may do is read
// for all of them at once (pawnSets); each pawn's moves are listed in its
// turn among the men.

// pawnRanks are, per army, the rank a pawn's double step starts from and
// the rank it promotes on.
var pawnRanks = [2]struct{ start, last int }{{1, 7}, {6, 0}}

// pawnShifts are, per army, the shifts of a pawn's step and of its captures
// towards file a and towards file h, as cells added.
var pawnShifts = [2]struct{ step, takeA, takeH Cell }{{8, 7, 9}, {-8, -9, -7}}

const (
	fileA   uint64 = 0x0101010101010101
	fileH          = fileA << 7
	rankOne uint64 = 0xff
)

// pawnSet is, for each of a pawn's four moves, the cells of the pawns that
// may make it.
type pawnSet struct {
	step, double, takeA, takeH uint64
	enPassant                  uint64 // the pawns that may take en passant, legal or not
}

// shift moves every cell of b by n cells (n may be negative).
func shift(b uint64, n Cell) uint64 {
	if n > 0 {
		return b << n
	}
	return b >> -n
}

// pawnSets reads what the pawns of mask may do, their targets in allow.
func (g *gen8) pawnSets(mask, allow uint64) pawnSet {
	sh := pawnShifts[g.us]
	pawns := g.men.kind[Pawn] & g.own & mask
	empty := ^g.all
	enemy := g.all &^ g.own
	one := shift(pawns, sh.step) & empty
	startRank := rankOne << (8 * (pawnRanks[g.us].start + int(sh.step)/8))
	var s pawnSet
	s.step = shift(one&allow, -sh.step)
	s.double = shift(shift(one&startRank, sh.step)&empty&allow, -2*sh.step)
	s.takeA = shift(shift(pawns&^fileA, sh.takeA)&enemy&allow, -sh.takeA)
	s.takeH = shift(shift(pawns&^fileH, sh.takeH)&enemy&allow, -sh.takeH)
	if p := g.p; p.EP != NoCell && p.Cells[p.EPVictim].Army() != g.us {
		s.enPassant = pawnFrom[g.us][p.EP] & pawns
	}
	return s
}

// pawnMoves appends the moves of the pawn on from that s allows, and its
// capture en passant if it keeps the royal man safe.
func (g *gen8) pawnMoves(buf []Move, from Cell, s *pawnSet) []Move {
	sh := pawnShifts[g.us]
	bit := uint64(1) << from
	if RankOf(from+sh.step) == pawnRanks[g.us].last {
		return g.promotions(buf, from, s)
	}
	if s.step&bit != 0 {
		buf = add(buf, from, from+sh.step, Plain)
	}
	if s.double&bit != 0 {
		buf = add(buf, from, from+2*sh.step, Double)
	}
	if s.takeA&bit != 0 {
		buf = add(buf, from, from+sh.takeA, Plain)
	} else if s.enPassant&bit != 0 && g.p.EP == from+sh.takeA {
		buf = g.enPassant(buf, from)
	}
	if s.takeH&bit != 0 {
		buf = add(buf, from, from+sh.takeH, Plain)
	} else if s.enPassant&bit != 0 && g.p.EP == from+sh.takeH {
		buf = g.enPassant(buf, from)
	}
	return buf
}

// promotions appends the moves of the pawn on from, one step from its
// last rank, that s allows: each once per promotion kind.
func (g *gen8) promotions(buf []Move, from Cell, s *pawnSet) []Move {
	sh := pawnShifts[g.us]
	bit := uint64(1) << from
	for _, x := range [3]struct {
		set uint64
		to  Cell
	}{{s.step, sh.step}, {s.takeA, sh.takeA}, {s.takeH, sh.takeH}} {
		if x.set&bit == 0 {
			continue
		}
		for _, k := range g.p.Rules.Promotions {
			buf = append(buf, Move{From: from, To: from + x.to, Promo: k})
		}
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
