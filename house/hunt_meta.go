package house

import "umpire/referee/board"

// Hunting with a queen or a rook. Against a lone king the seat knows the
// cells it may stand on (kingTrack), never the cell. A move is judged by
// what the seat will know after it: the umpire says whether it checks,
// which splits the cells in two, and the king then steps to any cell next
// to its own that no man of the seat's attacks. Each part is judged by how
// many cells it holds, how large the pen they lie in is (every cell the
// king could walk to, the seat's men standing still), how near the seat's
// king stands to them, and how far from mate the endgame table (tables.go)
// puts the king on them on average; the move by the parts' mean, weighed
// by their share of the cells. A mate counts for its share, a stalemate or
// a queen or rook left to the king far against; a lesser man left to it
// (a queen or rook still there to mate with) only a little, by its worth:
// guarding it slows the mate, and the king that takes it says where it
// stands. Weighed as a rook, the lesser men cost mates: from 500 random
// starts (english rules, fifty moves from the last capture or pawn move),
// the king stepping at random and taking what it finds, a king, rook and
// knight mated 71 times of 100 that way and lost the rook 18 times; with
// the knight worth its price, 86 and 2 (a rook and bishop 79 and 89, a
// rook and two pawns 94 and 99, a queen and knight 95 and 98).
//
// Every level judges the parts as they stand: reading one move further
// (each part worth the best move the seat could make from it), as level 3
// did, mated less often with the weights below (a rook 56 times of 100
// against 66; a queen, with the tables weighed 0, 80 against 88).

// meta is what the seat knows in the hunt: its own men, and the cells the
// lone king may stand on.
type meta struct {
	pos   board.Position
	cells cellSet
}

// metaWeights weigh a meta's parts: per cell of the king's, per step of
// the seat's king from the nearest of them, per ply of the mean distance
// to mate, per cell of the king's pen.
type metaWeights struct{ cell, king, ply, area int }

// huntWeights are the weights the hunt plays by, found by playing the
// endings against a king that steps at random, from 100 random starts
// (seeds 1000 on): kings and rooks mate within fifty moves 66 times of 100,
// kings and queens 82 (with a cell worth 40 and the pen 100, as before,
// 41 and 81). Each cell the king may be on weighs most: the fewer, the
// nearer the mate, wherever the pen lies.
var huntWeights = metaWeights{cell: 160, king: 150, ply: 30, area: 50}

// The worth of what a move may bring, in the meta scale.
const (
	metaMate      = 100000
	metaStalemate = 1 << 22
	metaLost      = 1 << 20
	metaSpare     = 500 // a pawn's worth of a lesser man
)

// metaNext is what move m does against the king's cells of mt: the metas
// after the king's reply, one for the cells m does not check it on and one
// for those it does, how many cells each comes from, and how many cells
// are mated, stalemated, or let the king take an unguarded man.
type metaNext struct {
	next         [2]meta
	from         [2]int
	mates, stale int
	lost         int // cells where the king may take a queen or a rook
	spare        int // the worth of the other men it may take, summed over cells
	legal        int
}

// step plays m against the cells of mt.
func (mt *meta) step(us board.Army, m board.Move) metaNext {
	var out metaNext
	q := mt.pos
	q.Apply(m)
	q.ToMove = us
	out.next[0].pos, out.next[1].pos = q, q
	for c := range board.Cell(64) {
		if !mt.cells.Has(c) || !legalAgainst(&mt.pos, us, m, c) {
			continue
		}
		out.legal++
		checked := 0
		if q.Attacked(c, us^1) {
			checked = 1
		}
		out.from[checked]++
		escapes := 0
		for _, x := range board.Standard.King[c] {
			if q.Attacked(x, us^1) {
				continue
			}
			escapes++
			if man := q.At(x); !man.Empty() { // a man of the seat's, unguarded
				if k := man.Kind(); k == board.Queen || k == board.Rook {
					out.lost++
				} else {
					out.spare += worth(man, false)
				}
				continue
			}
			out.next[checked].cells.Set(x)
		}
		if escapes == 0 && checked == 1 {
			out.mates++
		} else if escapes == 0 {
			out.stale++
		}
	}
	return out
}

// value is what the seat makes of a meta, its turn to move: the fewer
// cells and the smaller the pen (area), the nearer its king to the cells,
// the nearer to mate by the table on average, the better.
func (mt *meta) value(us board.Army, w metaWeights) int {
	n := mt.cells.Len()
	if n == 0 {
		return 0
	}
	king := mt.pos.King[us]
	near := 8
	at, t := mater(&mt.pos, us)
	sum, known := 0, 0
	for c := range board.Cell(64) {
		if !mt.cells.Has(c) {
			continue
		}
		near = min(near, kingSteps(c, king))
		if t != nil && valid(king, at, c) {
			if d := t.strong[place(king, at, c)]; d != far {
				sum, known = sum+int(d), known+1
			}
		}
	}
	v := -w.cell*n - w.king*near - w.area*mt.area(us).Len()
	if known > 0 {
		v -= w.ply * sum / known
	}
	return v
}

// judge scores move m from mt, the metas it leads to judged as they stand.
func (mt *meta) judge(us board.Army, m board.Move, w metaWeights, ladder bool) int {
	o := mt.step(us, m)
	if o.legal == 0 {
		return -metaStalemate * 2
	}
	if ladder {
		o.mates, o.stale = o.mates+o.stale, 0
	}
	score := metaMate*o.mates/o.legal - metaLost*o.lost/o.legal - metaSpare*o.spare/o.legal
	if o.stale > 0 {
		score -= metaStalemate
	}
	for i, next := range o.next {
		if o.from[i] == 0 || next.cells == 0 {
			continue
		}
		score += next.value(us, w) * o.from[i] / o.legal
	}
	return score
}

// area is every cell the king could reach from its cells, one step at a
// time, were the seat's men to stand still: the pen it is in.
func (mt *meta) area(us board.Army) cellSet {
	seen := mt.cells
	frontier := mt.cells
	for frontier != 0 {
		var next cellSet
		for c := range board.Cell(64) {
			if !frontier.Has(c) {
				continue
			}
			for _, x := range board.Standard.King[c] {
				if !seen.Has(x) && mt.pos.At(x).Empty() && !mt.pos.Attacked(x, us^1) {
					next.Set(x)
					seen.Set(x)
				}
			}
		}
		frontier = next
	}
	return seen
}
