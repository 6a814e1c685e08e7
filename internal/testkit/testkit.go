// Package testkit holds the helpers that tests of several packages share:
// a child process for a test that changes the whole process, a file size
// limit that makes the disk refuse writes, and a buffer safe for the
// concurrent writes of a logger. It is imported by tests only.
package testkit

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// InChild reports whether this is the child process made to run test t
// alone; in the parent it runs the child, fails t when the child fails,
// and reports false. A test that limits the whole process runs there:
//
//	if !testkit.InChild(t) {
//		return
//	}
func InChild(t *testing.T) bool {
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

// LimitFiles makes writes to files past n bytes fail with EFBIG, as a full
// disk fails them with ENOSPC, until the test ends or the returned
// function lifts the limit. The limit is the process's, so the test runs
// in a child process of its own (InChild). Where the system has no such
// limit the test is skipped.
func LimitFiles(t testing.TB, n uint64) (lift func()) {
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

// SyncBuffer is a bytes.Buffer safe for concurrent use: a log sink for
// code that logs from several goroutines.
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *SyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *SyncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
