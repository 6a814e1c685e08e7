// Command perftpeer counts the leaves of the move tree with
// corentings/chess v2, as `umpire perft -variant chess` does with the
// referee's generator: the yardstick for whole-process timings of move
// generation (README, "Speed"). It counts the moves at the last ply
// without playing them, as the referee's Perft does.
//
//	go build -o perftpeer ./internal/perftpeer
//	perftpeer -depth 6 [-fen FEN]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/corentings/chess/v2"

	"umpire/internal/chesspeer"
)

func main() {
	fen := flag.String("fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "start position")
	depth := flag.Int("depth", 1, "depth in plies (at least 1)")
	flag.Parse()
	opt, err := chess.FEN(*fen)
	if err != nil || *depth < 1 {
		fmt.Fprintln(os.Stderr, "perftpeer: want a FEN and a depth of at least 1:", err)
		os.Exit(2)
	}
	fmt.Println(chesspeer.Perft(chess.NewGame(opt).Position(), *depth))
}
