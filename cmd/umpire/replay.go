package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
)

// replayCommand is `umpire replay`.
var replayCommand = command{"replay", "draw a finished game's fog replay as a GIF, every seat's view above the god's, a frame a move: GAME -o FILE [-db PATH] [-force]", replayCmd}

// replayCmd writes game GAME's fog replay to the file -o names. A game
// still in play is refused without -force: the replay shows every hidden
// move.
func replayCmd(ctx context.Context, args []string, e *env) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	dbPath := dbFlag(fs, e.getenv)
	force := fs.Bool("force", false, "draw a game still in play, hidden moves and secrets included")
	out := fs.String("o", "", "the GIF file to write (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	id, err := gameArg(fs, "replay")
	if err != nil {
		return err
	}
	if *out == "" {
		return errors.New("replay: -o FILE is required (the GIF to write)")
	}
	gif, err := export(*dbPath, id, *force, "gif")
	if err != nil {
		return fmt.Errorf("replay: game %d: %w", id, err)
	}
	if err := os.WriteFile(*out, []byte(gif), 0o644); err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	fmt.Fprintf(e.stderr, "replay of game %d: %s (%d bytes)\n", id, *out, len(gif))
	return nil
}
