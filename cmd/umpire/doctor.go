package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
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
// newest mail), the database and the free disk. It sends nothing and
// changes nothing, and fails (a non-zero exit) when any check fails. No
// line holds a secret.
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
