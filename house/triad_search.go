package house

import (
	"sort"

	"umpire/referee"
	"umpire/referee/board"
	"umpire/referee/tri"
)

// Search in three-player chess, from level 2. The house reads a round
// ahead — its move, then each other seat's in turn order (level 3: and its
// own next move after them) — as if both other seats played against it:
// a "paranoid" search, the usual reading of a game of three, where the
// two others may well gang up. It keeps the neutrality rule (triad.md
// 3.1) as it reads, from whose man each seat's last move took, and a king
// that leaves the board turns its army neutral. A position is worth the
// men of the armies the seat moves less half of everyone else's, a seat
// that lost its king (taken, or mated when its turn comes) much more. Of
// Lords and Servants it knows only what the Thrones and the bonds of the
// view say at the start: a move the referee refuses costs the house only
// a try, and it sends its next one. Like every search of the house it is
// bounded by a count of positions.

// triDepth is how many turns each level reads; 0 for none.
func triDepth(l Level) int {
	switch l {
	case Level2:
		return 3
	case Level3:
		return 4
	}
	return 0
}

// triNodes bounds one choice's triad search by level, in positions read;
// each move of the seat gets an equal share, so that the last one read is
// judged as deeply as the first.
func triNodes(l Level) int {
	if l == Level3 {
		return 120000
	}
	return 40000
}

// triOut is what a seat's loss of its king is worth, in tenths of a pawn:
// more than any army's men, less than the house's own king.
const triOut = 2000

// triNode is what the search keeps of a position besides the board: the
// seat that controls each army (-1: none, a neutral army), and the seat
// whose man each seat's last move took (-1: none), which the neutrality
// rule reads.
type triNode struct {
	ctrl, took [3]int8
}

// triSearcher is one choice's search: the seat, and the positions read.
type triSearcher struct {
	us     int
	budget int // positions for the whole choice
	nodes  int // positions read for the move being judged
	limit  int // its share of the budget
}

// triStart reads the search's first node from a view: each army's
// controller from the kings on the board and the Thrones, and the last
// captures from Diplomacy.Took.
func triStart(v referee.View, p *board.Position) triNode {
	n := triNode{ctrl: [3]int8{-1, -1, -1}, took: [3]int8{-1, -1, -1}}
	for a := range n.ctrl {
		if p.King[a] != board.NoCell {
			n.ctrl[a] = int8(a)
		}
	}
	if v.Diplomacy != nil {
		for _, t := range v.Diplomacy.Thrones {
			if t.Holder != "" {
				n.ctrl[triIndex(t.Army)] = int8(triIndex(t.Holder))
			}
		}
		for _, t := range v.Diplomacy.Took {
			n.took[triIndex(t.Seat)] = int8(triIndex(t.Of))
		}
	}
	return n
}

// ranked orders the seat's moves by the search, best first: a move that
// takes back the seat's own last move last among equals.
func (s *triSearcher) ranked(p *board.Position, n triNode, depth int, seed uint64, ply int, tried map[string]bool, back string) []string {
	var list []scored
	roots := s.moves(p, n, s.us)
	s.limit = s.budget / max(1, len(roots))
	for _, m := range roots {
		t := m.Coord(tri.Geometry)
		if tried[t] {
			continue
		}
		s.nodes = 0
		q, o := s.after(p, n, s.us, m)
		sc := 10*s.value(&q, o, s.next(&q, s.us), depth-1, -4*triOut, 4*triOut) + noise(seed, ply, t) - backCost(t, back)
		list = append(list, scored{t, sc})
	}
	return mixed(list, 10*mixMargin, seed, ply)
}

// moves lists the legal moves of every army seat i controls that the
// neutrality rule lets it make, captures of the most valuable men first
// (so that alpha-beta cuts early).
func (s *triSearcher) moves(p *board.Position, n triNode, i int) []board.Move {
	var out []board.Move
	for a := range n.ctrl {
		if int(n.ctrl[a]) != i {
			continue
		}
		q := *p
		q.ToMove = board.Army(a)
		from := len(out)
		out = q.Legal(out)
		kept := out[:from]
		for _, m := range out[from:] {
			if n.mayTake(p, i, m) {
				kept = append(kept, m)
			}
		}
		out = kept
	}
	gain := func(m board.Move) int {
		if c := p.Captured(m); c != board.NoCell {
			return worth(p.At(c), p.At(c).Kind() == board.King)
		}
		return 0
	}
	sort.SliceStable(out, func(i, j int) bool { return gain(out[i]) > gain(out[j]) })
	return out
}

// victim is the seat whose man m takes: -1 for no capture or a neutral
// army's man.
func (n *triNode) victim(p *board.Position, m board.Move) int {
	if c := p.Captured(m); c != board.NoCell {
		return int(n.ctrl[p.At(c).Army()])
	}
	return -1
}

// mayTake reports whether seat a may make m by the neutrality rule
// (triad.md 3.1–3.3): a neutral man always, a man of its own never, a
// man of seat b when b's last move took a man of a, or the third seat's
// did not take one of b (a third seat without a king took nothing).
func (n *triNode) mayTake(p *board.Position, a int, m board.Move) bool {
	b := n.victim(p, m)
	switch {
	case b < 0:
		return true
	case b == a:
		return false
	}
	c := 3 - a - b
	return int(n.took[b]) == a || p.King[c] == board.NoCell || int(n.took[c]) != b
}

// after is p after seat i's move m, and the node after it: whose man the
// move took, and a king it took gone, its army neutral.
func (s *triSearcher) after(p *board.Position, n triNode, i int, m board.Move) (board.Position, triNode) {
	q := *p
	n.took[i] = int8(n.victim(p, m))
	if c := q.Captured(m); c != board.NoCell && q.At(c).Kind() == board.King {
		n.out(&q, q.At(c).Army())
	}
	q.ToMove = q.At(m.From).Army()
	q.Apply(m)
	return q, n
}

// out records that army a's king left the board: the army is neutral
// (the search does not follow who later holds its Throne).
func (n *triNode) out(p *board.Position, a board.Army) {
	p.King[a] = board.NoCell
	n.ctrl[a] = -1
}

// next is the seat after seat i whose king is still on the board in p;
// i itself when no other's is.
func (s *triSearcher) next(p *board.Position, i int) int {
	for k := 1; k <= 3; k++ {
		if j := (i + k) % 3; p.King[board.Army(j)] != board.NoCell {
			return j
		}
	}
	return i
}

// value is p's worth to the seat with seat i to move, depth turns read.
// The seat maximises, the others minimise.
func (s *triSearcher) value(p *board.Position, n triNode, i, depth, alpha, beta int) int {
	s.nodes++
	if p.King[board.Army(s.us)] == board.NoCell {
		return -4 * triOut
	}
	if depth <= 0 || s.nodes > s.limit {
		return s.eval(p, n)
	}
	moves := s.moves(p, n, i)
	if len(moves) == 0 {
		n.took[i] = -1 // mated or passing, the seat took nothing (3.2)
		if own := board.Army(i); p.King[own] != board.NoCell && p.Attacked(p.King[own], own) {
			q := *p // mated: the king leaves the board (triad.md 2.6)
			q.Put(q.King[own], board.Man(0))
			n.out(&q, own)
			return s.value(&q, n, s.next(&q, i), depth-1, alpha, beta)
		}
		return s.value(p, n, s.next(p, i), depth-1, alpha, beta) // a pass
	}
	ours := i == s.us
	for _, m := range moves {
		q, o := s.after(p, n, i, m)
		v := s.value(&q, o, s.next(&q, i), depth-1, alpha, beta)
		if ours {
			alpha = max(alpha, v)
		} else {
			beta = min(beta, v)
		}
		if alpha >= beta {
			break
		}
	}
	if ours {
		return alpha
	}
	return beta
}

// eval is a position's worth to the seat: the men of the armies it
// controls less half of each other seat's, each other seat without a
// king worth triOut to it.
func (s *triSearcher) eval(p *board.Position, n triNode) int {
	var men [3]int
	for _, m := range p.Cells {
		if c := n.ctrl[m.Army()]; !m.Empty() && m.Kind() != board.King && c >= 0 {
			men[c] += 10 * worth(m, false)
		}
	}
	v := men[s.us]
	for i := range men {
		if i == s.us {
			continue
		}
		w := men[i]
		if p.King[i] == board.NoCell {
			w -= triOut
		} else if men[i] <= triBare {
			v += triHemmed * hemmed(p, board.Army(i))
		}
		v -= w / 2
	}
	return v
}

// triBare is the most an army's men may be worth (tenths of a pawn) for
// the house to play for its king's mate: a rook and a minor piece.
const triBare = 80

// triHemmed is what each cell taken from a nearly bare king is worth, so
// that the house drives it into a corner of the board rather than trades
// moves with it until the fifty-move draw.
const triHemmed = 3

// hemmed counts the cells next to army a's king where it cannot step: its
// own men, and cells another army attacks.
func hemmed(p *board.Position, a board.Army) int {
	n := 0
	for _, c := range p.Geo.King[p.King[a]] {
		if m := p.At(c); !m.Empty() && m.Army() == a || p.Attacked(c, a) {
			n++
		}
	}
	return n + 8 - len(p.Geo.King[p.King[a]])
}
