// Command umpire referees hidden-information chess: Kriegspiel, dark chess,
// Korona and more, played by Telegram, by e-mail or at a console.
//
//	umpire [serve]                 run the bot (the console when nothing else is configured)
//	umpire referee -variant KEY    rule on a script of actions, print JSON Lines
//	umpire perft -variant KEY -depth N
//	umpire render -variant KEY -seat SEAT < script > view.png
//	umpire export GAME             a game as PGN (-format json: the whole record)
//	umpire replay GAME -o F.gif    a game's fog replay as a GIF
//	umpire backup FILE             a consistent copy of the database
//
// Settings come from flags and environment variables (UMPIRE_DB,
// TELEGRAM_TOKEN, IMAP_URL, …); main only sets up signals and calls run,
// which the tests call too.
//
// Run `umpire help` for every subcommand.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv); err != nil {
		fmt.Fprintln(os.Stderr, "umpire:", err)
		os.Exit(1)
	}
}

// command is one subcommand.
type command struct {
	name, usage string
	run         func(ctx context.Context, args []string, env *env) error
}

// env is what a subcommand may use of the outside world.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
}

// commands are the subcommands, in the order usage lists them; each is
// declared in its own file.
var commands = []command{backupCommand, checkCommand, doctorCommand, matchCommand, ladderCommand, exportCommand, perftCommand, refereeCommand,
	renderCommand, replayCommand, serveCommand}

// run dispatches to a subcommand; with none it serves.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error {
	e := &env{stdin, stdout, stderr, getenv}
	name := "serve"
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		name, args = args[0], args[1:]
	}
	if name == "help" || name == "-h" {
		return usage(stdout)
	}
	for _, c := range commands {
		if c.name == name {
			return c.run(ctx, args, e)
		}
	}
	usage(stderr)
	return fmt.Errorf("unknown command %q", name)
}

func usage(w io.Writer) error {
	fmt.Fprintln(w, "usage: umpire [command] [flags]\n\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.usage)
	}
	return nil
}
