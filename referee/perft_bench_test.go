package referee

import (
	"testing"

	oracle "github.com/corentings/chess/v2"

	"umpire/internal/chesspeer"
	"umpire/referee/board"
)

// Benchmarks of move generation: our perft beside corentings/chess on the
// same positions, in one `go test -bench Perft` run. The ratio of the two
// ns/op figures is the speed-up; cpu-ns/op is the processor time the
// process spent on one op (its garbage collector's included), the figure
// to compare on a busy machine.
var benchPositions = []struct {
	name, fen string
	depth     int
	nodes     int64
}{
	{"start5", board.StartFEN, 5, 4865609},
	{"start6", board.StartFEN, 6, 119060324},
	{"kiwipete4", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
}

func BenchmarkPerftUmpire(b *testing.B) {
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			p, err := board.ParseFEN(bp.fen, board.ChessRules)
			if err != nil {
				b.Fatal(err)
			}
			defer reportCPU(b)()
			for b.Loop() {
				if n := board.Perft(&p, bp.depth, false); n != bp.nodes {
					b.Fatalf("perft = %d; want %d", n, bp.nodes)
				}
			}
			b.ReportMetric(float64(bp.nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

func BenchmarkPerftCorentings(b *testing.B) {
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			opt, err := oracle.FEN(bp.fen)
			if err != nil {
				b.Fatal(err)
			}
			pos := oracle.NewGame(opt).Position()
			defer reportCPU(b)()
			for b.Loop() {
				if n := chesspeer.Perft(pos, bp.depth); n != bp.nodes {
					b.Fatalf("perft = %d; want %d", n, bp.nodes)
				}
			}
			b.ReportMetric(float64(bp.nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// reportCPU starts counting the process's processor time; the function it
// returns reports it as cpu-ns/op.
func reportCPU(b *testing.B) func() {
	start, ok := processCPU()
	return func() {
		if end, ok2 := processCPU(); ok && ok2 && b.N > 0 {
			b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
		}
	}
}
