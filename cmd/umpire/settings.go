package main

import (
	"flag"
	"fmt"
	"log/slog"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"umpire/bot/texts"
	"umpire/bot/wire"
)

// settings are umpire serve's settings. Each comes from a flag, else from
// an environment variable, else a default; a wrong one is refused with the
// names of the flag and the variable to change.
type settings struct {
	db        string   // -db, UMPIRE_DB
	langs     []string // -lang, UMPIRE_LANGS
	pictures  string   // -pictures, UMPIRE_PICTURES
	console   bool     // -console, UMPIRE_CONSOLE
	delivered string   // -delivered, UMPIRE_CONSOLE_LOG
	session   string   // -session, UMPIRE_CONSOLE_SESSION
	logLevel  slog.Level
	logJSON   bool   // -log-format json, UMPIRE_LOG_FORMAT
	http      string // -http, UMPIRE_HTTP_LISTEN: the operator's endpoints (ops.go), "" for none
	workers   int    // -send-workers, UMPIRE_SEND_WORKERS
	backups   backupSettings
	env       func(string) string
}

// backupSettings schedule backups (see backups); every is 0 when none are.
type backupSettings struct {
	every time.Duration // -backup-every, UMPIRE_BACKUP_EVERY
	dir   string        // -backup-dir, UMPIRE_BACKUP_DIR
	keep  int           // -backup-keep, UMPIRE_BACKUP_KEEP
}

// dbFlag registers -db with UMPIRE_DB, shared by serve, export and backup.
func dbFlag(fs *flag.FlagSet, getenv func(string) string) *string {
	return fs.String("db", envOr(getenv, "UMPIRE_DB", "umpire.db"), "database file (UMPIRE_DB)")
}

func envOr(getenv func(string) string, name, def string) string {
	if v := getenv(name); v != "" {
		return v
	}
	return def
}

// readSettings reads serve's flags and environment.
func readSettings(args []string, e *env) (*settings, error) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	s := &settings{env: e.getenv}
	db := dbFlag(fs, e.getenv)
	langs := fs.String("lang", envOr(e.getenv, "UMPIRE_LANGS", strings.Join(texts.Languages, ",")), "languages offered, the default first (UMPIRE_LANGS)")
	fs.StringVar(&s.pictures, "pictures", e.getenv("UMPIRE_PICTURES"), "console: directory for the pictures (UMPIRE_PICTURES; default: umpire-pictures beside the database)")
	fs.BoolVar(&s.console, "console", e.getenv("UMPIRE_CONSOLE") != "", "use the console even when other transports are configured (UMPIRE_CONSOLE=1)")
	fs.StringVar(&s.delivered, "delivered", e.getenv("UMPIRE_CONSOLE_LOG"), "console: append every message sent to this file as JSON lines (UMPIRE_CONSOLE_LOG)")
	fs.StringVar(&s.session, "session", e.getenv("UMPIRE_CONSOLE_SESSION"), "console: name of this run in the ids of its lines, for replayed scripts (UMPIRE_CONSOLE_SESSION)")
	level := fs.String("log", envOr(e.getenv, "UMPIRE_LOG", ""), "log level: debug, info, warn, error (UMPIRE_LOG)")
	workers := fs.String("send-workers", envOr(e.getenv, "UMPIRE_SEND_WORKERS", "0"), "messages made and sent at once, each to another chat; 0: twice the cores, at least 4 (UMPIRE_SEND_WORKERS)")
	every := fs.String("backup-every", e.getenv("UMPIRE_BACKUP_EVERY"), "make a backup at this interval, as 24h (UMPIRE_BACKUP_EVERY; default: none)")
	fs.StringVar(&s.backups.dir, "backup-dir", e.getenv("UMPIRE_BACKUP_DIR"), "folder of the scheduled backups (UMPIRE_BACKUP_DIR; default: umpire-backups beside the database)")
	fs.StringVar(&s.http, "http", e.getenv("UMPIRE_HTTP_LISTEN"), "serve /healthz, /readyz and /metrics here, as :9100 (loopback unless a host is named) (UMPIRE_HTTP_LISTEN; default: none)")
	format := fs.String("log-format", envOr(e.getenv, "UMPIRE_LOG_FORMAT", "text"), "log lines as text or json (UMPIRE_LOG_FORMAT)")
	keep := fs.String("backup-keep", envOr(e.getenv, "UMPIRE_BACKUP_KEEP", "7"), "how many scheduled backups to keep (UMPIRE_BACKUP_KEEP)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("serve: unexpected argument %q", fs.Arg(0))
	}
	s.db = *db
	if s.db == "" {
		return nil, fmt.Errorf("the database path is empty: set -db or UMPIRE_DB")
	}
	var err error
	if s.langs, err = readLangs(*langs); err != nil {
		return nil, err
	}
	if s.pictures == "" {
		s.pictures = filepath.Join(filepath.Dir(s.db), "umpire-pictures")
	}
	if s.logLevel, err = readLevel(*level); err != nil {
		return nil, err
	}
	if s.workers, err = strconv.Atoi(*workers); err != nil || s.workers < 0 || s.workers > 256 {
		return nil, fmt.Errorf("send workers %q: want a number from 0 to 256 (set -send-workers or UMPIRE_SEND_WORKERS)", *workers)
	}
	if err := s.backups.read(*every, *keep, s.db); err != nil {
		return nil, err
	}
	switch *format {
	case "text":
	case "json":
		s.logJSON = true
	default:
		return nil, fmt.Errorf("log format %q: want text or json (set -log-format or UMPIRE_LOG_FORMAT)", *format)
	}
	if s.http != "" {
		if s.http, err = wire.ListenAddr(s.http); err != nil {
			return nil, fmt.Errorf("%w (set -http or UMPIRE_HTTP_LISTEN)", err)
		}
	}
	return s, nil
}

// read reads the backup schedule's settings.
func (b *backupSettings) read(every, keep, db string) error {
	if every != "" {
		d, err := time.ParseDuration(every)
		if err != nil || d < time.Minute {
			return fmt.Errorf("backup interval %q: want a duration of a minute or more, as 24h (set -backup-every or UMPIRE_BACKUP_EVERY)", every)
		}
		b.every = d
	}
	n, err := strconv.Atoi(keep)
	if err != nil || n < 1 || n > 10000 {
		return fmt.Errorf("backups to keep %q: want a number from 1 to 10000 (set -backup-keep or UMPIRE_BACKUP_KEEP)", keep)
	}
	b.keep = n
	if b.dir == "" {
		b.dir = filepath.Join(filepath.Dir(db), "umpire-backups")
	}
	return nil
}

// readLangs reads a comma-separated list of languages.
func readLangs(list string) ([]string, error) {
	var out []string
	for _, l := range strings.Split(list, ",") {
		l = strings.ToLower(strings.TrimSpace(l))
		if l == "" {
			continue
		}
		if !texts.DefaultCatalog.Supported(l) {
			return nil, fmt.Errorf("language %q in -lang or UMPIRE_LANGS: want some of %s, the default first", l, strings.Join(texts.Languages, ","))
		}
		out = append(out, l)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no language in -lang or UMPIRE_LANGS: want some of %s", strings.Join(texts.Languages, ","))
	}
	return out, nil
}

// readLevel reads a log level; "" is info.
func readLevel(s string) (slog.Level, error) {
	var l slog.Level
	if s == "" {
		return slog.LevelInfo, nil
	}
	if err := l.UnmarshalText([]byte(s)); err != nil {
		return l, fmt.Errorf("log level %q in -log or UMPIRE_LOG: want debug, info, warn or error", s)
	}
	return l, nil
}

// langHint reads the language of a locale such as LANG=ru_RU.UTF-8.
func langHint(getenv func(string) string) string {
	l := getenv("LANG")
	if len(l) < 2 {
		return ""
	}
	return l[:2]
}
