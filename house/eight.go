package house

import (
	"math"
	"sort"

	"umpire/referee"
	"umpire/referee/board"
)

// eight is how the house plays one variant on the 8×8 board.
type eight struct {
	rules func(v referee.View) *board.Rules
	// royal reports whether the man on cell c is one whose capture loses
	// the game, as far as the seat knows.
	royal func(s *sight, c board.Cell) bool
	// secret is the secret choice the seat would make now (crown, grow),
	// "" for none, and whether its view says the choice is due.
	secret func(s *sight, seed uint64) (text string, due bool)
	// fogged: the seat sees none of the enemy's men (Kriegspiel), so it
	// tries moves on a board of its own men and keeps a belief.
	fogged bool
	// bothSeal: no move before both seats sealed their choice (the crown).
	bothSeal bool
	// frozen reports whether the seat's man on c may not move now.
	frozen func(s *sight, c board.Cell) bool
	// unsure sets in s.pos what the seat knows beyond the board it sees
	// and returns the other positions it cannot tell from that one; their
	// moves are tried after the sure ones (progressive chess: a growing
	// pawn attacks nothing, and any enemy pawn may be the one).
	unsure func(s *sight) []board.Position
}

// unsureLast ranks a move legal only in a position the seat is unsure of
// after every move legal in the one it sees.
const unsureLast = 1 << 20

// scored is a candidate action and what the house thinks of it.
type scored struct {
	text  string
	score int
}

// choose ranks the seat's moves, its secret choices first.
func (e *eight) choose(v referee.View, seed uint64, l Level) []string {
	s := read8(v, e.rules(v))
	var out []string
	secret, due := "", false
	if e.secret != nil {
		secret, due = e.secret(&s, seed)
	}
	// track is what the sheet says of the enemy (kingTrack): where its
	// king may be (from level 2), and where the seat's own men stood
	// before, so that no level walks into a draw by repetition it could
	// step around.
	var track *kingTrack
	if e.fogged {
		if k, ok := trackKing(v, e.rules(v)); ok {
			track = &k
		}
	}
	switch {
	case due:
		return []string{secret}
	case l >= Level2 && standingOffer(v):
		return []string{drawAnswer(&s, track)}
	case v.Turn != v.Seat || (e.bothSeal && waiting(v)):
		return nil
	}
	tried := triedThisTurn(v)
	if l >= Level2 && asksAny(&s, tried) {
		return []string{askAny}
	}
	var stones string
	if l >= Level2 && v.Stones != nil && v.Stones.New {
		stones = placeStones(&s)
	}
	if l >= Level2 && s.fog && !e.fogged {
		if out := e.darkSearch(&s, l, seed, tried); len(out) > 0 {
			return out
		}
	}
	if d := searchDepth(l); d > 0 && !s.fog {
		if out := e.search(&s, d, seed, tried, stones); len(out) > 0 {
			if secret != "" {
				out = append(out, secret) // as below: in case the house read its duty wrong
			}
			return out
		}
	}
	if l >= Level2 && track != nil && track.men <= huntMen {
		if out := hunt(&s, *track, seed, l, tried); len(out) > 0 {
			return out
		}
	}
	if e.fogged && l >= Level2 {
		kept, _ := worldCount(l)
		if ws, ok := imagine(v, e.rules(v), kept, seed); ok {
			mend(ws, track, s.us, seed)
			if out := e.judgeWorlds(&s, ws, l, seed, tried, track); len(out) > 0 {
				return out
			}
		}
	}
	var moves []board.Move
	sure := math.MaxInt // moves[:sure] are legal in the position seen
	var b *belief
	if e.fogged {
		moves, b = s.tries(), believe(&s)
	} else {
		var others []board.Position
		if e.unsure != nil {
			others = e.unsure(&s)
		}
		moves = s.pos.Legal(nil)
		sure = len(moves)
		for _, q := range others {
			moves = q.Legal(moves)
		}
	}
	var list []scored
	seen := map[string]bool{}
	for i, m := range moves {
		t := m.Coord(board.Standard)
		if tried[t] || seen[t] || (e.frozen != nil && e.frozen(&s, m.From)) {
			continue
		}
		seen[t] = true
		sc := noise(seed, v.Ply, t)
		if i >= sure {
			sc -= unsureLast
		}
		if b != nil {
			sc += b.judge(&s, m)
			sc -= drawRisk(track, &s.pos, s.us, m)
		} else {
			sc += e.judge(&s, m)
		}
		list = append(list, scored{t, sc})
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].score > list[j].score })
	if stones != "" && !tried[stones] && (len(list) == 0 || list[0].score < 10*worth(board.NewMan(0, board.Knight), false)) {
		out = append(out, stones) // no capture worth more: build the wall first
	}
	for _, x := range list {
		out = append(out, x.text)
	}
	if secret != "" && !due {
		// In case the house read its duty wrong: a choice that is not due
		// is refused and changes nothing.
		out = append(out, secret)
	}
	return out
}

// tries lists what a seat in the fog may try: every move its men could make
// on a board holding only what it sees, and every pawn capture onto a cell
// it cannot see. It is a superset of the legal moves, so the referee's
// rulings always leave a legal one to try.
func (s *sight) tries() []board.Move {
	moves := s.pos.Generate(nil)
	dir := 1
	if s.us == 1 {
		dir = -1
	}
	for c := range board.Cell(64) {
		m := s.pos.At(c)
		if m.Empty() || m.Army() != s.us || m.Kind() != board.Pawn {
			continue
		}
		f, r := board.FileOf(c), board.RankOf(c)+dir
		for _, df := range []int{-1, 1} {
			if f+df < 0 || f+df > 7 || r < 0 || r > 7 || !s.unknown[board.Sq(f+df, r)] {
				continue
			}
			moves = appendPawnTry(moves, s.pos.Rules, c, board.Sq(f+df, r), r == 0 || r == 7)
		}
	}
	return moves
}

// appendPawnTry adds a pawn capture try, one per promotion piece when it
// reaches the last rank.
func appendPawnTry(moves []board.Move, r *board.Rules, from, to board.Cell, last bool) []board.Move {
	if !last {
		return append(moves, board.Move{From: from, To: to})
	}
	for _, k := range r.Promotions {
		moves = append(moves, board.Move{From: from, To: to, Promo: k})
	}
	return moves
}

// waiting reports whether the seat waits for the enemy's sealed choice
// before the first move: a secret choice is sealed by a commitment, which
// every seat hears.
func waiting(v referee.View) bool {
	if v.Ply > 0 {
		return false
	}
	mine, theirs := false, false
	for _, a := range v.Said {
		if a.Code == "commitment" {
			mine = mine || referee.Seat(a.Str("seat")) == v.Seat
			theirs = theirs || referee.Seat(a.Str("seat")) != v.Seat
		}
	}
	return mine && !theirs
}

// noise is the house's coin: a small score from its seed, the ply and the
// move, so that equal moves are not always taken in the same order.
func noise(seed uint64, ply int, text string) int {
	h := seed ^ uint64(ply)*0x9e3779b97f4a7c15
	for i := 0; i < len(text); i++ {
		h = (h ^ uint64(text[i])) * 0x100000001b3
	}
	h ^= h >> 29
	return int(h % 4)
}
