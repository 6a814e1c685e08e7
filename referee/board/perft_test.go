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
