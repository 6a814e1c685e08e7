package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"

	"umpire/store"
)

// A running umpire holds its database file locked, so `umpire backup`
// cannot open it. It asks the running umpire instead, over a Unix socket
// beside the database (PATH.ctl), to write the backup itself: one line
// "backup FILE" answered by "ok BYTES" or "error TEXT".

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
