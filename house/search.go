package house

import (
	"sort"
	"strings"

	"umpire/referee"
	"umpire/referee/board"
)

// Search, from level 2, wherever the seat sees every man its moves can
// meet (plain chess, the Korona family, progressive chess): the house
// reads its moves and the answers to them a few plies deep (alpha-beta
// over material, mate and stalemate, the captures after), two plies at
// level 2 and three at level 3, instead of judging each move on its own.
// Where the variant ends the game by taking a monarch (Korona), a monarch
// that may wear the crown for all the seat knows counts as a heavy piece,
// not as the end of the game: the search never assumes a secret it was
// not told. The search is bounded by a count of positions, never by the
// clock: the same view gives the same choice. In dark chess the same
// search reads worlds that fill the cells the seat cannot see (dark.go):
// a search over the squares it sees alone walks into what it cannot see.

// search ranks the seat's moves by the search where it sees the men its
// moves can meet (every 8×8 variant but Kriegspiel and dark chess): on
// the board it sees, its own growing pawn and any enemy one it knows of
// made stones (progressive chess), a move that takes back the seat's own
// last move put last among equals (a repetition is a draw thrown away),
// and Korona-2's new stones first unless a capture of a piece is on the
// board.
func (e *eight) search(s *sight, depth int, seed uint64, tried map[string]bool, stones string) []string {
	if e.unsure != nil {
		e.unsure(s)
	}
	for c := range board.Cell(64) {
		if e.frozen != nil && e.frozen(s, c) {
			s.pos.Put(c, board.NewMan(s.pos.At(c).Army(), board.Stone))
		}
	}
	royal, maybe := e.royalKinds(s)
	out := ranked(&s.pos, royal, maybe, depth, seed, s.v.Ply, tried, backOf(s.v))
	if stones == "" || tried[stones] {
		return out
	}
	if len(out) > 0 && bigCapture(&s.pos, out[0]) {
		return append(out, stones)
	}
	return append([]string{stones}, out...)
}

// bigCapture reports whether move text takes a piece (not a pawn) on p.
func bigCapture(p *board.Position, text string) bool {
	for _, m := range p.Generate(nil) {
		if m.Coord(board.Standard) == text {
			c := p.Captured(m)
			return c != board.NoCell && worth(p.At(c), false) >= worth(board.NewMan(0, board.Knight), false)
		}
	}
	return false
}

// searchDepth is how far each level reads; 0 for none.
func searchDepth(l Level) int {
	switch l {
	case Level2:
		return 2
	case Level3:
		return 3
	}
	return 0
}

// maxNodes bounds one choice's search.
const maxNodes = 60000

// mateScore is the value of being mated, in tenths of a pawn.
const mateScore = 100000

// searcher is one choice's search.
type searcher struct {
	us    board.Army
	nodes int
	limit int // positions it may read
	// royal is, per army, the kinds of men whose capture ends the game
	// (bit k for kind k), where the rules have no check (Rules.Royal is
	// NoKind): the king in dark chess, the crowned monarch in Korona, and
	// both of the enemy's monarchs while its crown is sealed. A side with
	// no move there loses.
	royal [2]uint32
	// maybe is, per army, the kinds of men that may be royal for all the
	// seat knows (the enemy's two monarchs while its crown is sealed):
	// worth much, but their capture does not end the search.
	maybe [2]uint32
	// ply is how deep below the position its caller gave the search is;
	// plies holds a position and a move list for each ply, made on first
	// use and kept, so that a node copies into memory it already has.
	ply   int
	plies []*searchPly
	// mating: a side that could no longer mate gains nothing by its men
	// (mating.go), where too few men draw the game.
	mating bool
	// advanced: a pawn near its last rank is worth more (advance).
	advanced bool
}

// searchPly is a ply's memory: the position after a move and the moves
// listed at that ply.
type searchPly struct {
	pos   board.Position
	moves []board.Move
}

// here is the memory of the current ply.
func (s *searcher) here() *searchPly {
	for len(s.plies) <= s.ply {
		s.plies = append(s.plies, new(searchPly))
	}
	return s.plies[s.ply]
}

// legal lists the legal moves of p, the position of the current ply, in
// the ply's move list.
func (s *searcher) legal(p *board.Position) []board.Move {
	h := s.here()
	h.moves = p.Legal(h.moves[:0])
	return h.moves
}

// enter plays m on p, the position of the current ply, the other side to
// move after it, and goes a ply down to the result; leave comes back up.
func (s *searcher) enter(p *board.Position, m board.Move) *board.Position {
	s.ply++
	q := &s.here().pos
	*q = *p
	q.Apply(m)
	q.ToMove = p.ToMove ^ 1
	return q
}

func (s *searcher) leave() { s.ply-- }

// royalKinds reads the searcher's royal kinds from the men of a sight,
// and the kinds that may be royal: where the sight has two men royal for
// all it knows (Korona's sealed crown), neither is sure.
func (e *eight) royalKinds(s *sight) (royal, maybe [2]uint32) {
	var n [2]int
	for c := range board.Cell(64) {
		if m := s.pos.At(c); !m.Empty() && m.Army() < 2 && e.royal(s, c) {
			royal[m.Army()] |= 1 << m.Kind()
			n[m.Army()]++
		}
	}
	for a := range royal {
		if n[a] > 1 {
			royal[a], maybe[a] = 0, royal[a]
		}
	}
	return royal, maybe
}

// takesRoyal reports whether m takes a man whose loss ends the game.
func (s *searcher) takesRoyal(p *board.Position, m board.Move) bool {
	c := p.Captured(m)
	if c == board.NoCell || p.Rules.Royal != board.NoKind {
		return false
	}
	v := p.At(c)
	return v.Army() < 2 && s.royal[v.Army()]&(1<<v.Kind()) != 0
}

// ranked orders the legal moves of p by the search's value for the side
// to move, best first, with the seed's noise to part equal moves. royal
// and maybe are the searcher's; back is the move that takes the side's last one back.
func ranked(p *board.Position, royal, maybe [2]uint32, depth int, seed uint64, ply int, tried map[string]bool, back string) []string {
	s := &searcher{us: p.ToMove, royal: royal, maybe: maybe, limit: maxNodes}
	list := s.rootValues(p, depth, tried)
	for i := range list {
		list[i].score = 10*list[i].score + noise(seed, ply, list[i].text) - backCost(list[i].text, back)
	}
	return mixed(list, 10*mixMargin, seed, ply)
}

// backOf is the move that takes the seat's own last move back, in
// coordinates ("e4e2", "wd4wd2"); "" before its first.
func backOf(v referee.View) string {
	if lm := v.LastMove; len(lm) == 2 {
		return lm[1] + lm[0]
	}
	return ""
}

// backCost is what taking back the side's own last move costs a move:
// half a pawn, for a back-and-forth repeats.
func backCost(text, back string) int {
	if back != "" && strings.HasPrefix(text, back) {
		return 50
	}
	return 0
}

// best lists the texts of scored moves, best first.
func best(list []scored) []string {
	sort.SliceStable(list, func(i, j int) bool { return list[i].score > list[j].score })
	out := make([]string, len(list))
	for i, x := range list {
		out[i] = x.text
	}
	return out
}

// rootValues is the search's value of each legal move of p not yet
// tried, for the side to move, in tenths of a pawn. Each move gets an
// equal share of the searcher's limit, so that the last are read as deep
// as the first.
func (s *searcher) rootValues(p *board.Position, depth int, tried map[string]bool) []scored {
	var list []scored
	moves := s.ordered(p, s.legal(p))
	share := s.limit / max(1, len(moves))
	for _, m := range moves {
		t := m.Coord(board.Standard)
		if tried[t] {
			continue
		}
		s.nodes, s.limit = 0, share
		v := mateScore + depth
		if !s.takesRoyal(p, m) {
			v = -s.negamax(s.enter(p, m), depth-1, -mateScore*2, mateScore*2)
			s.leave()
		}
		list = append(list, scored{t, v})
	}
	return list
}

// negamax is the value of p for its side to move, read depth plies deep.
func (s *searcher) negamax(p *board.Position, depth, alpha, beta int) int {
	s.nodes++
	moves := s.legal(p)
	if len(moves) == 0 {
		if p.InCheck() || p.Rules.Royal == board.NoKind {
			return -mateScore - depth // mated, or with no move where that loses: sooner is worse
		}
		return 0 // stalemate
	}
	moves = s.ordered(p, moves)
	if s.takesRoyal(p, moves[0]) {
		return mateScore + depth // ordered: a royal capture comes first
	}
	if depth <= 0 || s.nodes > s.limit {
		return s.quiet(p, alpha, beta, 4)
	}
	for _, m := range moves {
		v := -s.negamax(s.enter(p, m), depth-1, -beta, -alpha)
		s.leave()
		if v >= beta {
			return v
		}
		alpha = max(alpha, v)
	}
	return alpha
}

// quiet reads the captures on from a leaf until none is worth making
// (quiescence), so that a leaf is not judged in the middle of an exchange;
// the side to move may always stand pat.
func (s *searcher) quiet(p *board.Position, alpha, beta, left int) int {
	s.nodes++
	moves := s.ordered(p, s.legal(p))
	if len(moves) > 0 && s.takesRoyal(p, moves[0]) {
		return mateScore // before standing pat: the game ends here
	}
	stand := s.material(p)
	if stand >= beta || left == 0 || s.nodes > s.limit {
		return stand
	}
	alpha = max(alpha, stand)
	for _, m := range moves {
		if p.Captured(m) == board.NoCell && m.Promo == board.NoKind {
			break // ordered: the captures came first
		}
		v := -s.quiet(s.enter(p, m), -beta, -alpha, left-1)
		s.leave()
		if v >= beta {
			return v
		}
		alpha = max(alpha, v)
	}
	return alpha
}

// material is the balance of men for the side to move, in tenths of a
// pawn, kings left out, a monarch that may be crowned (maybe) counted as
// half the game.
func (s *searcher) material(p *board.Position) int {
	sum := 0
	for c := range board.Cell(p.Geo.Len()) {
		m := p.At(c)
		if m.Empty() {
			continue
		}
		v := 10 * worth(m, false)
		if s.advanced && m.Kind() == board.Pawn {
			v += advance(p, m, c)
		}
		if m.Army() < 2 && s.maybe[m.Army()]&(1<<m.Kind()) != 0 {
			v = 10 * maybeValue
		} else if m.Kind() == board.King {
			continue
		}
		if m.Army() != p.ToMove {
			v = -v
		}
		sum += v
	}
	if s.mating {
		return drawish(p, sum)
	}
	return sum
}

// advance is what a pawn on c is worth beyond a pawn, in tenths, on the
// 8×8 board: half a pawn on its sixth rank, two on its seventh, where one
// step makes it a queen.
func advance(p *board.Position, m board.Man, c board.Cell) int {
	if p.Geo != board.Standard {
		return 0
	}
	r := board.RankOf(c)
	if m.Army() == 1 {
		r = 7 - r
	}
	switch r {
	case 5:
		return 5
	case 6:
		return 20
	}
	return 0
}

// maybeValue is what a monarch that may hold the crown is worth, in
// pawns: its capture wins the game one time in two.
const maybeValue = 30

// ordered puts captures first, a royal man first and then the biggest
// victim, so that alpha-beta cuts early.
func (s *searcher) ordered(p *board.Position, moves []board.Move) []board.Move {
	gain := func(m board.Move) int {
		if s.takesRoyal(p, m) {
			return 1 << 20
		}
		g := -1
		if c := p.Captured(m); c != board.NoCell {
			g = 10*worth(p.At(c), false) - worth(p.At(m.From), false)
		}
		if m.Promo != board.NoKind {
			g = max(g, 0) + 10*worth(board.NewMan(0, m.Promo), false)
		}
		return g
	}
	sort.SliceStable(moves, func(i, j int) bool { return gain(moves[i]) > gain(moves[j]) })
	return moves
}
