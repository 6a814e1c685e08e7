package referee

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"umpire/referee/board"
)

// newGameT makes a game of a variant or fails the test.
func newGameT(t testing.TB, key, fen string) Game {
	t.Helper()
	v, ok := Lookup(key)
	if !ok {
		t.Fatalf("no variant %q", key)
	}
	g, err := v.New(Options{FEN: fen})
	if err != nil {
		t.Fatalf("%s -fen %q: %v", key, fen, err)
	}
	return g
}

// playAll plays `seat action` lines and fails on a verdict other than
// want (accepted when empty).
func playAll(t testing.TB, g Game, lines ...string) Ruling {
	t.Helper()
	var r Ruling
	for _, line := range lines {
		seat, text, _ := cutSeat(line)
		r = g.Play(Action{Seat: seat, Text: text})
		if r.Verdict != Accepted {
			t.Fatalf("Play(%q) = %s %s %v", line, r.Verdict, r.Reason, r.Readings)
		}
	}
	return r
}

// ruling plays one line and returns its ruling.
func ruling(g Game, line string) Ruling {
	seat, text, _ := cutSeat(line)
	return g.Play(Action{Seat: seat, Text: text})
}

// codes lists the codes of a ruling's announcements.
func codes(r Ruling) string {
	var out []string
	for _, a := range r.Said {
		out = append(out, a.Code)
	}
	return strings.Join(out, " ")
}

var crowns = []string{"white crown king salt=01", "black crown king salt=02"}

func TestKoronaCastling(t *testing.T) {
	const fen = "r2dk2r/8/8/8/8/8/8/R2DK2R w KQAHkqah - 0 1"
	tests := []struct {
		text    string
		verdict Verdict
		move    string
		read    []string
	}{
		{"O-O(K)", Accepted, "e1g1", nil},
		{"0-0 (Кр)", Accepted, "e1g1", nil},
		{"R 0-0", Accepted, "e1g1", nil},
		{"O-O(D)", Accepted, "d1b1", nil},
		{"0-0 ( Д )", Accepted, "d1b1", nil},
		{"D 0-0", Accepted, "d1b1", nil},
		{"d1b1", Accepted, "d1b1", nil},
		{"O-O", Refused, "", []string{"e1g1", "d1b1"}}, // both monarchs can
		{"O-O-O", Impossible, "", nil},                 // neither can: d1 and e1 are in the way
		{"O-O-O(K)", Impossible, "", nil},
		{"O-O-O(D)", Impossible, "", nil},
		{"O-O(Q)", Refused, "", nil},
		{"O-O(X)", Refused, "", nil},
	}
	for _, tc := range tests {
		g := newGameT(t, "korona", fen)
		playAll(t, g, crowns...)
		r := ruling(g, "white "+tc.text)
		if r.Verdict != tc.verdict || r.Move != tc.move || !slices.Equal(r.Readings, tc.read) {
			t.Errorf("Play(%q) = %s %q %v; want %s %q %v", tc.text, r.Verdict, r.Move, r.Readings, tc.verdict, tc.move, tc.read)
		}
	}
}

// TestKoronaCastlingRights: a monarch's move clears its two letters, a
// rook's its two (korona.md 3.5), castling included.
func TestKoronaCastlingRights(t *testing.T) {
	tests := []struct {
		moves []string
		want  string
	}{
		{[]string{"white O-O(K)"}, "Akqah"},                        // the king moved, and the h1 rook
		{[]string{"white O-O(D)"}, "Kkqah"},                        // the dame moved, and the a1 rook
		{[]string{"white a1b1"}, "KHkqah"},                         // the a1 rook serves K-long and D-short
		{[]string{"white e1f1", "black d8c7", "white h1h8"}, "Aq"}, // the rook takes on h8
	}
	for _, tc := range tests {
		g := newGameT(t, "korona", "r2dk2r/8/8/8/8/8/8/R2DK2R w KQAHkqah - 0 1")
		playAll(t, g, crowns...)
		playAll(t, g, tc.moves...)
		if got := g.(*korona).t.pos.CastlingField(); got != tc.want {
			t.Errorf("after %v: castling %s; want %s", tc.moves, got, tc.want)
		}
	}
}

func TestKoronaMoves(t *testing.T) {
	tests := []struct {
		key, fen, text string
		verdict        Verdict
		move           string
	}{
		{"korona", "4k3/P7/8/8/8/8/8/3DK3 w - - 0 1", "a8", Accepted, "a7a8g"}, // no piece given: G
		{"korona", "4k3/P7/8/8/8/8/8/3DK3 w - - 0 1", "a7a8", Accepted, "a7a8g"},
		{"korona", "4k3/P7/8/8/8/8/8/3DK3 w - - 0 1", "a8=G", Accepted, "a7a8g"},
		{"korona", "4k3/P7/8/8/8/8/8/3DK3 w - - 0 1", "a7a8g", Accepted, "a7a8g"},
		{"korona", "4k3/P7/8/8/8/8/8/3DK3 w - - 0 1", "a8G", Accepted, "a7a8g"},
		{"korona", "4k3/P7/8/8/8/8/8/3DK3 w - - 0 1", "a7a8=G", Accepted, "a7a8g"},
		{"korona", "4k3/P7/8/8/8/8/8/3DK3 w - - 0 1", "a8=ф", Accepted, "a7a8g"},
		{"korona", "4k3/P7/8/8/8/8/8/3DK3 w - - 0 1", "a8=N", Accepted, "a7a8n"},
		{"korona", "4k3/P7/8/8/8/8/8/3DK3 w - - 0 1", "a8=Л", Accepted, "a7a8r"},
		// Decision: a Latin K reads as the Esperanto bishop too (1.3).
		{"korona", "4k3/P7/8/8/8/8/8/3DK3 w - - 0 1", "a8=K", Accepted, "a7a8b"},
		{"korona", "4k3/P7/8/8/8/8/8/3DK3 w - - 0 1", "a8=D", Impossible, ""},
		{"korona", "4k3/P7/8/8/8/8/8/3DK3 w - - 0 1", "a8=Д", Impossible, ""},
		{"korona", "4k3/P7/8/8/8/8/8/3DK3 w - - 0 1", "a8=C", Impossible, ""},
		{"korona", "4k3/P7/8/8/8/8/8/3DK3 w - - 0 1", "a8=Q", Refused, ""},
		{"korona", "4k3/P7/8/8/8/8/8/3DK3 w - - 0 1", "Qd2", Refused, ""},
		{"krono", "4k3/P7/8/8/8/8/8/3DK3 w - - 0 1", "a8=C", Accepted, "a7a8c"},
		{"krono", "4k3/P7/8/8/8/8/8/3DK3 w - - 0 1", "a7a8c", Accepted, "a7a8c"},
		{"krono", "4k3/P7/8/8/8/8/8/3DK3 w - - 0 1", "a8", Accepted, "a7a8g"},
		{"korona", "4k3/8/8/8/8/8/8/3DK1G1 w - - 0 1", "Gg8", Accepted, "g1g8"},
		{"korona", "4k3/8/8/8/8/8/8/3DK1G1 w - - 0 1", "Фg8", Accepted, "g1g8"},
		{"korona", "4k3/8/8/8/8/8/8/3DK1G1 w - - 0 1", "Dd2", Accepted, "d1d2"},
		{"korona", "4k3/8/8/8/8/8/8/3DK1G1 w - - 0 1", "Dd3", Impossible, ""},
		// Cxf3: the Esperanto knight and a C taking on f3; the board decides.
		{"krono", "4k3/8/8/8/8/8/4C3/3DK1N1 w - - 0 1", "Cxf3", Refused, ""},
		{"krono", "4k3/8/8/8/8/8/4C3/3DK3 w - - 0 1", "Cxf3", Accepted, "e2f3"},
		{"krono", "4k3/8/8/8/8/8/8/3DK1N1 w - - 0 1", "Cxf3", Accepted, "g1f3"},
		{"krono", "4k3/8/8/8/8/8/4C3/3DK3 w - - 0 1", "C f3", Accepted, "e2f3"},
		// Kc3 in Latin letters: the English king or the Esperanto bishop.
		{"korona", "4k3/8/8/8/8/8/8/3DK1N1 w - - 0 1", "Kf2", Accepted, "e1f2"},
		// en passant and its capture
		{"korona", "4k3/8/8/3pP3/8/8/8/3DK3 w - d6 0 1", "exd6", Accepted, "e5d6"},
	}
	for _, tc := range tests {
		g := newGameT(t, tc.key, tc.fen)
		playAll(t, g, "white crown king salt=01", "black crown king salt=02")
		before := g.Board()
		r := ruling(g, "white "+tc.text)
		if r.Verdict != tc.verdict || r.Move != tc.move {
			t.Errorf("%s %s: Play(%q) = %s %s %q %v; want %s %q", tc.key, tc.fen, tc.text, r.Verdict, r.Reason, r.Move, r.Readings, tc.verdict, tc.move)
		}
		if r.Verdict != Accepted && g.Board() != before {
			t.Errorf("%s: Play(%q) = %s changed the board", tc.key, tc.text, r.Verdict)
		}
	}
}

func TestKoronaStart(t *testing.T) {
	for _, tc := range []struct {
		key, fen string
		ok       bool
	}{
		{"korona", "", true},
		{"korona", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},
		{"korona", "3dk3/8/8/8/8/8/8/3QK3 w - - 0 1", false},    // Q
		{"korona", "3dk3/8/8/8/8/8/8/8 w - - 0 1", false},       // White has no monarch
		{"korona", "3dk3/8/8/8/8/8/8/2KDK3 w - - 0 1", false},   // two kings
		{"korona", "3dk3/8/8/8/8/8/8/2SDK3 w - - 0 1", false},   // a stone outside korona2
		{"korona2", "3dk3/8/8/8/8/8/8/2SDK3 w - - 0 1", false},  // a stone while both monarchs stand
		{"korona2", "3dk3/8/8/8/8/8/8/2S1K3 w - - 0 1", true},   // a stone after the dame fell
		{"korona2", "3dk3/8/8/8/8/8/8/SSSDK3 w - - 0 1", false}, // three stones, none mined
		{"korona2", "3dk3/8/8/8/8/8/8/XXSDK3 w - - 0 1", false}, // two mines
		{"korona", "3dk3/8/8/8/8/8/8/2CDK3 w - - 0 1", false},
		{"krono", "3dk3/8/8/8/8/8/8/2CDK3 w - - 0 1", true},
	} {
		v, _ := Lookup(tc.key)
		if _, err := v.New(Options{FEN: tc.fen}); (err == nil) != tc.ok {
			t.Errorf("%s -fen %q: %v; want ok %v", tc.key, tc.fen, err, tc.ok)
		}
	}
	g := newGameT(t, "korona", "4k3/8/8/8/8/8/8/3DK3 w - - 0 1")
	if r := ruling(g, "black crown dame salt=02"); r.Verdict != Impossible {
		t.Errorf("crowning a dame not on the board = %s; want impossible", r.Verdict)
	}
	if r := ruling(g, "black crown king"); r.Verdict != Refused {
		t.Errorf("crowning without a salt = %s; want refused", r.Verdict)
	}
	if r := g.Play(Action{Seat: Black, Text: "crown king", Salt: "ab"}); r.Verdict != Accepted || r.Said[0].Str("hash") != sealHash("king", "ab") {
		t.Errorf("crowning with Action.Salt = %+v", r)
	}
	if r := g.Play(Action{Seat: "red", Text: "crown king salt=01"}); r.Verdict != Refused {
		t.Errorf("a seat not at the table = %s", r.Verdict)
	}
}

// TestKoronaEnds covers korona.md 4.4 and 4.6.
func TestKoronaEnds(t *testing.T) {
	// 4.4: a seat with no legal action loses, in korona2 too when its own
	// men made the blockade; a draw when stones did. White's men are walled
	// in by each other (the d7 pawn by the black king).
	const walled = "KRBk4/PP1P4/8/8/8/8/8/8 w - - 0 1"
	const stoned = "7k/8/8/8/8/8/SS6/KX6 w - - 0 1"
	const walledStones = "KRBk4/PP1P4/8/8/8/8/7S/6SX w - - 0 1" // stones far off
	for _, tc := range []struct{ key, fen, result, reason string }{
		{"korona", walled, "0-1", "stalemate-loss"},
		{"krono", walled, "0-1", "stalemate-loss"},
		{"korona2", walledStones, "0-1", "stalemate-loss"},
		{"korona2", stoned, "1/2-1/2", "stalemate"},
	} {
		g := newGameT(t, tc.key, tc.fen)
		r := playAll(t, g, crowns...)
		if res, why := g.Result(); res != tc.result || why != tc.reason || codes(r) != "commitment reveal crown-revealed reveal crown-revealed end" {
			t.Errorf("%s walled in: %s %s (%s); want %s %s", tc.key, res, why, codes(r), tc.result, tc.reason)
		}
	}
	// 4.6c: bare king-movers.
	g := newGameT(t, "korona", "4k3/8/8/8/8/8/3d4/3DK3 w - - 0 1")
	playAll(t, g, crowns...)
	playAll(t, g, "white Dxd2", "black Ke7", "white Dd3", "black Kd7", "white Dd4", "black Kd6", "white Dd5")
	if res, _ := g.Result(); res != "" {
		t.Errorf("K+D against K: %s; want play on", res)
	}
	r := playAll(t, g, "black Kxd5")
	if res, why := g.Result(); res != "1/2-1/2" || why != "insufficient-material" {
		t.Errorf("K against K: %s %s (%s); want insufficient-material", res, why, codes(r))
	}
	// korona2: a stone in reserve plays on.
	g = newGameT(t, "korona2", "4k3/8/8/8/8/8/3d4/3DK3 w - - 0 1")
	playAll(t, g, crowns...)
	playAll(t, g, "white Dxd2", "black Ke7", "white Dd3", "black Kd7", "white Dd4", "black Kd6", "white Dd5", "black Kxd5")
	if res, _ := g.Result(); res != "" {
		t.Errorf("korona2 K against K with stones in reserve: %s; want play on", res)
	}
	// 4.6a: threefold repetition.
	g = newGameT(t, "korona", "4k3/8/8/8/8/8/8/3DK3 w - - 0 1")
	playAll(t, g, crowns...)
	playAll(t, g, "white Ke2", "black Ke7", "white Ke1", "black Ke8", "white Ke2", "black Ke7", "white Ke1")
	if res, _ := g.Result(); res != "" {
		t.Errorf("twice: %s; want play on", res)
	}
	playAll(t, g, "black Ke8")
	if res, why := g.Result(); res != "1/2-1/2" || why != "repetition" {
		t.Errorf("threefold: %s %s; want repetition", res, why)
	}
	// 4.6b: fifty moves; placing stones does not reset the count.
	g = newGameT(t, "korona2", "4k3/8/8/8/8/8/8/3DK3 w - - 96 1")
	playAll(t, g, crowns...)
	playAll(t, g, "white Ke2", "black S@a1,X@b2 salt=03", "white Ke1")
	if res, _ := g.Result(); res != "" {
		t.Errorf("99 plies: %s; want play on", res)
	}
	playAll(t, g, "black Kd7")
	if res, why := g.Result(); res != "1/2-1/2" || why != "fifty-move" {
		t.Errorf("fifty moves: %s %s; want fifty-move", res, why)
	}
}

// TestKoronaExplosions covers korona.md 5.9 and 5.10.
func TestKoronaExplosions(t *testing.T) {
	g := newGameT(t, "korona2", "4k3/8/8/8/8/8/3d4/3DK3 w - - 0 1")
	playAll(t, g, crowns...)
	playAll(t, g, "white Dxd2", "black X@d1 salt=03")
	r := playAll(t, g, "white Kxd1")
	if codes(r) != "capture explosion monarch-captured reveal reveal crown-revealed end" {
		t.Errorf("the crowned king explodes: %s", codes(r))
	}
	if res, why := g.Result(); res != "0-1" || why != "crown-captured" || g.Board() != "....k.../......../......../......../......../......../...D..../........" {
		t.Errorf("after the explosion: %s %s %s", res, why, g.Board())
	}
	// A pawn that takes a mine on the last rank does not promote.
	g = newGameT(t, "korona2", "2k5/1P6/8/8/8/8/8/3DK3 w - - 0 1")
	playAll(t, g, crowns...)
	playAll(t, g, "white Ke2", "black X@a8 salt=03")
	r = playAll(t, g, "white bxa8")
	if codes(r) != "capture explosion reveal" || r.Move != "b7a8g" || g.Board() != "..k...../......../......../......../......../......../....K.../...D...." {
		t.Errorf("a pawn explodes on a8: %s %s %s", codes(r), r.Move, g.Board())
	}
	// A plain stone is an ordinary capture; a promoted man is no monarch.
	g = newGameT(t, "korona2", "2k5/1P6/8/8/8/8/8/3DK3 w - - 0 1")
	playAll(t, g, crowns...)
	playAll(t, g, "white Ke2", "black S@a8 salt=03")
	if r = playAll(t, g, "white bxa8"); codes(r) != "capture" || g.Board() != "G.k...../......../......../......../......../......../....K.../...D...." {
		t.Errorf("a pawn takes a stone on a8: %s %s", codes(r), g.Board())
	}
	if r = playAll(t, g, "black Kb8", "white Ke3", "black Kxa8"); codes(r) != "capture" {
		t.Errorf("taking a generalissimo: %s; want capture alone", codes(r))
	}
}

// koronaRandomAction picks an action for the seat to move: mostly a
// pseudo-legal move in coordinates, now and then a try that is no move,
// in korona2 a placement when the seat may place.
func koronaRandomAction(rng *rand.Rand, g *korona) string {
	p := &g.t.pos
	us := p.ToMove
	if g.kind.stones && g.fallen[us] && g.reserve[us] > 0 && rng.IntN(4) == 0 {
		return randomPlacement(rng, g, us)
	}
	if rng.IntN(10) == 0 {
		return board.Move{From: board.Cell(rng.IntN(64)), To: board.Cell(rng.IntN(64))}.Coord(p.Geo)
	}
	ms := p.Generate(nil)
	if len(ms) == 0 {
		return randomPlacement(rng, g, us)
	}
	return ms[rng.IntN(len(ms))].Coord(p.Geo)
}

func randomPlacement(rng *rand.Rand, g *korona, us board.Army) string {
	p := &g.t.pos
	var empty []board.Cell
	for c := range 64 {
		if p.Cells[c].Empty() {
			empty = append(empty, board.Cell(c))
		}
	}
	rng.Shuffle(len(empty), func(i, j int) { empty[i], empty[j] = empty[j], empty[i] })
	n := min(1+rng.IntN(max(g.reserve[us], 1)), len(empty))
	var st []placedStone
	for i := range n {
		st = append(st, placedStone{cell: empty[i]})
	}
	if !g.mined[us] && len(st) > 0 && (n == g.reserve[us] || rng.IntN(2) == 0) {
		st[rng.IntN(len(st))].mined = true
	}
	return canonicalStones(st, false) + fmt.Sprintf(" salt=%02x", rng.IntN(256))
}

// TestKoronaNonInterference: two games that differ only in one seat's
// crown give the other seat and the spectators byte-identical rulings and
// views until the crown is revealed (korona.md 7.1).
func TestKoronaNonInterference(t *testing.T) {
	for _, key := range []string{"korona", "korona2", "krono"} {
		plies := 0
		for seed := range seeds(25) {
			rng := rand.New(rand.NewPCG(seed, 1))
			s := TwoSeats[rng.IntN(2)]
			tw := &twins{a: newGameT(t, key, ""), b: newGameT(t, key, ""), s: s, note: 1}
			oc := Action{Seat: other(s), Text: "crown " + []string{"king", "dame"}[rng.IntN(2)] + " salt=77"}
			sa, sb := Action{Seat: s, Text: "crown king salt=ab"}, Action{Seat: s, Text: "crown dame salt=ab"}
			if rng.IntN(2) == 0 {
				tw.play(t, oc, oc)
				tw.play(t, sa, sb)
			} else {
				tw.play(t, sa, sb)
				tw.play(t, oc, oc)
			}
			for tw.plies < 600 {
				act := Action{Seat: tw.a.Turn(), Text: koronaRandomAction(rng, tw.a.(*korona))}
				if !tw.play(t, act, act) {
					break
				}
			}
			plies += tw.plies
		}
		if plies < 300 {
			t.Errorf("%s: only %d plies compared", key, plies)
		}
	}
}

// TestKoronaMineNonInterference: two korona2 games that differ only in
// which of a seat's stones is mined look the same to the other seat and to
// spectators until the mine's note is opened (korona.md 5.6, 7.1).
func TestKoronaMineNonInterference(t *testing.T) {
	starts := []struct {
		fen, take string
		s         Seat
	}{
		{"rnb1kbnr/pppppppp/8/8/8/8/PPPdPPPP/RNBDKBNR w KQkq - 0 1", "white d1d2", Black},
		{"rnbdkbnr/pppDpppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1", "black d8d7", White},
	}
	plies, opened := 0, 0
	for seed := range seeds(40) {
		rng := rand.New(rand.NewPCG(seed, 2))
		st := starts[seed%2]
		tw := &twins{a: newGameT(t, "korona2", st.fen), b: newGameT(t, "korona2", st.fen), s: st.s, note: 2}
		for _, line := range append(slices.Clone(crowns), st.take) {
			seat, text, _ := cutSeat(line)
			tw.play(t, Action{Seat: seat, Text: text}, Action{Seat: seat, Text: text})
		}
		sa := Action{Seat: st.s, Text: "X@d4,S@e5 salt=cd"}
		sb := Action{Seat: st.s, Text: "S@d4,X@e5 salt=cd"}
		if rng.IntN(2) == 0 {
			sa.Text, sb.Text = "X@d4,S@e5,S@c5 salt=cd", "S@d4,S@e5,X@c5 salt=cd"
		}
		if !tw.play(t, sa, sb) {
			t.Fatalf("seed %d: the placement ended the game", seed)
		}
		for tw.plies < 600 {
			act := Action{Seat: tw.a.Turn(), Text: koronaRandomAction(rng, tw.a.(*korona))}
			if !tw.play(t, act, act) {
				if tw.a.Turn() != "" && tw.b.Turn() != "" {
					opened++
				}
				break
			}
		}
		plies += tw.plies
	}
	if plies < 300 || opened == 0 {
		t.Errorf("only %d plies compared, %d games reached an explosion", plies, opened)
	}
}

// TestKoronaReplay: replaying a game's log gives the same views.
func TestKoronaReplay(t *testing.T) {
	for _, key := range []string{"korona", "korona2", "krono"} {
		rng := rand.New(rand.NewPCG(3, 3))
		v, _ := Lookup(key)
		g := newGameT(t, key, "rnb1kbnr/pppppppp/8/8/8/8/PPPdPPPP/RNBDKBNR w KQkq - 0 1")
		log := []Action{{Seat: White, Text: "crown dame salt=01"}, {Seat: Black, Text: "crown king salt=02"}}
		for _, a := range log {
			g.Play(a)
		}
		for range 200 {
			if g.Turn() == "" {
				break
			}
			a := Action{Seat: g.Turn(), Text: koronaRandomAction(rng, g.(*korona))}
			if g.Play(a).Logged() {
				log = append(log, a)
			}
		}
		h, err := Replay(v, Options{FEN: "rnb1kbnr/pppppppp/8/8/8/8/PPPdPPPP/RNBDKBNR w KQkq - 0 1"}, log)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []Seat{White, Black, Spectator, God} {
			if a, b := viewJSON(t, g, s), viewJSON(t, h, s); a != b {
				t.Errorf("%s: replayed view of %s differs:\n%s\n%s", key, s, a, b)
			}
		}
	}
}

// TestKoronaFENCastling: a FEN letter whose monarch is not on its square
// gives no right (a C on e1 never castles).
func TestKoronaFENCastling(t *testing.T) {
	for _, tc := range []struct{ key, fen, want string }{
		{"krono", "r2dk2r/8/8/8/8/8/8/R2DC2R w KQAHkqah - 0 1", "AHkqah"},
		{"korona", "r2dk2r/8/8/8/8/8/8/R2GK2R w KQAHkqah - 0 1", "KQkqah"},
		{"progressive", "4k3/8/8/8/8/8/8/R3KB1N w KQ - 0 1", "Q"},
		{"progressive", "4k3/8/8/8/8/8/8/P3K2R w KQ - 0 1", "KQ"},
		{"progressive", "4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1", "-"},
	} {
		var pos board.Position
		switch g := newGameT(t, tc.key, tc.fen).(type) {
		case *korona:
			pos = g.t.pos
		case *progressive:
			pos = g.t.pos
		}
		if got := pos.CastlingField(); got != tc.want {
			t.Errorf("%s -fen %q: castling %s; want %s", tc.key, tc.fen, got, tc.want)
		}
	}
}

// TestKoronaSecrets: a seat's view holds its own crown, with the square of
// its holder, and the other's only once opened.
func TestKoronaSecrets(t *testing.T) {
	g := newGameT(t, "korona", "5d1k/1R6/R7/8/7N/8/8/4K3 w - - 0 1")
	playAll(t, g, "white crown king salt=01", "black crown king salt=02")
	want := []Secret{{Seat: White, Kind: "crown", Cell: "e1", Value: "king"}}
	if got := g.View(White).Secrets; !slices.Equal(got, want) {
		t.Errorf("white's secrets: %+v; want %+v", got, want)
	}
	if got := g.View(Spectator).Secrets; len(got) != 0 {
		t.Errorf("spectator's secrets: %+v", got)
	}
	playAll(t, g, "white Ng6", "black Kg8", "white Nxf8")
	want = append(want, Secret{Seat: Black, Kind: "crown", Cell: "g8", Value: "king", Opened: true})
	if got := g.View(White).Secrets; !slices.Equal(got, want) {
		t.Errorf("white's secrets after Nxf8: %+v; want %+v", got, want)
	}
	if got := g.View(Spectator).Secrets; !slices.Equal(got, want[1:]) {
		t.Errorf("spectator's secrets after Nxf8: %+v; want %+v", got, want[1:])
	}
}

// TestKoronaPlacementReasons: an impossible placement says why, in words
// that rest on the board and the sender's own stones.
func TestKoronaPlacementReasons(t *testing.T) {
	g := newGameT(t, "korona2", "4k3/8/8/8/8/8/3d4/3DK3 w - - 0 1")
	playAll(t, g, crowns...)
	if r := ruling(g, "white S@a3 salt=01"); r.Reason != ReasonStonesLocked {
		t.Errorf("before a monarch fell: %s %q", r.Verdict, r.Reason)
	}
	playAll(t, g, "white Dxd2")
	for _, tc := range []struct{ text, reason string }{
		{"S@a1,S@b1,S@c1,X@h3", ReasonStonesCount},
		{"X@a1,X@b1", ReasonStonesMine},
		{"S@a1,S@b1,S@c1", ReasonStonesMine},
		{"S@d2", ReasonStonesSquare},
		{"S@a1,X@a1", ReasonStonesSquare},
	} {
		if r := ruling(g, "black "+tc.text+" salt=02"); r.Verdict != Impossible || r.Reason != tc.reason {
			t.Errorf("%s: %s %q; want impossible %q", tc.text, r.Verdict, r.Reason, tc.reason)
		}
	}
	p := newGameT(t, "progressive", "")
	for _, tc := range []struct{ text, reason string }{
		{"grow e4 N", ReasonGrowPawn}, {"grow e1 N", ReasonGrowPawn}, {"grow e2 A", ReasonGrowPiece},
	} {
		if r := ruling(p, "white "+tc.text+" salt=02"); r.Verdict != Impossible || r.Reason != tc.reason {
			t.Errorf("%s: %s %q; want impossible %q", tc.text, r.Verdict, r.Reason, tc.reason)
		}
	}
}
