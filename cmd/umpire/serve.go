package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"
	"time"
	"umpire/bot/post"
	"umpire/bot/wire"

	"umpire/bot"
	"umpire/bot/console"
	"umpire/bot/texts"
)

// serveCommand is `umpire serve`.
var serveCommand = command{"serve", "run the bot (default): [-db PATH] [-lang en,ru,eo] [-console]; the console when no transport is configured", serveCmd}

// serveCmd runs the bot on the configured transports, or on the console,
// until a signal or the end of the console's input.
func serveCmd(ctx context.Context, args []string, e *env) error {
	s, err := readSettings(args, e)
	if err != nil {
		return err
	}
	db, err := openDB(s.db)
	if err != nil {
		return err
	}
	defer db.Close()
	log := s.logger(e.stderr, s.logLevel)
	if ctl, err := listenControl(ctx, db); err != nil {
		log.Warn("serving without a control socket: umpire backup and export must wait for this umpire to stop", "err", err)
	} else {
		defer ctl.Close()
	}
	d := transportDeps{getenv: e.getenv, db: db, words: post.Words(texts.DefaultCatalog, s.langs), log: log}
	ts, err := configured(d)
	if err != nil {
		return err
	}
	budget := &wire.DefaultBudget // strangers write on the transports
	if len(ts) == 0 || s.console {
		budget = nil // the console's one user may paste a whole game at once
		c := newConsole(s, e)
		defer c.Close()
		ts = append(ts, c)
		if s.logLevel == slog.LevelInfo && e.getenv("UMPIRE_LOG") == "" {
			log = s.logger(e.stderr, slog.LevelWarn)
		}
	}
	b, err := bot.New(bot.Config{DB: db, Langs: s.langs, Log: log, SendWorkers: s.workers, Budget: budget})
	if err != nil {
		return err
	}
	if s.backups.every > 0 {
		bk := &backups{db: db, dir: s.backups.dir, every: s.backups.every, keep: s.backups.keep, now: time.Now, log: log}
		bctx, stop := context.WithCancel(ctx)
		var running sync.WaitGroup
		running.Go(func() { bk.run(bctx) })
		defer running.Wait()
		defer stop()
	}
	actx, stopApp := context.WithCancel(ctx) // the servers beside the bot
	waitApp, err := startWebApp(actx, e.getenv, db, b, log)
	if err != nil {
		stopApp()
		return fmt.Errorf("TELEGRAM_WEBAPP_LISTEN: %w", err)
	}
	waitOps, err := startOps(actx, s.http, db, ts, log)
	if err != nil {
		stopApp()
		waitApp()
		return err
	}
	defer waitApp()
	defer waitOps()
	defer stopApp()
	log.Info("serving", "db", s.db, "transports", names(ts))
	stopNotify := startNotify(actx, e.getenv, db, log)
	defer stopNotify()
	return b.Run(ctx, ts...)
}

// newConsole makes the console transport on the command's input and
// output.
func newConsole(s *settings, e *env) *console.Console {
	interactive := false
	if f, ok := e.stdin.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			interactive = true
		}
	}
	// The greeting comes at once, with a terminal or without one.
	fmt.Fprintf(e.stdout, "umpire console: database %s, pictures in %s\n"+
		"Type help for the umpire's commands, :help for the console's (:as NAME to play as someone else, :in CHAT to speak in a group, :quit to stop).\n",
		s.db, s.pictures)
	return console.New(console.Options{In: e.stdin, Out: e.stdout, Pictures: s.pictures,
		Delivered: s.delivered, Session: s.session, Lang: langHint(e.getenv), Prompt: interactive})
}

func names(ts []wire.Transport) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.Name())
	}
	return out
}

// logger makes the log: text lines, or JSON for log collectors
// (-log-format json).
func (s *settings) logger(w io.Writer, level slog.Level) *slog.Logger {
	opts := &slog.HandlerOptions{Level: level}
	if s.logJSON {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}
