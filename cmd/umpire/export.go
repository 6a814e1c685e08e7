package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"umpire/bot"
)

func init() {
	commands = append(commands, command{"export", "print a game as PGN, hidden information in comments: [-db PATH] GAME", exportCmd})
}

// exportCmd prints game GAME (12 or #12) as PGN.
func exportCmd(ctx context.Context, args []string, e *env) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	dbPath := dbFlag(fs, e.getenv)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("export: want one GAME number")
	}
	id, err := strconv.ParseUint(strings.TrimPrefix(fs.Arg(0), "#"), 10, 64)
	if err != nil || id == 0 {
		return fmt.Errorf("export: %q is not a game number", fs.Arg(0))
	}
	db, err := openDB(*dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	pgn, err := bot.PGN(db, id)
	if err != nil {
		return fmt.Errorf("export: game %d: %w", id, err)
	}
	_, err = fmt.Fprint(e.stdout, pgn)
	return err
}
