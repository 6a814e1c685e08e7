package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"umpire/bot/email"
	"umpire/bot/telegram"
	"umpire/bot/wire"
)

// doctorCommand is `umpire doctor`.
var doctorCommand = command{"doctor", "check the settings before a start, one line each: [-db PATH]", doctorCmd}

// Free disk below these is worth a look, or must change.
const (
	diskWarn = 1 << 30
	diskFail = 64 << 20
)

// doctorCmd checks what `umpire serve` would use, with the same
// environment, and says for each check ok, warn or FAIL with what to do:
// Telegram (the token, privacy mode, a webhook, the https addresses), mail
// (IMAP login, IDLE, the mailbox, SMTP login, MAIL_AUTHSERV_ID in the
// newest mail), where each server listens, the database and the free
// disk. It sends nothing and changes nothing, and fails (a non-zero exit)
// when any check fails. No line holds a secret: a URL is shown by its
// scheme and host alone (wire.ShownURL).
func doctorCmd(ctx context.Context, args []string, e *env) error {
	flags := flag.NewFlagSet("doctor", flag.ContinueOnError)
	flags.SetOutput(e.stderr)
	dbPath := dbFlag(flags, e.getenv)
	if err := flags.Parse(args); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	var found []wire.Finding
	if e.getenv("TELEGRAM_TOKEN") != "" {
		cfg, err := telegram.FromEnv(e.getenv)
		if err != nil {
			found = append(found, wire.Finding{Check: "telegram settings", Level: wire.Fail, Text: err.Error()})
		} else {
			found = append(found, telegram.Diagnose(ctx, cfg)...)
		}
	}
	if e.getenv("IMAP_URL") != "" {
		cfg, _, err := email.FromEnv(e.getenv)
		if err != nil {
			found = append(found, wire.Finding{Check: "mail settings", Level: wire.Fail, Text: err.Error()})
		} else {
			found = append(found, email.Diagnose(ctx, cfg)...)
		}
	}
	if len(found) == 0 {
		found = append(found, wire.Finding{Check: "transports", Level: wire.Warn,
			Text: "neither TELEGRAM_TOKEN nor IMAP_URL is set: serve opens the console"})
	}
	found = append(found, listening(e.getenv)...)
	if _, err := os.Stat(*dbPath); errors.Is(err, fs.ErrNotExist) {
		found = append(found, wire.Finding{Check: "database", Text: *dbPath + " does not exist yet: serve makes it"})
	} else {
		found = append(found, wire.Found("database", *dbPath+": no damage found", check(*dbPath), wire.Fail))
	}
	found = append(found, disk(*dbPath))
	failed := 0
	for _, f := range found {
		fmt.Fprintf(e.stdout, "%-4s %-18s %s\n", f.Level, f.Check, f.Text)
		if f.Level == wire.Fail {
			failed++
		}
	}
	if failed > 0 {
		return fmt.Errorf("doctor: %d checks failed", failed)
	}
	return nil
}

// disk says how much room the database's file system has left.
func disk(path string) wire.Finding {
	dir := filepath.Dir(path)
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return wire.Found("disk", "", errors.New("cannot read the free space of "+dir), wire.Warn)
	}
	free := int64(st.Bavail) * int64(st.Bsize)
	text := fmt.Sprintf("%.1f GB free beside the database", float64(free)/(1<<30))
	switch {
	case free < diskFail:
		return wire.Finding{Check: "disk", Level: wire.Fail, Text: text + ": too little for the database to grow; free some"}
	case free < diskWarn:
		return wire.Finding{Check: "disk", Level: wire.Warn, Text: text + ": less than a gigabyte"}
	}
	return wire.Finding{Check: "disk", Text: text}
}

// server is one of the umpire's HTTP servers: what it is, the setting
// that says where it listens, and where it would.
type server struct{ what, setting, addr string }

// servers are the HTTP servers `umpire serve` would run with the
// environment getenv, each where it would listen; a setting it cannot
// read is left out (its transport's check says what is wrong).
func servers(getenv func(string) string) []server {
	var out []server
	if tg, err := telegram.FromEnv(getenv); getenv("TELEGRAM_TOKEN") != "" && err == nil {
		if tg.Webhook.URL != "" {
			out = append(out, server{"the Telegram webhook", "TELEGRAM_WEBHOOK_LISTEN", tg.Webhook.Listen})
		}
		if tg.WebApp.URL != "" {
			out = append(out, server{"the Mini App", "TELEGRAM_WEBAPP_LISTEN", tg.WebApp.Listen})
		}
	}
	if m, ok, err := email.FromEnv(getenv); ok && err == nil && m.UnsubscribeURL != nil {
		out = append(out, server{"the one-click unsubscribe", "MAIL_UNSUBSCRIBE_LISTEN", m.UnsubscribeListen})
	}
	if a, err := wire.ListenAddr(getenv("UMPIRE_HTTP_LISTEN")); getenv("UMPIRE_HTTP_LISTEN") != "" && err == nil {
		out = append(out, server{"health and metrics", "UMPIRE_HTTP_LISTEN", a})
	}
	return out
}

// listening says where the servers listen: a warning for each one beyond
// loopback, which is meant to sit behind the operator's proxy, else one
// line for all.
func listening(getenv func(string) string) []wire.Finding {
	var out []wire.Finding
	var at []string
	for _, s := range servers(getenv) {
		at = append(at, s.what+" on "+s.addr)
		if !wire.Loopback(s.addr) {
			out = append(out, wire.Finding{Check: "listen", Level: wire.Warn, Text: fmt.Sprintf(
				"%s listens beyond loopback, on %s (%s): unless a firewall keeps everyone but your proxy away, give the port alone (loopback) or 127.0.0.1", s.what, s.addr, s.setting)})
		}
	}
	if len(out) == 0 && len(at) > 0 {
		out = append(out, wire.Finding{Check: "listen", Text: "on loopback, behind your proxy: " + strings.Join(at, ", ")})
	}
	return out
}
