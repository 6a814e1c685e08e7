package main

import (
	"context"
	"net"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportInPlay: the PGN of a game still in play holds every hidden
// move and secret in its comments; `umpire export` refuses it unless told
// -force, from the file and from a serving umpire alike. A finished game
// and one not begun export as before.
func TestExportInPlay(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "u.db")
	script := "ann@club> new kriegspiel\nann@club> join #1 white\nbob@club> join #1\nann> e4\nbob> Qh4, e5\n" +
		"ann@club> new chess\nann@club> join #2 white\nbob@club> join #2\nann> #2 f3\nbob> #2 e5\nann> #2 g4\nbob> #2 Qh4#\n" +
		"ann@club> new dark\n"
	var out, errs strings.Builder
	if err := run(context.Background(), nil, strings.NewReader(script), &out, &errs, getenv("UMPIRE_DB", db)); err != nil {
		t.Fatalf("umpire: %v\n%s", err, errs.String())
	}
	check := func(how string, export func(args ...string) (string, error)) {
		t.Helper()
		pgn, err := export("1")
		if err == nil || !strings.Contains(err.Error(), "-force") || strings.Contains(pgn, "1. e4 ") {
			t.Errorf("%s: export of a game in play: %v\n%s", how, err, pgn)
		}
		if pgn, err := export("-force", "1"); err != nil || !strings.Contains(pgn, "1. e4 ") {
			t.Errorf("%s: export -force: %v\n%s", how, err, pgn)
		}
		if out, err := export("-format", "json", "-force", "1"); err != nil || !strings.Contains(out, `"plies"`) {
			t.Errorf("%s: export -format json: %v\n%.200s", how, err, out)
		}
		for _, id := range []string{"2", "3"} {
			if pgn, err := export(id); err != nil || !strings.Contains(pgn, "[Event") {
				t.Errorf("%s: export %s: %v\n%s", how, id, err, pgn)
			}
		}
	}
	exportArgs := func(args ...string) (string, error) {
		var out, errs strings.Builder
		err := run(context.Background(), append([]string{"export", "-db", db}, args...), nil, &out, &errs, getenv())
		return out.String(), err
	}
	check("from the file", exportArgs)

	in, w := net.Pipe() // a console input that stays open
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		var out, errs strings.Builder
		done <- run(ctx, []string{"serve", "-db", db, "-session", "s2"}, in, &out, &errs, getenv())
	}()
	for _, line := range []string{"help\n", "help\n"} { // the second is read once the first is handled
		if _, err := w.Write([]byte(line)); err != nil {
			t.Fatal(err)
		}
	}
	check("while serving", exportArgs)
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
