package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"umpire/store"
)

// A running umpire holds its database file locked, so `umpire backup`
// cannot open it, nor can `umpire export`. They ask the running umpire
// instead, over a Unix socket beside the database (PATH.ctl): one line
// "backup FILE", answered by "ok BYTES", "export GAME [json|gif]" (a game in play
// only as "export GAME force …"), answered by "ok" and the PGN, the JSON
// record or the replay, or "check",
// answered by "ok"; "error TEXT" when it fails.

// controlPath is the socket of the umpire serving database db: PATH.ctl,
// or, where that path is too long for a socket (about 100 bytes), a name
// made from its hash in a folder of the user's own under the temporary
// directory.
func controlPath(db string) string {
	p := db + ".ctl"
	if len(p) <= maxSocketPath {
		return p
	}
	abs, _ := filepath.Abs(db)
	sum := sha256.Sum256([]byte(abs))
	return filepath.Join(shortControlDir(), hex.EncodeToString(sum[:8])+".ctl")
}

// maxSocketPath is the longest socket path every Unix binds: sun_path
// holds 104 bytes on the BSDs, 108 on Linux, with a NUL.
const maxSocketPath = 100

// shortControlDir is the folder of the sockets whose own path is too long.
func shortControlDir() string {
	return filepath.Join(os.TempDir(), fmt.Sprintf("umpire-%d", os.Getuid()))
}

// listenControl serves backup and export requests for db until ctx is
// done. The umpire serves without it when it cannot be made (serve warns):
// backup and export then wait for the umpire to stop.
func listenControl(ctx context.Context, db *store.DB) (net.Listener, error) {
	path := controlPath(db.Path())
	if err := controlDir(path); err != nil {
		return nil, fmt.Errorf("control socket %s: %w", path, err)
	}
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

// controlDir makes the shared folder of a socket in it, for its owner
// alone, and refuses one that another user could reach.
func controlDir(path string) error {
	dir := filepath.Dir(path)
	if dir != shortControlDir() {
		return nil
	}
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !fi.IsDir() || fi.Mode().Perm() != 0o700 || !ok || int(st.Uid) != os.Getuid() {
		return fmt.Errorf("%s is not a folder of mode 0700 of this user", dir)
	}
	return nil
}

// serveControl answers one request.
func serveControl(c net.Conn, db *store.DB) {
	defer c.Close()
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return
	}
	verb, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
	switch verb {
	case "export":
		serveExport(c, db, arg)
		return
	case "check":
		serveCheck(c, db)
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
	format := "pgn"
	for _, f := range []string{"json", "gif"} {
		if a, ok := strings.CutSuffix(arg, " "+f); ok {
			arg, format = a, f
		}
	}
	arg, force := strings.CutSuffix(arg, " force")
	id, err := strconv.ParseUint(arg, 10, 64)
	if err != nil {
		fmt.Fprintln(c, "error: want: export GAME [force] [json|gif]")
		return
	}
	pgn, err := exportAs(db, id, force, format)
	if err != nil {
		fmt.Fprintln(c, "error:", err)
		return
	}
	fmt.Fprintf(c, "ok\n%s", pgn)
}

// askExport asks the umpire serving db for game id as PGN.
func askExport(db string, id uint64, force bool, format string) (string, error) {
	c, err := net.Dial("unix", controlPath(db))
	if err != nil {
		return "", fmt.Errorf("the database is locked and no umpire answers at %s: %w", controlPath(db), err)
	}
	defer c.Close()
	req := fmt.Sprintf("export %d", id)
	if force {
		req += " force"
	}
	if format != "pgn" {
		req += " " + format
	}
	fmt.Fprintln(c, req)
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
