package house

import (
	"sync"

	"umpire/referee/board"
)

// Endgame tables. A king and a queen, or a king and a rook, mate a lone
// king by technique, not by search: a few plies of reading do not see the
// mate twenty plies off, and the hunt (hunt.go) could go round in circles
// till the fifty-move rule drew the game. So the house knows these two
// endings exactly: for every placement of its king, its queen or rook and
// the lone king, the plies to mate with best play, built the first time it
// needs them by retrograde analysis (from the mates back, each placement's
// distance is one more than the best, for the lone king the worst, of the
// placements its moves reach). The work is fixed, 262,144 placements a
// side, and the tables are the same for every game: the house stays a
// function of its view and seed. The hunt then plays, against every cell
// the lone king may stand on, the move nearest to mate on average.

// table holds the plies to mate of one ending, indexed by place: with the
// strong side to move (strong) and with the lone king to move (lone); far
// where there is no mate (a stalemate, the piece taken, a placement that
// cannot be).
type table struct {
	strong, lone []uint8
}

// far marks a placement of a table with no mate.
const far = 255

// place indexes a table by the cells of the strong king, its piece and the
// lone king.
func place(k, p, e board.Cell) int { return (int(k)*64+int(p))*64 + int(e) }

// tables are built once, on first use.
var tables = struct {
	once        sync.Once
	queen, rook *table
}{}

// endTable is the table of a piece kind (queen or rook), nil for another.
func endTable(k board.Kind) *table {
	tables.once.Do(func() {
		tables.queen, tables.rook = buildTable(queenDirs), buildTable(rookDirs)
	})
	switch k {
	case board.Queen:
		return tables.queen
	case board.Rook:
		return tables.rook
	}
	return nil
}

// loneToMove is the plies to mate from a placement with the lone king to
// move; ok is false where there is none.
func (t *table) loneToMove(k, p, e board.Cell) (int, bool) {
	d := t.lone[place(k, p, e)]
	return int(d), d != far
}

// The directions a queen and a rook slide in, as file and rank steps.
var (
	rookDirs  = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	queenDirs = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// near reports whether two cells touch (a king's step apart).
func near(a, b board.Cell) bool {
	return a != b && abs(board.FileOf(a)-board.FileOf(b)) <= 1 && abs(board.RankOf(a)-board.RankOf(b)) <= 1
}

// slides reports whether a piece on p sliding in dirs reaches cell t, the
// strong king on k in the way (the lone king never shields a cell from its
// own move).
func slides(dirs [][2]int, p, t, k board.Cell) bool {
	for _, d := range dirs {
		for c, ok := offset(p, d); ok; c, ok = offset(c, d) {
			if c == t {
				return true
			}
			if c == k {
				break
			}
		}
	}
	return false
}

// valid reports whether a placement can stand: three cells, the kings apart.
func valid(k, p, e board.Cell) bool { return k != p && k != e && p != e && !near(k, e) }

// builder is one table under construction.
type builder struct {
	dirs  [][2]int
	hits  []cellSet // the cells the piece attacks, by the strong king's cell and its own (k*64+p)
	t     *table
	moves []uint8 // the lone king's moves left unrefuted, per placement
	queue []int32 // placements whose distance is known, in its order; bit 18 set for the lone king to move
}

// buildTable solves the ending of a piece sliding in dirs.
func buildTable(dirs [][2]int) *table {
	b := &builder{dirs: dirs, t: &table{strong: make([]uint8, 1<<18), lone: make([]uint8, 1<<18)}, moves: make([]uint8, 1<<18)}
	b.hits = make([]cellSet, 64*64)
	for k := range board.Cell(64) {
		for p := range board.Cell(64) {
			for t := range board.Cell(64) {
				if slides(dirs, p, t, k) {
					b.hits[int(k)*64+int(p)].Set(t)
				}
			}
		}
	}
	for i := range b.t.strong {
		b.t.strong[i], b.t.lone[i] = far, far
	}
	b.mates()
	for len(b.queue) > 0 {
		x := b.queue[0]
		b.queue = b.queue[1:]
		k, p, e := board.Cell(x>>12&63), board.Cell(x>>6&63), board.Cell(x&63)
		if x&(1<<18) != 0 {
			b.strongBefore(k, p, e, b.t.lone[x&(1<<18-1)]+1)
		} else {
			b.loneBefore(k, p, e, b.t.strong[x]+1)
		}
	}
	return b.t
}

// attacks reports whether the piece on p, the strong king on k, attacks t.
func (b *builder) attacks(k, p, t board.Cell) bool { return b.hits[int(k)*64+int(p)].Has(t) }

// mates counts the lone king's moves in every placement and queues the
// mates.
func (b *builder) mates() {
	for k := range board.Cell(64) {
		for p := range board.Cell(64) {
			for e := range board.Cell(64) {
				if !valid(k, p, e) {
					continue
				}
				n := b.loneMoves(k, p, e)
				b.moves[place(k, p, e)] = n
				if n == 0 && b.attacks(k, p, e) {
					b.t.lone[place(k, p, e)] = 0
					b.queue = append(b.queue, int32(place(k, p, e)|1<<18))
				}
			}
		}
	}
}

// loneMoves counts the lone king's moves: steps onto cells neither king
// nor piece attacks, and the capture of an unguarded piece.
func (b *builder) loneMoves(k, p, e board.Cell) uint8 {
	n := uint8(0)
	for _, t := range board.Standard.King[e] {
		switch {
		case near(t, k):
		case t == p:
			n++ // takes the piece: never a mate from there
		case !b.attacks(k, p, t):
			n++
		}
	}
	return n
}

// strongBefore marks the placements with the strong side to move from
// which a move reaches (k, p, e), the lone king to move, lost in d-1.
func (b *builder) strongBefore(k, p, e board.Cell, d uint8) {
	mark := func(k, p board.Cell) {
		if i := place(k, p, e); valid(k, p, e) && b.t.strong[i] == far && !b.attacks(k, p, e) {
			b.t.strong[i] = d
			b.queue = append(b.queue, int32(i))
		}
	}
	for _, y := range board.Standard.King[k] {
		if y != p && y != e {
			mark(y, p)
		}
	}
	for _, dir := range b.dirs {
		for y, ok := offset(p, dir); ok && y != k && y != e; y, ok = offset(y, dir) {
			mark(k, y)
		}
	}
}

// loneBefore counts down the moves of the placements with the lone king
// to move from which a move reaches (k, p, e), won in d-1: one whose moves
// all lose is lost in d.
func (b *builder) loneBefore(k, p, e board.Cell, d uint8) {
	for _, z := range board.Standard.King[e] {
		i := place(k, p, z)
		if !valid(k, p, z) || b.t.lone[i] != far || b.moves[i] == 0 {
			continue
		}
		if b.moves[i]--; b.moves[i] == 0 {
			b.t.lone[i] = d
			b.queue = append(b.queue, int32(i|1<<18))
		}
	}
}

// mater is the seat's man the tables mate with: its queen, else its rook.
func mater(p *board.Position, us board.Army) (board.Cell, *table) {
	at, kind := board.NoCell, board.NoKind
	for c := range board.Cell(64) {
		m := p.At(c)
		if m.Empty() || m.Army() != us || m.Kind() != board.Queen && m.Kind() != board.Rook {
			continue
		}
		if kind != board.Queen {
			at, kind = c, m.Kind()
		}
	}
	if at == board.NoCell {
		return at, nil
	}
	return at, endTable(kind)
}
