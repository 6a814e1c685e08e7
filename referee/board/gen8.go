package board

import (
	"math/bits"
	"slices"
)

// gen8 generates the moves of a position on the Standard board, two
// armies, from its men as sets of cells (bits.go). It lists the moves in
// the order of the table-driven generator (movegen.go): men by cell, and
// for each man the rook's rays, the bishop's, the king's steps, the
// knight's leaps, every ray nearest cell first; castlings last.
//
// A gen8 is made where it is used, gen8{p: p}, and its methods never
// store a pointer in it: one that did would make every Position given to
// Legal escape to the heap in its callers.
type gen8 struct {
	p   *Position
	us  Army
	own uint64 // the men of the army to move
	all uint64 // every man
	// The own pawns and kings.
	pawns, kings uint64
	// The enemy's men by the way they attack.
	orth, diag, step, leap, pawn uint64
	// Legality (legal8.go). A man other than the royal one moves only to
	// cells of check: every cell out of check, the checker and the cells
	// between it and the royal man in check, none in double check. A
	// pinned man moves only along the line of its pin.
	legal  bool
	royal  Cell
	check  uint64
	pinned uint64
}

// read reads g.p. It reports false where the 8×8 generator does not
// apply: another geometry, another number of armies than two, a man of a
// third army on the board.
func (g *gen8) read() bool {
	p := g.p
	if p.Geo != Standard || p.Rules.Armies != 2 || p.ToMove > 1 {
		return false
	}
	if !p.men.fresh(&p.Cells) {
		var men menSets // Cells written by hand since
		men.fill(&p.Cells)
		return g.readSets(&men)
	}
	return g.readSets(&p.men)
}

// readSets takes the sets of g's men from men.
func (g *gen8) readSets(men *menSets) bool {
	if men.odd != 0 {
		return false
	}
	g.us, g.check = g.p.ToMove, ^uint64(0)
	g.own = men.army[g.us]
	them := men.army[1-g.us]
	g.all = g.own | them
	c := &men.class
	g.pawns, g.kings = c[classPawn]&g.own, men.kings&g.own
	g.orth, g.diag, g.step, g.leap, g.pawn = c[classOrth]&them, c[classDiag]&them, c[classStep]&them, c[classLeap]&them, c[classPawn]&them
	return true
}

// generate appends the moves of every man of the army to move, then its
// castlings.
func (g *gen8) generate(buf []Move) []Move {
	if cap(buf)-len(buf) < minRoom {
		buf = slices.Grow(buf, minRoom)
	}
	buf = g.menMoves(buf)
	start := len(buf)
	buf = g.castlings(buf)
	if g.legal {
		buf = g.p.keepSafe(buf, start)
	}
	return buf
}

// minRoom is the room for moves generate makes at once in a list that has
// less: most positions have fewer moves, and a list begun empty (Legal(nil))
// is then allocated once rather than grown six times.
const minRoom = 48

// menMoves appends the moves of every man of the army to move, by cell.
// The men of chess are dealt with straight away, the most common written
// out here; the others by their moves (pieceMoves).
func (g *gen8) menMoves(buf []Move) []Move {
	free := ^g.own & g.check // where an unpinned man other than the royal one may go
	pawns := g.pawnSets(^g.pinned, free)
	guarded := g.pinned // men whose moves are read one by one
	if g.legal {
		guarded |= 1 << g.royal
	}
	plain := g.pawns &^ (guarded | pawns.rare())
	for b := g.own; b != 0; b &= b - 1 {
		from := Cell(bits.TrailingZeros64(b))
		if bit := uint64(1) << from; plain&bit != 0 {
			// A plain pawn, written out here: most men are.
			if pawns.step&bit != 0 {
				buf = add(buf, from, from+pawns.toStep, Plain)
			}
			if pawns.double&bit != 0 {
				buf = add(buf, from, from+2*pawns.toStep, Double)
			}
			if pawns.takeA&bit != 0 {
				buf = add(buf, from, from+pawns.toA, Plain)
			}
			if pawns.takeH&bit != 0 {
				buf = add(buf, from, from+pawns.toH, Plain)
			}
			continue
		}
		k := g.p.Cells[from].Kind()
		if guarded&(1<<from) != 0 {
			buf = g.guardedMoves(buf, from, kindMoves[k])
			continue
		}
		switch k {
		case Pawn: // one that promotes or may take en passant
			buf = g.pawnMoves(buf, from, &pawns)
		case Knight: // its leaps fall, then rise (see init)
			to := leapBits[from] & free
			buf = emitDown(buf, from, to&leapRuns.cells[0][from])
			buf = emitUp(buf, from, to&leapRuns.cells[1][from])
		case Bishop:
			buf = g.diagMoves(buf, from, free)
		case Rook:
			buf = g.orthMoves(buf, from, free)
		case Queen:
			buf = g.diagMoves(g.orthMoves(buf, from, free), from, free)
		default:
			buf = g.pieceMoves(buf, from, kindMoves[k], free)
		}
	}
	return buf
}

// guardedMoves appends the moves of the man on from, moving as mv, that
// is the royal man or pinned: the royal man's to cells it is safe on, a
// pinned man's along the line of its pin.
func (g *gen8) guardedMoves(buf []Move, from Cell, mv moves) []Move {
	if from == g.royal {
		return g.pieceMoves(buf, from, mv, g.safe(from, mv, ^g.own))
	}
	allow := ^g.own & g.check & g.pinLine(from)
	if mv.pawn {
		s := g.pawnSets(1<<from, allow)
		return g.pawnMoves(buf, from, &s)
	}
	return g.pieceMoves(buf, from, mv, allow)
}

// pieceMoves appends the moves to the cells of allow of the man on from,
// not a pawn, moving as mv.
func (g *gen8) pieceMoves(buf []Move, from Cell, mv moves, allow uint64) []Move {
	if allow == 0 {
		return buf
	}
	if mv.orth {
		buf = g.orthMoves(buf, from, allow)
	}
	if mv.diag {
		buf = g.diagMoves(buf, from, allow)
	}
	if mv.step {
		buf = emitRuns(buf, from, stepBits[from]&allow, &stepRuns)
	}
	if mv.leap {
		buf = emitRuns(buf, from, leapBits[from]&allow, &leapRuns)
	}
	return buf
}

// orthMoves and diagMoves append the moves of a slider on from along the
// rook's rays or the bishop's, to the cells of allow.
func (g *gen8) orthMoves(buf []Move, from Cell, allow uint64) []Move {
	buf = emitUp(buf, from, reachUp(dirN, from, g.all)&allow)
	buf = emitDown(buf, from, reachDown(dirS, from, g.all)&allow)
	buf = emitUp(buf, from, reachUp(dirE, from, g.all)&allow)
	return emitDown(buf, from, reachDown(dirW, from, g.all)&allow)
}

func (g *gen8) diagMoves(buf []Move, from Cell, allow uint64) []Move {
	buf = emitUp(buf, from, reachUp(dirNE, from, g.all)&allow)
	buf = emitDown(buf, from, reachDown(dirSW, from, g.all)&allow)
	buf = emitDown(buf, from, reachDown(dirSE, from, g.all)&allow)
	return emitUp(buf, from, reachUp(dirNW, from, g.all)&allow)
}

// add appends the move from from to to with the flag. It writes the
// fields in place: a Move built aside and copied in is read back wider
// than it was written, which stalls the processor.
func add(buf []Move, from, to Cell, flag uint8) []Move {
	n := len(buf)
	if n == cap(buf) {
		return append(buf, Move{From: from, To: to, Flag: flag})
	}
	buf = buf[:n+1]
	buf[n] = Move{From: from, To: to, Flag: flag}
	return buf
}

// emitUp appends a move from from to every cell of to, lowest first;
// emitDown highest first. Along a ray, nearest first.
func emitUp(buf []Move, from Cell, to uint64) []Move {
	for ; to != 0; to &= to - 1 {
		buf = add(buf, from, Cell(bits.TrailingZeros64(to)), Plain)
	}
	return buf
}

func emitDown(buf []Move, from Cell, to uint64) []Move {
	for to != 0 {
		c := Cell(bits.Len64(to) - 1)
		to ^= 1 << c
		buf = add(buf, from, c, Plain)
	}
	return buf
}

// emitRuns appends a move from from to every cell of to, a king's steps
// or a knight's leaps from from, in the order of their runs.
func emitRuns(buf []Move, from Cell, to uint64, runs *offsetRuns) []Move {
	for r := 0; r < runs.n && to != 0; r++ {
		run := to & runs.cells[r][from]
		to &^= run
		if runs.up[r] {
			buf = emitUp(buf, from, run)
		} else {
			buf = emitDown(buf, from, run)
		}
	}
	return buf
}

// castlings appends the castlings of the army to move, as the
// table-driven generator does (castlings in movegen.go), its cells read
// for attack from the sets.
func (g *gen8) castlings(buf []Move) []Move {
	rights, rules := g.p.Rights, g.p.Rules
	for r := rights; r != 0; r &= r - 1 {
		i := bits.TrailingZeros16(r)
		if i >= len(rules.Castlings) {
			break
		}
		c := &rules.Castlings[i]
		if c.Army != g.us || !g.castlingFree(c) || rules.SafeCastling && g.anyAttacked(c.Pass) {
			continue
		}
		buf = append(buf, Move{From: c.Monarch, To: c.MonarchTo, Flag: Castle, Castle: int8(i)})
	}
	return buf
}

// castlingFree is Position.castlingFree read from the sets.
func (g *gen8) castlingFree(c *Castling) bool {
	for _, e := range c.Empty {
		if g.all&(1<<e) != 0 {
			return false
		}
	}
	return g.own&(1<<c.Monarch) != 0 && g.p.Cells[c.Rook] == NewMan(g.us, Rook)
}

func (g *gen8) anyAttacked(cells []Cell) bool {
	for _, c := range cells {
		if g.attacked(c, g.all) {
			return true
		}
	}
	return false
}
