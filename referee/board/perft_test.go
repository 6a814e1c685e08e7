package board

import "testing"

// Published perft counts (chessprogramming.org, "Perft Results").
var perftTable = []struct {
	name, fen string
	counts    []int64 // depth 1, 2, ...
}{
	{"start", StartFEN, []int64{20, 400, 8902, 197281, 4865609}},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []int64{48, 2039, 97862, 4085603}},
	{"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", []int64{14, 191, 2812, 43238, 674624}},
	{"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", []int64{6, 264, 9467, 422333}},
	{"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", []int64{44, 1486, 62379, 2103487}},
	{"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", []int64{46, 2079, 89890, 3894594}},
}

func TestPerftChess(t *testing.T) {
	for _, tc := range perftTable {
		p, err := ParseFEN(tc.fen, ChessRules)
		if err != nil {
			t.Fatal(err)
		}
		for d, want := range tc.counts {
			if testing.Short() && want > 500000 {
				break
			}
			if got := Perft(&p, d+1, false); got != want {
				t.Errorf("%s: perft(%d) = %d; want %d", tc.name, d+1, got, want)
			}
		}
	}
}

// The deepest published counts, too slow for tests: one run each.
var perftDeep = []struct {
	name, fen string
	depth     int
	nodes     int64
}{
	{"start6", StartFEN, 6, 119060324},
	{"kiwipete5", perftTable[1].fen, 5, 193690690},
	{"position3-7", perftTable[2].fen, 7, 178633661},
	{"position4-5", perftTable[3].fen, 5, 15833292},
	{"position5-5", perftTable[4].fen, 5, 89941194},
	{"position6-5", perftTable[5].fen, 5, 164075551},
}

func BenchmarkPerftDeep(b *testing.B) {
	for _, tc := range perftDeep {
		b.Run(tc.name, func(b *testing.B) {
			p, err := ParseFEN(tc.fen, ChessRules)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if got := Perft(&p, tc.depth, false); got != tc.nodes {
					b.Fatalf("perft(%d) = %d; want %d", tc.depth, got, tc.nodes)
				}
			}
		})
	}
}
