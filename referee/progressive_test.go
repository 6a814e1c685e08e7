package referee

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"umpire/referee/board"
)

func TestProgressiveGrowLetters(t *testing.T) {
	tests := []struct {
		letter  string
		verdict Verdict
		secret  string
	}{
		{"N", Accepted, "h2=N"},
		{"n", Accepted, "h2=N"},
		{"B", Accepted, "h2=B"},
		{"K", Accepted, "h2=B"}, // the Esperanto kuriero; the English king drops out
		{"R", Accepted, "h2=R"}, // the English rook; the Esperanto king drops out
		{"T", Accepted, "h2=R"},
		{"Л", Accepted, "h2=R"},
		{"Q", Accepted, "h2=Q"},
		{"D", Accepted, "h2=Q"},
		{"Ф", Accepted, "h2=Q"},
		{"Cx", Accepted, "h2=N"},
		{"Кн", Accepted, "h2=N"},
		{"Кр", Impossible, ""},
		{"P", Impossible, ""},
		{"A", Impossible, ""},
		{"G", Refused, ""},
		{"NN", Refused, ""},
	}
	for _, tc := range tests {
		g := newGameT(t, "progressive", "")
		r := ruling(g, "white grow h2 "+tc.letter+" salt=01")
		if r.Verdict != tc.verdict {
			t.Errorf("grow h2 %s = %s %s; want %s", tc.letter, r.Verdict, r.Reason, tc.verdict)
			continue
		}
		if tc.secret != "" && g.(*progressive).notes.list[0].secret != tc.secret {
			t.Errorf("grow h2 %s sealed %q; want %q", tc.letter, g.(*progressive).notes.list[0].secret, tc.secret)
		}
	}
	g := newGameT(t, "progressive", "")
	for _, line := range []string{"white grow H2 n", "white grow h2", "white grow h3 N salt=01", "white grow e1 N salt=01", "white grow e8 N salt=01", "white grow z9 N salt=01"} {
		if r := ruling(g, line); r.Verdict == Accepted {
			t.Errorf("Play(%q) = accepted", line)
		}
	}
	if r := g.Play(Action{Seat: White, Text: "grow H2 n", Salt: "ab"}); r.Verdict != Accepted {
		t.Errorf("grow with Action.Salt = %s %s", r.Verdict, r.Reason)
	}
}

// TestProgressivePass: a side with no legal move passes at once, inside the
// ruling (4.3–4.4); choosing a pawn next to the enemy king exposes it (3.9).
func TestProgressivePass(t *testing.T) {
	g := newGameT(t, "progressive", "k7/P7/1K6/8/8/8/8/8 b - - 0 1")
	if got := codes(Ruling{Said: g.Start()}); got != "pass" || g.Turn() != White {
		t.Fatalf("start: %s, turn %s; want pass, white", got, g.Turn())
	}
	r := playAll(t, g, "white grow a7 N salt=01")
	if codes(r) != "commitment exposed reveal" || r.Said[1].Get("left") != 3 {
		t.Errorf("grow next to the king: %v", r.Said)
	}
	// The growing pawn attacks nothing: b8 is free now.
	playAll(t, g, "white Kc6", "black Kb8", "white Kd6", "black Kc8")
	r = playAll(t, g, "white Ke6")
	if res, why := g.Result(); codes(r) != "converted check end" || why != "insufficient-material" || res != "1/2-1/2" {
		t.Errorf("conversion: %s %s %s %s", codes(r), res, why, g.Board())
	}
}

// TestProgressiveConversion: a knight chosen before White's move 1 appears
// after move 3 and may give check at once (3.6–3.7); a corner pawn grown
// into a knight takes its castling letter along (5.3).
func TestProgressiveConversion(t *testing.T) {
	g := newGameT(t, "progressive", "4k3/7p/3P4/8/8/8/8/4K3 w - - 0 1")
	playAll(t, g, "white grow d6 N salt=01", "white Ke2", "black grow h7 B salt=02", "black Kf8", "white Ke1", "black Ke8")
	r := playAll(t, g, "white Ke2")
	if codes(r) != "converted reveal check" || r.Said[2].Str("direction") != "knight" {
		t.Errorf("conversion with check: %v", r.Said)
	}
	if v := g.View(Black); !slices.Equal(v.Checks, []string{"d6"}) {
		t.Errorf("black's view: checks %v; want [d6]", v.Checks)
	}
	g = newGameT(t, "progressive", "")
	playAll(t, g, "white grow h1 N salt=01", "white a2a3", "black grow b7 B salt=02", "black a7a5",
		"white b2b3", "black a8a6", "white c2c3")
	if got := g.(*progressive).t.pos.CastlingField(); got != "Qk" {
		t.Errorf("castling after h1=N and a8 moved: %s; want Qk", got)
	}
}

func TestProgressiveEnPassant(t *testing.T) {
	g := newGameT(t, "progressive", "4k2p/8/8/8/8/1p6/7P/P3K3 w - - 0 1")
	playAll(t, g, "white grow h2 N salt=01", "white a1a3", "black grow h8 N salt=02")
	r := playAll(t, g, "black bxa2")
	if codes(r) != "capture" || r.Said[0].Str("square") != "a3" || r.Move != "b3a2" {
		t.Errorf("en passant on the crossed a2: %v %s", r.Said, r.Move)
	}
}

func TestProgressiveMoves(t *testing.T) {
	const fen = "4k3/P7/8/8/8/8/7P/4K3 w - - 0 1"
	for _, tc := range []struct {
		text    string
		verdict Verdict
		move    string
	}{
		{"a8", Accepted, "a7a8a"},
		{"a8=A", Accepted, "a7a8a"},
		{"a7a8", Accepted, "a7a8a"},
		{"a7a8a", Accepted, "a7a8a"},
		{"a8=Q", Impossible, ""},
		{"a8=N", Impossible, ""},
		{"h2h4", Impossible, ""}, // h2 grows
		{"Ke2", Accepted, "e1e2"},
		{"O-O", Impossible, ""},
	} {
		g := newGameT(t, "progressive", fen)
		playAll(t, g, "white grow h2 N salt=01")
		if r := ruling(g, "white "+tc.text); r.Verdict != tc.verdict || r.Move != tc.move {
			t.Errorf("Play(%q) = %s %s %q; want %s %q", tc.text, r.Verdict, r.Reason, r.Move, tc.verdict, tc.move)
		}
	}
	// The terminator moves as a queen and as a knight.
	g := newGameT(t, "progressive", fen)
	playAll(t, g, "white grow h2 N salt=01", "white a8", "black Kd7")
	playAll(t, g, "white Ab6")
	if g.Board() != "......../...k..../.A....../......../......../......../.......P/....K..." {
		t.Errorf("after Ab6: %s", g.Board())
	}
}

// TestProgressiveVerdicts: illegal or impossible (7.4) uses what the mover
// sees: a pawn that moved since the enemy's note is no candidate.
func TestProgressiveVerdicts(t *testing.T) {
	g := newGameT(t, "progressive", "8/p7/8/4k3/8/3P1P2/7P/7K w - - 0 1")
	playAll(t, g, "white grow h2 N salt=01", "white d3d4", "black grow a7 N salt=02")
	for _, tc := range []struct {
		text    string
		verdict Verdict
	}{
		{"Kc5", Impossible}, // d4 moved after the note: it attacks c5 for sure
		{"Ke4", Illegal},    // f3 attacks e4, and f3 might be the growing one
		{"Kxd4", Accepted},
	} {
		if r := ruling(g, "black "+tc.text); r.Verdict != tc.verdict || len(r.Said) > 0 && !slices.Equal(r.Said[0].To, []Seat{Black}) && r.Verdict != Accepted {
			t.Errorf("Play(%q) = %s %v; want %s to black", tc.text, r.Verdict, r.Said, tc.verdict)
		}
	}
}

// TestProgressiveEnds covers §4 and §6.
func TestProgressiveEnds(t *testing.T) {
	// Mate ends the game before the choice the mated side owes.
	g := newGameT(t, "progressive", "7k/3Q3p/7K/8/8/8/8/8 w - - 0 1")
	r := playAll(t, g, "white Qg7")
	if res, why := g.Result(); res != "1-0" || why != "checkmate" || codes(r) != "check end" {
		t.Errorf("Qg7: %s %s %s", res, why, codes(r))
	}
	for _, tc := range []struct {
		fen            string
		result, reason string
	}{
		{"8/8/8/4k3/8/8/3n4/4K3 w - - 0 1", "1/2-1/2", "insufficient-material"},
		{"8/8/8/4k3/8/2b5/3n4/4K1N1 w - - 0 1", "", ""},                             // K+B+N mates
		{"8/8/8/4k3/8/2b5/1b6/4K1N1 w - - 0 1", "1/2-1/2", "insufficient-material"}, // bishops on one colour
		{"8/8/8/4k3/8/8/3nn3/4K3 w - - 0 1", "", ""},
		{"8/8/8/4k3/8/8/3p4/4K3 w - - 0 1", "", ""},
		{"8/8/8/4k3/8/8/8/4K2R w - - 0 1", "", ""},
	} {
		g := newGameT(t, "progressive", tc.fen)
		if res, why := g.Result(); res != tc.result || why != tc.reason {
			t.Errorf("-fen %q: %q %q; want %q %q", tc.fen, res, why, tc.result, tc.reason)
		}
	}
	// Two passes in a row with no pawn growing: stalemate (6.2). A position
	// where both sides are stuck at once is hard to reach, so the first
	// pass is set up by hand.
	g = newGameT(t, "progressive", "k7/3N4/1K6/8/8/8/8/7R w - - 0 1")
	pg := g.(*progressive)
	pg.t.pos.ToMove, pg.lastPass = 1, true
	said := pg.settle()
	if res, why := g.Result(); res != "1/2-1/2" || why != "stalemate" || codes(Ruling{Said: said}) != "pass end" {
		t.Errorf("two passes: %s %s %s", res, why, codes(Ruling{Said: said}))
	}
	// One pass is no stalemate.
	g = newGameT(t, "progressive", "k7/3N4/1K6/8/8/8/8/7R b - - 0 1")
	if res, _ := g.Result(); res != "" || codes(Ruling{Said: g.Start()}) != "pass" {
		t.Errorf("one pass: %q %s", res, codes(Ruling{Said: g.Start()}))
	}
	// 6.4: a hundred plies without capture, pawn move or conversion.
	g = newGameT(t, "progressive", "k7/8/8/8/8/8/8/K6R w - - 98 1")
	playAll(t, g, "white Rh2")
	if res, _ := g.Result(); res != "" {
		t.Errorf("99 plies: %s", res)
	}
	playAll(t, g, "black Kb8")
	if res, why := g.Result(); res != "1/2-1/2" || why != "fifty-move" {
		t.Errorf("fifty moves: %s %s", res, why)
	}
}

// progressiveRandomAction picks an action for the seat to move in both twin
// games: a grow when it owes one, else a move legal in both, now and then a
// move legal in neither. It returns "" when the two games disagree on what
// the seat may do — the leaks progressive.md 7.5 allows.
func progressiveRandomAction(rng *rand.Rand, a, b *progressive) string {
	p := &a.t.pos
	us := p.ToMove
	if a.owes(us) != b.owes(us) {
		return ""
	}
	if a.owes(us) {
		var pawns []board.Cell
		for c := range 64 {
			if p.Cells[c] == board.NewMan(us, board.Pawn) {
				pawns = append(pawns, board.Cell(c))
			}
		}
		c := pawns[rng.IntN(len(pawns))]
		return fmt.Sprintf("grow %s %c salt=%02x", p.Geo.CellName(c), "NBRQ"[rng.IntN(4)], rng.IntN(256))
	}
	la, lb := coords(p.Geo, p.Legal(nil)), coords(p.Geo, b.t.pos.Legal(nil))
	var both, neither []string
	for _, m := range la {
		if slices.Contains(lb, m) {
			both = append(both, m)
		}
	}
	for _, m := range coords(p.Geo, p.Generate(nil)) {
		if !slices.Contains(la, m) && !slices.Contains(lb, m) {
			neither = append(neither, m)
		}
	}
	if len(neither) > 0 && rng.IntN(6) == 0 {
		return neither[rng.IntN(len(neither))]
	}
	if len(both) == 0 {
		return ""
	}
	return both[rng.IntN(len(both))]
}

// TestProgressiveNonInterference: two games that differ only in one
// seat's growing pawn (which pawn, what piece) give the other seat and the
// spectators byte-identical rulings and views until the note is opened,
// for as long as the rules let both games go on alike (7.5).
func TestProgressiveNonInterference(t *testing.T) {
	fens := []string{"", "r3k2r/ppp2ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPP2PPP/R3K2R w KQkq - 0 1"}
	plies := 0
	for seed := range seeds(60) {
		rng := rand.New(rand.NewPCG(seed, 4))
		fen := fens[seed%2]
		s := TwoSeats[rng.IntN(2)]
		a, b := newGameT(t, "progressive", fen).(*progressive), newGameT(t, "progressive", fen).(*progressive)
		tw := &twins{a: a, b: b, s: s, note: 1}
		if s == Black {
			grow := Action{Seat: White, Text: "grow h2 N salt=99"}
			tw.play(t, grow, grow)
			mv := Action{Seat: White, Text: "e2e3"}
			tw.play(t, mv, mv)
		}
		var pawns []string
		army, _ := armyOf(s)
		for c := range 64 {
			if a.t.pos.Cells[c] == board.NewMan(army, board.Pawn) {
				pawns = append(pawns, a.t.pos.Geo.CellName(board.Cell(c)))
			}
		}
		rng.Shuffle(len(pawns), func(i, j int) { pawns[i], pawns[j] = pawns[j], pawns[i] })
		ga := Action{Seat: s, Text: fmt.Sprintf("grow %s %c salt=ab", pawns[0], "NBRQ"[rng.IntN(4)])}
		gb := Action{Seat: s, Text: fmt.Sprintf("grow %s %c salt=ab", pawns[1], "NBRQ"[rng.IntN(4)])}
		if !tw.play(t, ga, gb) {
			continue
		}
		for tw.plies < 300 {
			text := progressiveRandomAction(rng, a, b)
			if text == "" {
				break
			}
			act := Action{Seat: a.Turn(), Text: text}
			if !tw.play(t, act, act) {
				break
			}
		}
		plies += tw.plies
	}
	if plies < 150 {
		t.Errorf("only %d plies compared", plies)
	}
}

// TestProgressiveReplay: replaying a game's log gives the same views.
func TestProgressiveReplay(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	v, _ := Lookup("progressive")
	g := newGameT(t, "progressive", "").(*progressive)
	var log []Action
	for range 300 {
		if g.Turn() == "" {
			break
		}
		text := progressiveRandomAction(rng, g, g)
		if text == "" {
			break
		}
		a := Action{Seat: g.Turn(), Text: text}
		if g.Play(a).Logged() {
			log = append(log, a)
		}
	}
	h, err := Replay(v, Options{}, log)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []Seat{White, Black, Spectator, God} {
		if a, b := viewJSON(t, g, s), viewJSON(t, h, s); a != b {
			t.Errorf("replayed view of %s differs:\n%s\n%s", s, a, b)
		}
	}
}
