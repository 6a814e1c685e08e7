package referee

import (
	"slices"
	"strings"
	"testing"

	"umpire/referee/board"
)

// The perft figures of dark.md §7: pseudo-legal moves, castling through
// attack, a king capture ending its line.
var darkPerftTable = []struct {
	name, rules, fen string
	counts           []int64 // depth 1, 2, …
}{
	{"start", "fog", board.StartFEN, []int64{20, 400, 8902, 197742, 4897256}},
	{"kiwipete", "fog", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []int64{48, 2049, 98903, 4206146}},
	{"castles", "fog", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []int64{26, 613, 15950, 401191}},
	{"king attacked", "fog", "rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2", []int64{20, 819, 17817, 701683}},
	{"Rxa8 takes the king", "fog", "k7/8/8/8/8/8/8/R6K w - - 0 1", []int64{16, 45}},
	{"nielsen start", "nielsen", board.StartFEN, []int64{20, 400, 8902, 197742, 4896998}},
}

// darkPerftQuick bounds the leaves a test counts with -short; the whole
// table takes about a second, and BenchmarkDarkPerft times its deepest rows.
const darkPerftQuick = 500_000

func TestDarkPerft(t *testing.T) {
	for _, tc := range darkPerftTable {
		for d, want := range tc.counts {
			if testing.Short() && want > darkPerftQuick {
				break
			}
			got, err := Perft("dark", Options{Rules: tc.rules, FEN: tc.fen}, d+1)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if got != want {
				t.Errorf("%s (%s): perft(%d) = %d; want %d", tc.name, tc.rules, d+1, got, want)
			}
		}
	}
}

// TestDarkPerftSecondGenerator counts every figure of dark.md §7 again with
// the independent mailbox generator of dark_ref_test.go, the nielsen d5
// included (dark.md asks for a check by a second generator), and checks
// the difference to fog: the 258 en passant captures at depth 5.
func TestDarkPerftSecondGenerator(t *testing.T) {
	for _, tc := range darkPerftTable {
		for d, want := range tc.counts {
			if testing.Short() && want > darkPerftQuick {
				break
			}
			p := mbParse(tc.fen, tc.rules == "nielsen")
			if got := mbPerft(&p, d+1); got != want {
				t.Errorf("%s (%s): second generator perft(%d) = %d; want %d", tc.name, tc.rules, d+1, got, want)
			}
		}
	}
	if testing.Short() {
		return
	}
	p := mbParse(board.StartFEN, false)
	if got := mbEnPassantLeaves(&p, 5); got != 258 {
		t.Errorf("en passant captures at depth 5 from the start = %d; want 258", got)
	}
}

// mbEnPassantLeaves counts the en passant captures among the leaves.
func mbEnPassantLeaves(p *mbPos, depth int) int64 {
	var n int64
	for _, m := range p.moves() {
		switch {
		case depth == 1 && m.ep:
			n++
		case depth > 1 && mbLower(p.sq[m.to]) != 'k':
			q := p.play(m)
			n += mbEnPassantLeaves(&q, depth-1)
		}
	}
	return n
}

// TestDarkPerftRandomPositions compares the two generators on positions
// reached by random play, in both rule sets: the move lists at every ply,
// perft(3) now and then.
func TestDarkPerftRandomPositions(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	for _, rs := range []string{"fog", "nielsen"} {
		for game := range games {
			g := newTestDark(t, rs, "")
			rnd := darkRand(uint64(game))
			for ply := 0; ply < 150 && g.Turn() != ""; ply++ {
				fen := g.t.pos.FEN()
				ref := mbParse(fen, rs == "nielsen")
				if got, want := darkCoords(g.t.pos.Generate(nil), &g.t.pos), mbCoords(&ref); got != want {
					t.Fatalf("%s %s: moves\n%s; second generator\n%s", rs, fen, got, want)
				}
				if ply%25 == 7 {
					if got, want := darkPerft3(t, rs, fen), mbPerft(&ref, 3); got != want {
						t.Fatalf("%s %s: perft(3) = %d; second generator %d", rs, fen, got, want)
					}
				}
				darkPlayRandom(t, g, rnd)
			}
		}
	}
}

// darkCoords and mbCoords write move lists as sorted coordinates.
func darkCoords(ms []board.Move, p *board.Position) string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Coord(p.Geo))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

func mbCoords(p *mbPos) string {
	var out []string
	for _, m := range p.moves() {
		s := mbName(m.from) + mbName(m.to)
		if m.promo != 0 {
			s += string(m.promo)
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// darkPerft3 is perft(3) of a position through the registered variant.
func darkPerft3(t *testing.T, rules, fen string) int64 {
	t.Helper()
	n, err := Perft("dark", Options{Rules: rules, FEN: fen}, 3)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func BenchmarkDarkPerft(b *testing.B) {
	for _, tc := range darkPerftTable {
		d := len(tc.counts)
		want := tc.counts[d-1]
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				got, err := Perft("dark", Options{Rules: tc.rules, FEN: tc.fen}, d)
				if err != nil || got != want {
					b.Fatalf("%s: perft(%d) = %d, %v; want %d", tc.name, d, got, err, want)
				}
			}
		})
	}
}
