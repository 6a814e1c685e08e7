package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"umpire/bot/record"

	"umpire/bot"
	"umpire/store"
)

// exportCommand is `umpire export`.
var exportCommand = command{"export", "print a game as PGN, hidden information in comments, or as JSON: [-db PATH] [-force] [-format pgn|json] GAME (-force: a game still in play too)", exportCmd}

// exportCmd prints game GAME (12 or #12) as PGN or, with -format json, as
// the whole record for other tools (record.Game). A game still in play
// is refused without -force: either gives away every hidden move.
func exportCmd(ctx context.Context, args []string, e *env) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	dbPath := dbFlag(fs, e.getenv)
	force := fs.Bool("force", false, "export a game still in play, hidden moves and secrets included")
	format := fs.String("format", "pgn", "pgn, or json: actions, rulings and every seat's view after each")
	if err := fs.Parse(args); err != nil {
		return err
	}
	id, err := gameArg(fs, "export")
	if err != nil {
		return err
	}
	if *format != "pgn" && *format != "json" {
		return fmt.Errorf("export: -format %q: want pgn or json", *format)
	}
	out, err := export(*dbPath, id, *force, *format)
	if err != nil {
		return fmt.Errorf("export: game %d: %w", id, err)
	}
	_, err = fmt.Fprint(e.stdout, out)
	return err
}

// gameArg reads the one GAME argument (12 or #12) of subcommand cmd, and
// the flags that follow it (umpire replay 12 -o game.gif).
func gameArg(fs *flag.FlagSet, cmd string) (uint64, error) {
	if fs.NArg() < 1 {
		return 0, fmt.Errorf("%s: want one GAME number", cmd)
	}
	game := fs.Arg(0)
	if err := fs.Parse(fs.Args()[1:]); err != nil {
		return 0, err
	}
	if fs.NArg() != 0 {
		return 0, fmt.Errorf("%s: want one GAME number, not %q too", cmd, fs.Arg(0))
	}
	id, err := strconv.ParseUint(strings.TrimPrefix(game, "#"), 10, 64)
	if err != nil || id == 0 {
		return 0, fmt.Errorf("%s: %q is not a game number", cmd, game)
	}
	return id, nil
}

// export reads game id in format ("pgn", "json", or "gif" in English)
// from the database or, when it is locked, asks the umpire serving it.
func export(path string, id uint64, force bool, format string) (string, error) {
	db, err := openReadOnly(path)
	if errors.Is(err, store.ErrLocked) {
		abs, _ := filepath.Abs(path)
		return askExport(abs, id, force, format)
	}
	if err != nil {
		return "", err
	}
	defer db.Close()
	return exportAs(db, id, force, format)
}

// errInPlay refuses the PGN of a game in play.
var errInPlay = errors.New("the game is in play: its PGN would give away every hidden move and secret; add -force to export it anyway")

// exportAs writes game id as PGN, as JSON or as its replay (a GIF, its
// words in English), unless it is in play and not forced.
func exportAs(db *store.DB, id uint64, force bool, format string) (string, error) {
	g, err := db.Game(id)
	if err != nil {
		return "", err
	}
	if g.State == store.StatePlaying && !force {
		return "", errInPlay
	}
	switch format {
	case "json":
		b, err := record.ExportJSON(db, id)
		return string(b) + "\n", err
	case "gif":
		b, err := bot.New(bot.Config{DB: db})
		if err != nil {
			return "", err
		}
		gif, err := b.Replay(id, "en")
		return string(gif), err
	}
	return record.PGN(db, id)
}
