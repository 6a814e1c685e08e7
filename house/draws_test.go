package house

import (
	"testing"

	"umpire/referee/board"
)

// seatBoard is a FEN's position with the enemy king of army us taken off:
// the board a Kriegspiel seat knows, its own men only.
func seatBoard(t *testing.T, fen string, us board.Army) board.Position {
	t.Helper()
	p, err := board.ParseFEN(fen, board.ChessRules)
	if err != nil {
		t.Fatal(err)
	}
	if k := p.King[us^1]; k != board.NoCell {
		p.Put(k, board.Man(0))
	}
	p.FindKings()
	p.ToMove = us
	return p
}

// move finds the move written text among p's generated moves.
func move(t *testing.T, p *board.Position, text string) board.Move {
	t.Helper()
	for _, m := range p.Generate(nil) {
		if m.Coord(board.Standard) == text {
			return m
		}
	}
	t.Fatalf("no move %s", text)
	return board.Move{}
}

func cells(names ...string) cellSet {
	var s cellSet
	for _, n := range names {
		c, _ := board.Standard.Lookup(n)
		s.Set(c)
	}
	return s
}

// TestUnderpromotionCostsMoreThanAStalemate: a knight or a bishop made of
// a pawn costs more than any stalemate risked (endgame's mateScore); a
// queen costs nothing.
func TestUnderpromotionCostsMoreThanAStalemate(t *testing.T) {
	p := seatBoard(t, "8/8/8/8/8/8/p7/3K2k1 b - - 0 1", 1)
	for _, tc := range []struct {
		text string
		more bool
	}{{"a2a1q", false}, {"a2a1r", false}, {"a2a1b", true}, {"a2a1n", true}} {
		cost := drawRisk(nil, &p, 1, move(t, &p, tc.text))
		if (cost > mateScore) != tc.more {
			t.Errorf("%s costs %d", tc.text, cost)
		}
	}
}

// TestThirdRepetitionCosts: a placement that stood twice costs a quarter
// of a win, once a little.
func TestThirdRepetitionCosts(t *testing.T) {
	p := seatBoard(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 0)
	k := kingTrack{seen: map[[64]board.Man]int{}}
	m := move(t, &p, "a1a2")
	q := p
	q.Apply(m)
	if c := drawRisk(&k, &p, 0, m); c != 0 {
		t.Errorf("a new placement costs %d", c)
	}
	k.seen[placement(&q, 0)] = 1
	if c := drawRisk(&k, &p, 0, m); c <= 0 || c >= mateScore/4 {
		t.Errorf("a second standing costs %d", c)
	}
	k.seen[placement(&q, 0)] = 2
	if c := drawRisk(&k, &p, 0, m); c < mateScore/4 {
		t.Errorf("a third standing costs %d", c)
	}
}

// TestWalledByItsOwnPawn is the stalemate a game against the random
// player ended in: the white king on h2, its pawn on h3 blocked by the
// seat's h4 pawn; Ra1-g1 leaves the king h3 only, where the pawn may be.
func TestWalledByItsOwnPawn(t *testing.T) {
	p := seatBoard(t, "k7/8/8/8/7p/4b3/7K/r7 b - - 0 1", 1)
	m := move(t, &p, "a1g1")
	if walled(&p, 1, m, cells("h2"), 1) != 1 {
		t.Error("Rg1 with a man beside the king: not walled")
	}
	if walled(&p, 1, m, cells("h2"), 0) != 0 {
		t.Error("Rg1 against a lone king: walled")
	}
	if walled(&p, 1, move(t, &p, "a1b1"), cells("h2"), 1) != 0 {
		t.Error("Rb1 leaves the king g2 and g3 too: walled")
	}
	q := seatBoard(t, "k7/8/8/8/6np/4b3/7K/r7 b - - 0 1", 1)
	h3, _ := board.Standard.Lookup("h3")
	if frozenPawn(&q, 1, h3) {
		t.Error("a pawn on h3 that may take on g4: frozen")
	}
}

// TestMateFromAfarMayBeAStalemate: with another enemy man on the board,
// a mate by a queen down the first rank may be a stalemate (a knight on
// g1, pinned), and endgame counts it as the risk it is.
func TestMateFromAfarMayBeAStalemate(t *testing.T) {
	p := seatBoard(t, "4k3/8/8/8/8/5pb1/8/1q5K b - - 0 1", 1)
	m := move(t, &p, "b1a1")
	o := against(&p, 1, m, cells("h1"))
	if o.legal != 1 {
		t.Fatalf("Qa1 against h1: %+v", o)
	}
	if o.mates != 1 || o.blockable != 1 {
		t.Fatalf("Qa1 against h1: %+v", o)
	}
	s := &sight{us: 1, pos: p}
	if v := endgame(s, m, &kingTrack{cells: cells("h1"), men: 1}, false); v > -mateScore/2 {
		t.Errorf("Qa1 with a man beside the king scores %d", v)
	}
	if v := endgame(s, m, &kingTrack{cells: cells("h1")}, false); v <= 0 {
		t.Errorf("Qa1 against a lone king scores %d", v)
	}
}

// TestMateInTwo: the rooks' ladder mates in two; a king's step does not.
func TestMateInTwo(t *testing.T) {
	p, err := board.ParseFEN("7k/8/8/8/8/8/1R6/R6K w - - 0 1", board.ChessRules)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		text string
		want bool
	}{{"b2b7", true}, {"h1g1", false}} {
		q := p
		q.Apply(move(t, &p, tc.text))
		sr := &searcher{us: 0, limit: maxNodes}
		if got := sr.mateIn2(&q); got != tc.want {
			t.Errorf("%s: mate in two %v", tc.text, got)
		}
	}
}

// TestPawnMoveLateInAQuietSpell: thirty moves without a capture or a pawn
// moved, a pawn's move earns something, a rook's nothing; earlier, neither.
func TestPawnMoveLateInAQuietSpell(t *testing.T) {
	p := seatBoard(t, "4k3/8/8/8/8/8/P7/R3K3 w - - 0 1", 0)
	pawn, rook := move(t, &p, "a2a3"), move(t, &p, "a1b1")
	late := &kingTrack{quiet: fiftyNear + 20, seen: map[[64]board.Man]int{}}
	early := &kingTrack{quiet: fiftyNear - 1}
	if fiftyReset(late, &p, pawn) <= 0 || fiftyReset(late, &p, rook) != 0 {
		t.Errorf("late: the pawn earns %d, the rook %d", fiftyReset(late, &p, pawn), fiftyReset(late, &p, rook))
	}
	if fiftyReset(early, &p, pawn) != 0 {
		t.Errorf("early: the pawn earns %d", fiftyReset(early, &p, pawn))
	}
	if drawRisk(late, &p, 0, pawn) >= drawRisk(late, &p, 0, rook) {
		t.Error("late: the pawn's move risks no less than the rook's")
	}
}
