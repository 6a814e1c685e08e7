package house

import (
	"cmp"
	"math/rand/v2"
	"slices"

	"umpire/referee"
	"umpire/referee/board"
)

// kriegspiel.org's open bots, the first opponents a player meets there, and
// so the rungs of the house's ladder above the random player. They are our
// own code, written from what the READMEs of Kriegspiel/bot-random-any and
// Kriegspiel/bot-simple-heuristics say the bots do:
//
//   - ks-random asks any? first whenever it may, then tries the moves the
//     site allows in a random order;
//   - ks-simple first tries to take back on the square where the enemy's
//     last move took one of its men, else to promote a pawn to a queen;
//     otherwise it asks any? with a chance of one half where it may, or
//     picks one of its men, ranked by the longest move each can make, the
//     first with a chance of one half, each next with half the chance of
//     the one before, and tries that man's moves, longest first; when all
//     fail it picks again among the rest (any? still in the draw).
//
// Like the house, each is a pure function of one seat's View and a seed. It
// plays Kriegspiel under every rule set and dark chess, where no any? is
// asked and the moves allowed are the legal moves the seat sees.

// ksPlays reports whether kriegspiel.org's bots play the variant key
// here: where a seat's moves are hidden (Kriegspiel, dark chess); blind
// says the seat sees none of the enemy's men (no Sight: Kriegspiel).
func ksPlays(key string) (blind, ok bool) {
	v, ok := referee.Lookup(key)
	if !ok || !v.HiddenMoves {
		return false, false
	}
	return !v.Sight, true
}

// ksRandom is bot-random-any's choice for the seat whose view v is.
func ksRandom(v referee.View, seed uint64) []string {
	s, tried, ok := ksSight(v)
	if !ok {
		return nil
	}
	if mayAsk(&s, tried) {
		return []string{askAny}
	}
	moves := allowed(&s, tried)
	ksCoin(v, seed).Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	return texts(moves)
}

// ksSimple is bot-simple-heuristics' choice for the seat whose view v is.
func ksSimple(v referee.View, seed uint64) []string {
	s, tried, ok := ksSight(v)
	if !ok {
		return nil
	}
	moves := allowed(&s, tried)
	slices.SortStableFunc(moves, longestFirst)
	out := texts(urgent(v, moves))
	groups := byMan(moves)
	ask := mayAsk(&s, tried)
	rng := ksCoin(v, seed)
	for len(groups) > 0 || ask {
		n := len(groups)
		if ask {
			n++
		}
		i := geometric(rng, n)
		if ask && i == 0 {
			out = append(out, askAny)
			break // the answer changes what is allowed: the next choice reads it
		}
		if ask {
			i--
		}
		out = append(out, texts(groups[i])...)
		groups = slices.Delete(groups, i, i+1)
	}
	return unique(out)
}

// ksSight reads the view of a seat on its turn in a variant the bots play,
// and the texts it tried this turn.
func ksSight(v referee.View) (sight, map[string]bool, bool) {
	blind, ok := ksPlays(v.Variant)
	if !ok || v.Over() || v.Turn != v.Seat {
		return sight{}, nil, false
	}
	rules := board.ChessRules // the fog's tries are made on the board of chess
	if !blind {
		rules = ruleSetRules(v)
	}
	return read8(v, rules), triedThisTurn(v), true
}

// ksCoin is a bot's coin for one choice: the seed, and where the game and
// the turn stand.
func ksCoin(v referee.View, seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(v.Ply)<<32|uint64(len(v.Sheet))))
}

// urgent is what ks-simple tries before anything else: its moves onto the
// cell where the enemy's last move took a man of its own (the view's
// mark, or in dark chess the man it saw taken), else its promotions to a
// queen. moves are sorted longest first.
func urgent(v referee.View, moves []board.Move) []board.Move {
	var out []board.Move
	lost := v.Marks
	if v.Taken != nil {
		lost = []string{v.Taken.Cell}
	}
	if len(lost) > 0 {
		if at, ok := board.Standard.Lookup(lost[0]); ok {
			for _, m := range moves {
				if m.To == at {
					out = append(out, m)
				}
			}
		}
	}
	if len(out) > 0 {
		return out
	}
	for _, m := range moves {
		if m.Promo == board.Queen {
			out = append(out, m)
		}
	}
	return out
}

// allowed lists the moves the seat may try now, as kriegspiel.org offers
// them, leaving out those tried this turn. In dark chess they are its
// legal moves; in Kriegspiel the moves of its men on a board of its own
// (sight.tries), less the pawn captures the umpire's pawn information
// rules out (an english any? answered no, cincinnati's no, a pawn not
// among rand's try squares), and, after an english yes, only pawn captures
// until one is ruled illegal.
func allowed(s *sight, tried map[string]bool) []board.Move {
	moves := s.pos.Legal(nil)
	if blind, _ := ksPlays(s.v.Variant); blind {
		moves = s.tries()
	}
	info := readPawnInfo(s.v)
	return slices.DeleteFunc(moves, func(m board.Move) bool {
		pc := s.pos.At(m.From).Kind() == board.Pawn && board.FileOf(m.From) != board.FileOf(m.To)
		return tried[m.Coord(board.Standard)] || pc && !info.mayTake(m.From) || !pc && info.onlyTakes
	})
}

// pawnInfo is what the umpire's pawn-try information says of the seat's
// pawn captures this turn.
type pawnInfo struct {
	none      bool                // no pawn capture is there
	from      map[board.Cell]bool // rand: only from these cells; nil for any
	onlyTakes bool                // english yes: only pawn captures, till one fails
}

// mayTake reports whether a pawn capture from cell c is allowed.
func (p pawnInfo) mayTake(c board.Cell) bool {
	return !p.none && (p.from == nil || p.from[c])
}

// readPawnInfo reads the pawn information the seat heard since its last
// move, and its own tries this turn: an english any? and its answer, and
// the pawn capture ruled illegal after a yes.
func readPawnInfo(v referee.View) pawnInfo {
	var p pawnInfo
	for _, a := range v.Said {
		switch a.Code {
		case "pawn-capture":
			yes, _ := a.Get("yes").(bool)
			p.none = !yes
		case "try-squares":
			p.from = trySquares(a)
		}
	}
	for _, l := range thisTurn(v) {
		for _, a := range l.Heard {
			if a.Code == "any" {
				p.none, p.onlyTakes = a.Str("answer") == "no", a.Str("answer") == "yes"
			}
		}
		if l.Verdict == referee.Illegal && pawnCaptureText(v, l.Text) {
			p.onlyTakes = false
		}
	}
	return p
}

// pawnCaptureText reports whether a try's text is a capture by a pawn of
// the seat, as the view shows its men now (a refused try moved nothing).
func pawnCaptureText(v referee.View, text string) bool {
	if len(text) < 4 {
		return false
	}
	from, ok1 := board.Standard.Lookup(text[:2])
	to, ok2 := board.Standard.Lookup(text[2:4])
	return ok1 && ok2 && int(from) < len(v.Cells) && upperLetter(v.Cells[from]) == 'P' &&
		board.FileOf(from) != board.FileOf(to)
}

// mayAsk reports whether the seat may ask any? now: its rule set has the
// question, it has a pawn, and it has not asked this turn.
func mayAsk(s *sight, tried map[string]bool) bool {
	vt, ok := referee.Lookup(s.v.Variant)
	if !ok || tried[askAny] || !slices.Contains(vt.AsksIn(referee.Options{Rules: s.v.Rules}), askAny) {
		return false
	}
	for c := range board.Cell(64) {
		if m := s.pos.At(c); !m.Empty() && m.Army() == s.us && m.Kind() == board.Pawn {
			return true
		}
	}
	return false
}

// distance is how far a move goes, in king steps.
func distance(m board.Move) int {
	return kingSteps(m.From, m.To)
}

// longestFirst orders moves by their distance, longest first, then by
// their text.
func longestFirst(a, b board.Move) int {
	if d := cmp.Compare(distance(b), distance(a)); d != 0 {
		return d
	}
	return cmp.Compare(a.Coord(board.Standard), b.Coord(board.Standard))
}

// byMan groups moves sorted longest first by the man that makes them,
// the men ranked by their longest move, then by their cell's name.
func byMan(moves []board.Move) [][]board.Move {
	var groups [][]board.Move
	at := map[board.Cell]int{}
	for _, m := range moves {
		i, ok := at[m.From]
		if !ok {
			i = len(groups)
			at[m.From] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], m)
	}
	slices.SortStableFunc(groups, func(a, b []board.Move) int {
		if d := cmp.Compare(distance(b[0]), distance(a[0])); d != 0 {
			return d
		}
		return cmp.Compare(board.Standard.CellName(a[0].From), board.Standard.CellName(b[0].From))
	})
	return groups
}

// geometric draws one of n items, the first with a chance of one half,
// each next with half the chance of the one before, the last with what is
// left.
func geometric(rng *rand.Rand, n int) int {
	roll, w, sum := rng.Float64(), 0.5, 0.0
	for i := range n - 1 {
		if sum += w; roll < sum {
			return i
		}
		w /= 2
	}
	return n - 1
}

// texts writes moves in coordinates.
func texts(moves []board.Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.Coord(board.Standard)
	}
	return out
}

// unique keeps the first of each text.
func unique(list []string) []string {
	seen := map[string]bool{}
	return slices.DeleteFunc(list, func(t string) bool {
		dup := seen[t]
		seen[t] = true
		return dup
	})
}
