package store

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
)

// inChild reports whether this is the child process made to run test t
// alone; in the parent it runs the child, fails t when the child fails,
// and reports false.
func inChild(t *testing.T) bool {
	t.Helper()
	if os.Getenv("UMPIRE_TEST_CHILD") == t.Name() {
		return true
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.v")
	cmd.Env = append(os.Environ(), "UMPIRE_TEST_CHILD="+t.Name())
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: "+t.Name()) {
		t.Fatalf("in a child process: %v\n%s", err, out)
	}
	return false
}

// limitFiles makes writes to files past n bytes fail with EFBIG, as a full
// disk fails them with ENOSPC, until the test ends or the returned
// function lifts the limit. The limit is the process's, so the test runs
// in a child process of its own (see inChild).
func limitFiles(t testing.TB, n uint64) (lift func()) {
	t.Helper()
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Skip("no file size limit here:", err)
	}
	lim := old
	lim.Cur = n
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Skip("no file size limit here:", err)
	}
	lift = func() { syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old) }
	t.Cleanup(lift)
	return lift
}

// TestWriteFault fails every write to the file: Apply and Update return
// ErrWrite and change nothing, reads go on, and once writes work again
// the same calls succeed, once.
func TestWriteFault(t *testing.T) {
	if !inChild(t) {
		return
	}
	db := openTest(t, nil)
	id := newGame(t, db)
	lift := limitFiles(t, 8192) // the two meta pages; every commit writes past them
	for range 3 {
		_, err := db.Apply(id, "console:1", move("white", "e4"))
		if !errors.Is(err, ErrWrite) || !IsFault(err) {
			t.Fatalf("Apply on a full disk = %v; want ErrWrite", err)
		}
		if err := db.SetCursor("c", []byte("x")); !errors.Is(err, ErrWrite) {
			t.Fatalf("Update on a full disk = %v; want ErrWrite", err)
		}
	}
	if g, err := db.Game(id); err != nil || len(g.Log) != 0 {
		t.Fatalf("Game on a full disk = %v, %v; want no moves", g, err)
	}
	lift()
	for range 2 {
		if _, err := db.Apply(id, "console:1", move("white", "e4")); err != nil {
			t.Fatal(err)
		}
	}
	if g, err := db.Game(id); err != nil || len(g.Log) != 1 || len(outbox(t, db)) != 1 {
		t.Errorf("after the disk has room: game %v, %v, outbox %v; want one move, one row", g, err, outbox(t, db))
	}
	if err := db.Check(); err != nil {
		t.Error(err)
	}
}
