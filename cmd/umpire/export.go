package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"umpire/bot"
	"umpire/store"
)

func init() {
	commands = append(commands, command{"export", "print a game as PGN, hidden information in comments: [-db PATH] [-force] GAME (-force: a game still in play too)", exportCmd})
}

// exportCmd prints game GAME (12 or #12) as PGN. A game still in play is
// refused without -force: its PGN gives away every hidden move.
func exportCmd(ctx context.Context, args []string, e *env) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	dbPath := dbFlag(fs, e.getenv)
	force := fs.Bool("force", false, "export a game still in play, hidden moves and secrets included")
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
	pgn, err := export(*dbPath, id, *force)
	if err != nil {
		return fmt.Errorf("export: game %d: %w", id, err)
	}
	_, err = fmt.Fprint(e.stdout, pgn)
	return err
}

// export reads game id from the database or, when it is locked, asks the
// umpire serving it.
func export(path string, id uint64, force bool) (string, error) {
	db, err := openReadOnly(path)
	if errors.Is(err, store.ErrLocked) {
		abs, _ := filepath.Abs(path)
		return askExport(abs, id, force)
	}
	if err != nil {
		return "", err
	}
	defer db.Close()
	return exportPGN(db, id, force)
}

// errInPlay refuses the PGN of a game in play.
var errInPlay = errors.New("the game is in play: its PGN would give away every hidden move and secret; add -force to export it anyway")

// exportPGN writes game id as PGN, unless it is in play and not forced.
func exportPGN(db *store.DB, id uint64, force bool) (string, error) {
	g, err := db.Game(id)
	if err != nil {
		return "", err
	}
	if g.State == store.StatePlaying && !force {
		return "", errInPlay
	}
	return bot.PGN(db, id)
}
