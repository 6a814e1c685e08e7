package main

import (
	"bytes"
	"context"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// played makes a database with a finished game in dir and returns its path.
func played(t *testing.T, dir string) string {
	t.Helper()
	db := filepath.Join(dir, "u.db")
	script := "ann@club> new chess\nann@club> join #1 white\nbob@club> join #1\nann> f3\nbob> e5\nann> g4\nbob> Qh4#\n"
	var out, errs strings.Builder
	if err := run(context.Background(), nil, strings.NewReader(script), &out, &errs, getenv("UMPIRE_DB", db)); err != nil {
		t.Fatalf("umpire: %v\n%s", err, errs.String())
	}
	return db
}

// TestDamagedDatabase: every command refuses an empty, a truncated and a
// corrupted database with a message that names the file and says to
// restore the last backup, and changes nothing; none panics.
func TestDamagedDatabase(t *testing.T) {
	t.Parallel()
	spoil := map[string]func(path string) error{
		"empty":     func(path string) error { return os.WriteFile(path, nil, 0o600) },
		"truncated": func(path string) error { return os.Truncate(path, 3*4096) },
		"corrupted": func(path string) error {
			data, err := os.ReadFile(path)
			for i := 2 * 4096; i < len(data); i++ {
				data[i] ^= 0x5A
			}
			return errorsJoin(err, os.WriteFile(path, data, 0o600))
		},
	}
	for name, fn := range spoil {
		dir := t.TempDir()
		db := played(t, dir)
		if err := fn(db); err != nil {
			t.Fatal(err)
		}
		before, _ := os.ReadFile(db)
		for _, args := range [][]string{{"serve"}, {"export", "1"}, {"backup", filepath.Join(dir, "copy.db")}, {"check"}} {
			var out, errs strings.Builder
			err := run(context.Background(), append([]string{args[0], "-db", db}, args[1:]...), strings.NewReader("help\n"), &out, &errs, getenv())
			if err == nil || !strings.Contains(err.Error(), db) || !strings.Contains(err.Error(), "Restore the last backup") {
				t.Errorf("%s database: umpire %s = %v; want a refusal naming %s and the way to restore", name, args[0], err, db)
			}
		}
		if after, _ := os.ReadFile(db); !bytes.Equal(before, after) {
			t.Errorf("%s database: a command changed it", name)
		}
		if _, err := os.Stat(filepath.Join(dir, "copy.db")); err == nil {
			t.Errorf("%s database: backup made a copy", name)
		}
	}
}

func errorsJoin(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// TestCheck: umpire check passes a sound database, from the file and
// through a serving umpire.
func TestCheck(t *testing.T) {
	t.Parallel()
	db := played(t, t.TempDir())
	var out, errs strings.Builder
	if err := run(context.Background(), []string{"check", "-db", db}, nil, &out, &errs, getenv()); err != nil || !strings.Contains(out.String(), "no damage") {
		t.Errorf("check: %v\n%s", err, out.String())
	}
	serving(t, db, func() {
		out.Reset()
		if err := run(context.Background(), []string{"check", "-db", db}, nil, &out, &errs, getenv()); err != nil || !strings.Contains(out.String(), "no damage") {
			t.Errorf("check while serving: %v\n%s", err, out.String())
		}
	})
}

// TestExportBackupNeverCreate: a typo in -db makes no file.
func TestExportBackupNeverCreate(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	typo := filepath.Join(dir, "umpier.db")
	for _, args := range [][]string{{"export", "1"}, {"backup", filepath.Join(dir, "copy.db")}, {"check"}} {
		var out, errs strings.Builder
		err := run(context.Background(), append([]string{args[0], "-db", typo}, args[1:]...), nil, &out, &errs, getenv())
		if err == nil || !strings.Contains(err.Error(), "no such file") {
			t.Errorf("umpire %s on a missing file = %v; want no such file", args[0], err)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files made: %v", entries)
	}
}

// serving runs fn while an umpire serves db on a console that stays open.
func serving(t *testing.T, db string, fn func()) {
	t.Helper()
	in, w := net.Pipe()
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	var errs strings.Builder
	go func() {
		var out strings.Builder
		done <- run(ctx, []string{"serve", "-db", db, "-session", "serving"}, in, &out, &errs, getenv())
	}()
	for _, line := range []string{"help\n", "help\n"} { // the second is read once the first is handled
		if _, err := w.Write([]byte(line)); err != nil {
			t.Fatal(err)
		}
	}
	fn()
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("serve: %v\n%s", err, errs.String())
	}
}

// TestLongPath: a database whose path is too long for a socket beside it
// is served all the same, and backed up and exported while served.
func TestLongPath(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), strings.Repeat("long-folder-name/", 8))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	db := played(t, dir)
	serving(t, db, func() {
		var out, errs strings.Builder
		copyPath := filepath.Join(dir, "copy.db")
		if err := run(context.Background(), []string{"backup", "-db", db, copyPath}, nil, &out, &errs, getenv()); err != nil {
			t.Errorf("backup while serving: %v", err)
		}
		out.Reset()
		if err := run(context.Background(), []string{"export", "-db", db, "1"}, nil, &out, &errs, getenv()); err != nil || !strings.Contains(out.String(), "Qh4") {
			t.Errorf("export while serving: %v\n%s", err, out.String())
		}
	})
}

// TestReadOnlyFileSystem: export, backup and check read a database on a
// read-only file system (a tmpfs mounted read-only in a mount namespace of
// their own; skipped where one cannot be made).
func TestReadOnlyFileSystem(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds umpire")
	}
	if err := exec.Command("unshare", "-m", "true").Run(); err != nil {
		t.Skip("no mount namespace here:", err)
	}
	bin := buildUmpire(t)
	src := played(t, t.TempDir())
	mnt, out := t.TempDir(), t.TempDir()
	script := `set -e
mount -t tmpfs -o size=4m tmpfs "$MNT"
cp "$SRC" "$MNT/u.db"
mount -o remount,ro "$MNT"
"$BIN" export -db "$MNT/u.db" 1 > "$OUT/game.pgn"
"$BIN" backup -db "$MNT/u.db" "$OUT/copy.db"
"$BIN" check -db "$MNT/u.db"
if "$BIN" export -db "$MNT/typo.db" 1 2>/dev/null; then exit 9; fi
`
	cmd := exec.Command("unshare", "-m", "sh", "-c", script)
	cmd.Env = append(os.Environ(), "MNT="+mnt, "SRC="+src, "OUT="+out, "BIN="+bin)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("on a read-only file system: %v\n%s", err, b)
	}
	if pgn, _ := os.ReadFile(filepath.Join(out, "game.pgn")); !strings.Contains(string(pgn), "Qh4") {
		t.Errorf("export on a read-only file system:\n%s", pgn)
	}
	var o, e strings.Builder
	if err := run(context.Background(), []string{"check", "-db", filepath.Join(out, "copy.db")}, nil, &o, &e, getenv()); err != nil {
		t.Errorf("the backup made on a read-only file system: %v", err)
	}
}

// TestFileModes: every file the umpire writes is its owner's alone, or in
// a folder that is: the database, the console's pictures and its log of
// deliveries, backups.
func TestFileModes(t *testing.T) {
	t.Parallel()
	old := syscall.Umask(0) // the most open umask: only the modes asked for count
	defer syscall.Umask(old)
	dir := t.TempDir()
	db := filepath.Join(dir, "u.db")
	delivered := filepath.Join(dir, "delivered.jsonl")
	script := "ann@club> new chess\nann@club> join #1 white\nbob@club> join #1\nann> f3\n"
	var out, errs strings.Builder
	if err := run(context.Background(), []string{"serve", "-delivered", delivered}, strings.NewReader(script), &out, &errs, getenv("UMPIRE_DB", db)); err != nil {
		t.Fatalf("umpire: %v\n%s", err, errs.String())
	}
	if err := run(context.Background(), []string{"backup", "-db", db, filepath.Join(dir, "copy.db")}, nil, &out, &errs, getenv()); err != nil {
		t.Fatal(err)
	}
	n := 0
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || path == dir {
			return err
		}
		fi, _ := d.Info()
		want := fs.FileMode(0o600)
		if d.IsDir() {
			want = 0o700
		} else {
			n++
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s: mode %v; want %v", path, fi.Mode().Perm(), want)
		}
		return nil
	})
	if n < 4 {
		t.Errorf("%d files written; want the database, its copy, a picture and the log of deliveries", n)
	}
}
