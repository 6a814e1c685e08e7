package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"path/filepath"
	"strings"

	"umpire/store"
)

// checkCommand is `umpire check`.
var checkCommand = command{"check", "check the database file for damage, even while it is served: [-db PATH]", checkCmd}

// checkCmd runs bbolt's consistency check on the database and says what to
// do when it finds damage. It fails (a non-zero exit) on a damaged file.
func checkCmd(ctx context.Context, args []string, e *env) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	dbPath := dbFlag(fs, e.getenv)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("check: unexpected argument %q", fs.Arg(0))
	}
	if err := check(*dbPath); err != nil {
		return fmt.Errorf("check: %w", err)
	}
	fmt.Fprintf(e.stdout, "%s: no damage found\n", *dbPath)
	return nil
}

// check checks the database itself or, when it is locked, asks the umpire
// serving it.
func check(path string) error {
	db, err := openReadOnly(path)
	if errors.Is(err, store.ErrLocked) {
		abs, _ := filepath.Abs(path)
		return askCheck(abs)
	}
	if err != nil {
		return err
	}
	defer db.Close()
	return dbError(path, db.Check())
}

// serveCheck answers a check request.
func serveCheck(c net.Conn, db *store.DB) {
	if err := db.Check(); err != nil {
		fmt.Fprintf(c, "error: %s\n", strings.ReplaceAll(dbError(db.Path(), err).Error(), "\n", " "))
		return
	}
	fmt.Fprintln(c, "ok")
}

// askCheck asks the umpire serving db to check it.
func askCheck(db string) error {
	c, err := net.Dial("unix", controlPath(db))
	if err != nil {
		return fmt.Errorf("the database is locked and no umpire answers at %s: %w", controlPath(db), err)
	}
	defer c.Close()
	fmt.Fprintln(c, "check")
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return err
	}
	if line = strings.TrimSpace(line); line != "ok" {
		return errors.New(strings.TrimPrefix(line, "error: "))
	}
	return nil
}
