package house

import (
	"math/rand/v2"
	"slices"

	"umpire/referee/board"
)

// Dark chess from level 2. The seat sees every cell its men could move
// to, so its own moves are sure, but not what stands behind them: a bishop
// three cells off, the knight that can reach its king. The house imagines
// the enemy men it cannot see on the cells it cannot see (worlds: pawns on
// their first cells where those are dark, the king at home, the rest on
// the enemy's side of the board rather than on ours), reads every move
// in each world as in an open game, and plays the move best on average,
// as the determinized searches of the fog-of-war programs do. How many
// enemy men are left it guesses from its own losses: in an even game both
// sides have lost about as many. Worlds, like the rest, come from the
// seed: the same view gives the same choice.

// darkWorldCount is how many worlds a level reads.
func darkWorldCount(l Level) int {
	if l >= Level3 {
		return 8
	}
	return 3
}

// darkDepth is how far a level reads in each world: level 2 its own
// moves and the captures after, level 3 the replies and its next move.
func darkDepth(l Level) int {
	if l >= Level3 {
		return searchDepth(l)
	}
	return 1
}

// darkNodes is how many positions a level reads in all its worlds
// together.
func darkNodes(l Level) int {
	if l >= Level3 {
		return 2 * maxNodes
	}
	return maxNodes
}

// darkSearch ranks the seat's moves by their mean value over worlds, the
// board's small habits (shape) added, a move that takes back the seat's
// own last move put last among equals.
func (e *eight) darkSearch(s *sight, l Level, seed uint64, tried map[string]bool) []string {
	worlds := darkWorlds(s, darkWorldCount(l), seed)
	sum := map[string]int{}
	var order []string
	for _, w := range worlds {
		ws := *s
		ws.pos = w
		royal, maybe := e.royalKinds(&ws)
		srch := &searcher{us: s.us, royal: royal, maybe: maybe, limit: darkNodes(l) / len(worlds), mating: true}
		for _, x := range srch.rootValues(&w, darkDepth(l), tried) {
			if _, ok := sum[x.text]; !ok {
				order = append(order, x.text)
			}
			sum[x.text] += x.score
		}
	}
	back := backOf(s.v)
	moves := map[string]board.Move{}
	for _, m := range s.pos.Legal(nil) {
		moves[m.Coord(board.Standard)] = m
	}
	list := make([]scored, 0, len(order))
	for _, t := range order {
		if m, ok := moves[t]; ok { // a move only a world allows is not the seat's
			sc := 10*sum[t]/len(worlds) + noise(seed, s.v.Ply, t) - backCost(t, back) + shape(s, s.pos.At(m.From), m)
			list = append(list, scored{t, sc})
		}
	}
	return mixed(list, 10*mixMargin, seed, s.v.Ply)
}

// darkWorlds fills the cells s cannot see with the enemy men it has not
// seen, n ways. The dark cells say more than that they are dark: one just
// ahead of a pawn of the seat holds a man (else the pawn could step there
// and the seat would see it), one a pawn of the seat could take on holds
// none (else the seat would see it), and one where the enemy's last move
// took a man of the seat's holds the man that took it.
func darkWorlds(s *sight, n int, seed uint64) []board.Position {
	them := s.us ^ 1
	hidden, keep := unseenMen(s)
	king := true // the enemy king, unless the seat sees it
	for c := range board.Cell(64) {
		if m := s.pos.At(c); !m.Empty() && m.Army() == them && m.Kind() == board.King {
			king = false
		}
	}
	held, free := darkCells(s)
	rng := rand.New(rand.NewPCG(seed, uint64(s.v.Ply)))
	out := make([]board.Position, 0, n)
	for range n {
		w := s.pos
		rng.Shuffle(len(hidden), func(i, j int) { hidden[i], hidden[j] = hidden[j], hidden[i] })
		men := append([]board.Kind(nil), hidden[:keep]...)
		open := free
		put := func(c board.Cell, k board.Kind) {
			w.Put(c, board.NewMan(them, k))
			open[c] = false
		}
		for _, c := range held { // a pawn's blocker: the last of the men drawn, a pawn if there is one
			k := board.Pawn
			if i := slices.Index(men, board.Pawn); i >= 0 {
				men = slices.Delete(men, i, i+1)
			} else if len(men) > 0 {
				k, men = men[len(men)-1], men[:len(men)-1]
			}
			put(c, k)
		}
		for _, c := range takers(s, open) { // the man that took one of the seat's there: any drawn
			var fit []int
			for i, k := range men {
				if k != board.Pawn || board.RankOf(c)%7 != 0 {
					fit = append(fit, i)
				}
			}
			if len(fit) == 0 {
				break
			}
			i := fit[rng.IntN(len(fit))]
			put(c, men[i])
			men = slices.Delete(men, i, i+1)
		}
		if king {
			if c := darkCell(&open, them, board.King, rng); c != board.NoCell {
				put(c, board.King)
			}
		}
		for _, k := range men {
			if c := darkCell(&open, them, k, rng); c != board.NoCell {
				put(c, k)
			}
		}
		w.FindKings()
		w.ToMove = s.us
		out = append(out, w)
	}
	return out
}

// darkCells reads the dark cells of s: those that must hold an enemy man
// (just ahead of a pawn of the seat that could otherwise step there), and
// those where one may stand (not where a pawn of the seat could take it).
func darkCells(s *sight) (held []board.Cell, free [64]bool) {
	free = s.unknown
	g := s.pos.Geo
	for c := range board.Cell(64) {
		if m := s.pos.At(c); m.Empty() || m.Army() != s.us || m.Kind() != board.Pawn {
			continue
		}
		for _, to := range g.PawnCapture[s.us][c] {
			free[to] = false
		}
		if f := g.PawnPush[s.us][c]; f != board.NoCell && s.unknown[f] {
			held = append(held, f)
		} else if d := g.PawnDouble[s.us][c]; f != board.NoCell && s.pos.At(f).Empty() && d != board.NoCell && s.unknown[d] {
			held = append(held, d)
		}
	}
	held = slices.DeleteFunc(held, func(c board.Cell) bool { return !free[c] })
	for _, c := range held {
		free[c] = false
	}
	return held, free
}

// unseenMen is the guess of the enemy's men s cannot see, its king
// apart: the men of a full army less those it sees, and how many of them
// a world keeps: as many fewer as the seat has lost of its own. Each
// world keeps a different draw of them.
func unseenMen(s *sight) ([]board.Kind, int) {
	left := map[board.Kind]int{board.Queen: 1, board.Rook: 2, board.Bishop: 2, board.Knight: 2, board.Pawn: 8}
	own, seen := 0, 0
	for c := range board.Cell(64) {
		m := s.pos.At(c)
		switch {
		case m.Empty():
		case m.Army() == s.us:
			own++
		case m.Kind() != board.King:
			seen++
			if left[m.Kind()] > 0 {
				left[m.Kind()]--
			} else if left[board.Pawn] > 0 {
				left[board.Pawn]-- // a promoted pawn
			}
		}
	}
	var out []board.Kind
	for _, k := range []board.Kind{board.Queen, board.Rook, board.Bishop, board.Knight, board.Pawn} { // in order: the same view, the same worlds
		for range left[k] {
			out = append(out, k)
		}
	}
	return out, min(len(out), max(0, 15-(16-own)-seen)) // men besides the king, less as many as the seat lost
}

// homeFiles are the files where each kind starts.
var homeFiles = map[board.Kind][]int{
	board.King: {4}, board.Queen: {3}, board.Rook: {0, 7}, board.Bishop: {2, 5}, board.Knight: {1, 6},
}

// darkCell is an open dark cell for an enemy man of kind k, or NoCell:
// where such a man starts, else on the enemy's side of the board (the
// king on its first rank), else anywhere; never a pawn on a last rank.
func darkCell(open *[64]bool, them board.Army, k board.Kind, rng *rand.Rand) board.Cell {
	rel := func(c board.Cell) int { // rank from the enemy's side
		if them == 0 {
			return board.RankOf(c)
		}
		return 7 - board.RankOf(c)
	}
	var home, near, any []board.Cell
	for c := range board.Cell(64) {
		if !open[c] {
			continue
		}
		r, f := rel(c), board.FileOf(c)
		switch {
		case k == board.Pawn && (r == 0 || r == 7):
			continue
		case k == board.Pawn && r == 1, k != board.Pawn && r == 0 && slices.Contains(homeFiles[k], f):
			home = append(home, c)
		case r <= 3 && (k != board.King || r == 0):
			near = append(near, c)
		}
		any = append(any, c)
	}
	for _, list := range [][]board.Cell{home, near, any} {
		if len(list) > 0 {
			return list[rng.IntN(len(list))]
		}
	}
	return board.NoCell
}

// takers lists the dark cells, still open, where the enemy's last move took
// a man of the seat's (the view's marks): the taker stands there.
func takers(s *sight, open [64]bool) []board.Cell {
	var out []board.Cell
	for _, name := range s.v.Marks {
		if c, ok := board.Standard.Lookup(name); ok && s.unknown[c] && open[c] {
			out = append(out, c)
		}
	}
	return out
}
