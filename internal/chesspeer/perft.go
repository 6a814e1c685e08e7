// Package chesspeer is the move-tree walk of the perft peer, corentings/chess
// v2, shared by the command that times it as a whole process
// (internal/perftpeer) and the benchmark that sets it beside the referee's
// generator in one run (referee's BenchmarkPerftCorentings).
package chesspeer

import "github.com/corentings/chess/v2"

// Perft counts the leaves depth plies (at least 1) below pos, counting the
// moves at the last ply without playing them, as the referee's Perft does.
func Perft(pos *chess.Position, depth int) int64 {
	moves := pos.ValidMoves()
	if depth == 1 {
		return int64(len(moves))
	}
	var n int64
	for i := range moves {
		n += Perft(pos.Update(&moves[i]), depth-1)
	}
	return n
}
