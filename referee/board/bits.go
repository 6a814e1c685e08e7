package board

import "math/bits"

// The tables of the 8×8 generator (gen8.go): a set of cells of the
// Standard board is a uint64, bit c for cell c. They are built once from
// the same steps as Standard's own tables, so both generators agree.

// The eight directions of a slider in the order of Standard's rays: the
// rook's north, south, east, west, then the bishop's north-east,
// south-west, south-east, north-west. Cells grow along dirN, dirE, dirNE
// and dirNW (reachUp) and shrink along the others (reachDown).
const (
	dirN = iota
	dirS
	dirE
	dirW
	dirNE
	dirSW
	dirSE
	dirNW
)

var (
	// rayBits[d][c] are the cells a slider on c passes going d on an
	// empty board, c itself left out.
	rayBits [8][64]uint64
	// stepBits and leapBits are a king's steps and a knight's leaps from c.
	stepBits, leapBits [64]uint64
	// pawnFrom[a][c] are the cells from which a pawn of army a takes on c.
	pawnFrom [2][64]uint64
	// stepRuns and leapRuns are a king's steps and a knight's leaps in
	// the order of Standard's tables, cut into runs along which cells grow
	// or shrink (see emitRuns).
	stepRuns, leapRuns offsetRuns
	// lineBits[0][c] are the cells of the rook's rays from c, lineBits[1][c]
	// the bishop's.
	lineBits [2][64]uint64
)

func init() {
	stepRuns.cut(standardDirs)
	leapRuns.cut(standardLeaps)
	if leapRuns.n != 2 || leapRuns.up[0] || !leapRuns.up[1] {
		panic("board: gen8 lists a knight's leaps in two runs, falling then rising")
	}
	for c := 0; c < 64; c++ {
		for d, s := range standardDirs {
			for f, r := c%8+s[0], c/8+s[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+s[0], r+s[1] {
				rayBits[d][c] |= 1 << (r*8 + f)
			}
			lineBits[d/4][c] |= rayBits[d][c]
		}
		stepBits[c] = cellBits(Standard.King[c])
		leapBits[c] = cellBits(Standard.Knight[c])
		for a := range pawnFrom {
			pawnFrom[a][c] = cellBits(Standard.PawnAttack[a][c])
		}
	}
}

// offsetRuns are a list of steps from a cell cut into runs along which the
// cells grow (or shrink): for each run its direction, and for each cell
// the cells the run's steps reach from it on the board. The cells of a run
// listed lowest first (or highest) are in the list's order.
type offsetRuns struct {
	n     int
	up    [8]bool
	cells [8][64]uint64
}

// cut cuts steps (files, ranks) into runs, each as long as it can be.
func (o *offsetRuns) cut(steps [8][2]int) {
	size, last := 0, 0
	for _, s := range steps {
		off := s[0] + 8*s[1]
		switch {
		case size == 1:
			o.up[o.n-1] = off > last
		case size == 0 || o.up[o.n-1] != (off > last):
			o.n++
			size = 0
		}
		size++
		last = off
		for c := range 64 {
			if f, r := c%8+s[0], c/8+s[1]; f >= 0 && f < 8 && r >= 0 && r < 8 {
				o.cells[o.n-1][c] |= 1 << (c + off)
			}
		}
	}
}

func cellBits(cells []Cell) uint64 {
	var b uint64
	for _, c := range cells {
		b |= 1 << c
	}
	return b
}

// reachUp and reachDown are the cells a slider on c reaches going d, a
// direction along which cells grow (reachUp) or shrink, past the empty
// cells of occ: up to and with the first occupied one.
func reachUp(d int, c Cell, occ uint64) uint64 {
	r := rayBits[d][c]
	if b := r & occ; b != 0 {
		r ^= rayBits[d][bits.TrailingZeros64(b)]
	}
	return r
}

func reachDown(d int, c Cell, occ uint64) uint64 {
	r := rayBits[d][c]
	if b := r & occ; b != 0 {
		r ^= rayBits[d][63-bits.LeadingZeros64(b)]
	}
	return r
}

// rookReach and bishopReach are the cells a rook or a bishop on c reaches
// past the empty cells of occ.
func rookReach(c Cell, occ uint64) uint64 {
	return reachUp(dirN, c, occ) | reachDown(dirS, c, occ) | reachUp(dirE, c, occ) | reachDown(dirW, c, occ)
}

func bishopReach(c Cell, occ uint64) uint64 {
	return reachUp(dirNE, c, occ) | reachDown(dirSW, c, occ) | reachDown(dirSE, c, occ) | reachUp(dirNW, c, occ)
}

// menSets are the men of an 8×8 board as sets of cells: those of each of
// two armies, those of each class (the way they move) and the kings. A
// Position keeps them beside its Cells (Put, Apply and FindKings keep
// both); seen is the cells they were made from, so that the generator can
// tell them stale after Cells were written by hand and make them anew.
type menSets struct {
	seen  [64]Man
	army  [2]uint64
	class [numClasses]uint64
	kings uint64
	odd   uint64 // men the 8×8 generator does not serve: of a third army
}

// The classes of men by the way they move: a man of a kind is in each
// class whose flag its kindMoves has.
const (
	classOrth = iota
	classDiag
	classStep
	classLeap
	classPawn
	numClasses
)

// kindClasses are the classes of each kind, bit i for class i.
var kindClasses = func() (out [numKinds]uint8) {
	for k, mv := range kindMoves {
		for i, f := range [numClasses]bool{mv.orth, mv.diag, mv.step, mv.leap, mv.pawn} {
			if f {
				out[k] |= 1 << i
			}
		}
	}
	return out
}()

// set puts man m (or the zero Man) on cell c.
func (s *menSets) set(c Cell, m Man) {
	if old := s.seen[c]; old != 0 {
		s.toggle(c, old)
	}
	s.seen[c] = m
	if m != 0 {
		s.toggle(c, m)
	}
}

// toggle adds man m on cell c to the sets, or takes it off them.
func (s *menSets) toggle(c Cell, m Man) {
	bit := uint64(1) << c
	k, a := m.Kind(), m.Army()
	if k >= numKinds || a > 1 {
		s.odd ^= bit
		return
	}
	s.army[a] ^= bit
	for cl := kindClasses[k]; cl != 0; cl &= cl - 1 {
		s.class[bits.TrailingZeros8(cl)] ^= bit
	}
	if k == King {
		s.kings ^= bit
	}
}

// fill makes s from the first 64 cells, eight a word.
func (s *menSets) fill(cells *[MaxCells]Man) {
	*s = menSets{}
	for r := 0; r < 64; r += 8 {
		w := word(cells[r : r+8])
		for w != 0 {
			i := bits.TrailingZeros64(w) &^ 7
			s.set(Cell(r+i/8), Man(w>>i))
			w &^= 0xff << i
		}
	}
}

// fresh reports whether s was made from cells as they stand.
func (s *menSets) fresh(cells *[MaxCells]Man) bool {
	return [64]Man(cells[:64]) == s.seen
}

// word reads eight men as one word, the first in the lowest byte.
func word(c []Man) uint64 {
	_ = c[7]
	return uint64(c[0]) | uint64(c[1])<<8 | uint64(c[2])<<16 | uint64(c[3])<<24 |
		uint64(c[4])<<32 | uint64(c[5])<<40 | uint64(c[6])<<48 | uint64(c[7])<<56
}
