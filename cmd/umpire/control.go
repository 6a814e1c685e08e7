package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"umpire/store"
)

// A running umpire holds its database file locked, so `umpire backup`
// cannot open it, nor can `umpire export`. They ask the running umpire
// instead, over a Unix socket beside the database (PATH.ctl): one line
// "backup FILE", answered by "ok BYTES", or "export GAME" (a game in play
// only as "export GAME force"), answered by "ok" and the PGN; "error TEXT"
// when it fails.

// controlPath is the socket of the umpire serving database db.
func controlPath(db string) string { return db + ".ctl" }

// listenControl serves backup requests for db until ctx is done.
func listenControl(ctx context.Context, db *store.DB) (net.Listener, error) {
	path := controlPath(db.Path())
	os.Remove(path) // left by a umpire that was killed; the database lock says none runs
	l, err := net.Listen("unix", path)
	if err != nil {
		return nil, fmt.Errorf("control socket %s: %w", path, err)
	}
	// Like the database file, the socket is its owner's alone: it hands
	// out the hidden moves of any game. (The umask made it.)
	if err := os.Chmod(path, 0o600); err != nil {
		l.Close()
		return nil, fmt.Errorf("control socket %s: %w", path, err)
	}
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go serveControl(c, db)
		}
	}()
	go func() { <-ctx.Done(); l.Close() }()
	return l, nil
}

// serveControl answers one request.
func serveControl(c net.Conn, db *store.DB) {
	defer c.Close()
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return
	}
	verb, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
	if verb == "export" {
		serveExport(c, db, arg)
		return
	}
	if verb != "backup" || !filepath.IsAbs(arg) {
		fmt.Fprintln(c, "error: want: backup ABSOLUTE-PATH")
		return
	}
	n, err := db.BackupFile(arg)
	if err != nil {
		fmt.Fprintln(c, "error:", err)
		return
	}
	fmt.Fprintln(c, "ok", n)
}

// askBackup asks the umpire serving db to back it up to file.
func askBackup(db, file string) (int64, error) {
	c, err := net.Dial("unix", controlPath(db))
	if err != nil {
		return 0, fmt.Errorf("the database is locked and no umpire answers at %s: %w", controlPath(db), err)
	}
	defer c.Close()
	fmt.Fprintf(c, "backup %s\n", file)
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return 0, err
	}
	var n int64
	if _, err := fmt.Sscanf(line, "ok %d", &n); err != nil {
		return 0, errors.New(strings.TrimSpace(line))
	}
	return n, nil
}

// serveExport answers an export request.
func serveExport(c net.Conn, db *store.DB, arg string) {
	arg, force := strings.CutSuffix(arg, " force")
	id, err := strconv.ParseUint(arg, 10, 64)
	if err != nil {
		fmt.Fprintln(c, "error: want: export GAME [force]")
		return
	}
	pgn, err := exportPGN(db, id, force)
	if err != nil {
		fmt.Fprintln(c, "error:", err)
		return
	}
	fmt.Fprintf(c, "ok\n%s", pgn)
}

// askExport asks the umpire serving db for game id as PGN.
func askExport(db string, id uint64, force bool) (string, error) {
	c, err := net.Dial("unix", controlPath(db))
	if err != nil {
		return "", fmt.Errorf("the database is locked and no umpire answers at %s: %w", controlPath(db), err)
	}
	defer c.Close()
	if force {
		fmt.Fprintf(c, "export %d force\n", id)
	} else {
		fmt.Fprintf(c, "export %d\n", id)
	}
	all, err := io.ReadAll(c)
	if err != nil {
		return "", err
	}
	status, pgn, _ := strings.Cut(string(all), "\n")
	if status != "ok" {
		return "", errors.New(strings.TrimSpace(string(all)))
	}
	return pgn, nil
}
