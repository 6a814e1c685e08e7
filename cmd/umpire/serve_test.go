package main

import (
	"context"
	"net"
	"path/filepath"
	"strings"
	"testing"

	"umpire/store"
)

// getenv makes an environment from pairs.
func getenv(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

// TestServeConsole: with no transport configured, umpire is a console
// game on standard input.
func TestServeConsole(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "u.db")
	script := "ann@club> new chess\nann@club> join #1 white\nbob@club> join #1\nann> f3\nbob> e5\nann> g4\nbob> Qh4#\n"
	var out, errs strings.Builder
	err := run(context.Background(), nil, strings.NewReader(script), &out, &errs, getenv("UMPIRE_DB", db))
	if err != nil {
		t.Fatalf("umpire: %v\n%s", err, errs.String())
	}
	for _, want := range []string{"── to bob ──", "Game #1 is over on move 2: Black wins (checkmate).", "file: " + filepath.Join(dir, "umpire-pictures", "game1-"), "picture: " + filepath.Join(dir, "umpire-pictures")} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q", want)
		}
	}
	out.Reset()
	if err := run(context.Background(), []string{"export", "-db", db, "#1"}, nil, &out, &errs, getenv()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "1. f3 e5 2. g4 Qh4# {The game is over: 0-1, checkmate.} 0-1") {
		t.Errorf("export:\n%s", out.String())
	}
}

func TestBadSettings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		env  []string
		want string
	}{
		{[]string{"-lang", "en,xx"}, nil, "-lang or UMPIRE_LANGS"},
		{nil, []string{"UMPIRE_LANGS", "de"}, "-lang or UMPIRE_LANGS"},
		{nil, []string{"UMPIRE_LOG", "loud"}, "-log or UMPIRE_LOG"},
		{[]string{"-db", ""}, nil, "-db or UMPIRE_DB"},
		{[]string{"-send-workers", "many"}, nil, "-send-workers or UMPIRE_SEND_WORKERS"},
		{nil, []string{"UMPIRE_SEND_WORKERS", "-1"}, "-send-workers or UMPIRE_SEND_WORKERS"},
		{[]string{"-db", "/nonexistent/dir/u.db"}, nil, "-db or UMPIRE_DB"},
	}
	for _, tt := range tests {
		var out, errs strings.Builder
		err := run(context.Background(), append([]string{"serve"}, tt.args...), strings.NewReader(""), &out, &errs, getenv(tt.env...))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("serve %v %v: %v; want an error naming %s", tt.args, tt.env, err, tt.want)
		}
	}
}

// TestBackupWhileServing: umpire backup copies a database that a running
// umpire holds locked, through its control socket.
func TestBackupWhileServing(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "u.db")
	in, w := net.Pipe() // a console input that stays open
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		var out, errs strings.Builder
		done <- run(ctx, []string{"serve", "-db", db}, in, &out, &errs, getenv())
	}()
	// The console reads a line only once the umpire is serving, its
	// control socket listening, and the next once it has handled the
	// last: after these writes, game 1 exists.
	for _, line := range []string{"new chess\n", "help\n"} {
		if _, err := w.Write([]byte(line)); err != nil {
			t.Fatal(err)
		}
	}
	var out, errs strings.Builder
	copyPath := filepath.Join(dir, "copy.db")
	if err := run(context.Background(), []string{"backup", "-db", db, copyPath}, nil, &out, &errs, getenv()); err != nil {
		t.Fatalf("backup: %v", err)
	}
	out.Reset()
	if err := run(context.Background(), []string{"export", "-db", db, "1"}, nil, &out, &errs, getenv()); err != nil || !strings.Contains(out.String(), `[Variant "chess"]`) {
		t.Errorf("export while serving: %v\n%s", err, out.String())
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	c, err := store.Open(copyPath, nil)
	if err != nil {
		t.Fatalf("the copy does not open: %v", err)
	}
	c.Close()
}

// TestConsoleSessionEnds: without a terminal the console greets at once,
// :help lists its own commands, and the end of the input waits for the
// answers already due: here the house's first move, to a game against it
// whose last line was a move.
func TestConsoleSessionEnds(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	script := ":help\nnew chess white vs house\ne4\n"
	var out, errs strings.Builder
	if err := run(context.Background(), nil, strings.NewReader(script), &out, &errs, getenv("UMPIRE_DB", filepath.Join(dir, "u.db"))); err != nil {
		t.Fatalf("umpire: %v\n%s", err, errs.String())
	}
	text := out.String()
	if !strings.HasPrefix(text, "umpire console: database ") {
		t.Errorf("the console does not greet first:\n%.300s", text)
	}
	if !strings.Contains(text, ":as NAME       speak as NAME") || !strings.Contains(text, ":quit          stop") {
		t.Errorf(":help does not list the console's commands:\n%s", text)
	}
	if !strings.Contains(text, "Move 2, your turn") {
		t.Errorf("the session ended before the house's answer to e4:\n%s", text)
	}
}
