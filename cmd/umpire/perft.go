package main

import (
	"context"
	"flag"
	"fmt"

	"umpire/referee"
)

// perftCommand is `umpire perft`.
var perftCommand = command{"perft", "count the leaves of the move tree: -variant KEY [-fen FEN] -depth N", perftCmd}

func perftCmd(ctx context.Context, args []string, e *env) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	variant := fs.String("variant", "chess", "variant key")
	rules := fs.String("rules", "", "rule set")
	fen := fs.String("fen", "", "start position (default: the variant's start)")
	depth := fs.Int("depth", 1, "depth in plies")
	if err := fs.Parse(args); err != nil {
		return err
	}
	n, err := referee.Perft(*variant, referee.Options{Rules: *rules, FEN: *fen}, *depth)
	if err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, n)
	return nil
}
