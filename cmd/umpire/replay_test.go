package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image/gif"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportJSONAndReplay: a finished game exports as JSON (every log
// entry with its ruling and SAN, every seat's view after it) and draws as
// a GIF with a frame for the start and one a move.
func TestExportJSONAndReplay(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "u.db")
	script := "ann@club> new kriegspiel\nann@club> join #1 white\nbob@club> join #1\nann> f3\nbob> e5\nann> g4\nbob> Qh4\n"
	var out, errs strings.Builder
	if err := run(context.Background(), nil, strings.NewReader(script), &out, &errs, getenv("UMPIRE_DB", db)); err != nil {
		t.Fatalf("umpire: %v\n%s", err, errs.String())
	}
	out.Reset()
	if err := run(context.Background(), []string{"export", "-db", db, "-format", "json", "1"}, nil, &out, &errs, getenv()); err != nil {
		t.Fatal(err)
	}
	var rec struct {
		Variant, Result string
		Plies           []struct {
			SAN    string
			Ruling struct{ Verdict string }
			Views  map[string]struct{ Board string }
		}
	}
	if err := json.Unmarshal([]byte(out.String()), &rec); err != nil {
		t.Fatalf("export -format json: %v\n%s", err, out.String())
	}
	if rec.Variant != "kriegspiel" || rec.Result != "0-1" || len(rec.Plies) != 4 || rec.Plies[3].SAN != "Qh4#" {
		t.Fatalf("record %+v", rec)
	}
	for _, p := range rec.Plies[:3] { // once over, every view is open
		if len(p.Views) != 4 || strings.Contains(p.Views["god"].Board, "?") || !strings.Contains(p.Views["white"].Board, "?") {
			t.Errorf("ply %s: views %v; want white's fogged, the god's whole, black's and the spectators'", p.SAN, p.Views)
		}
	}
	file := filepath.Join(dir, "game.gif")
	if err := run(context.Background(), []string{"replay", "#1", "-o", file, "-db", db}, nil, &out, &errs, getenv()); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(file)
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil || len(g.Image) != 5 {
		t.Fatalf("replay: %v, %d frames; want 5", err, len(g.Image))
	}
	if err := run(context.Background(), []string{"replay", "-db", db, "1"}, nil, &out, &errs, getenv()); err == nil || !strings.Contains(err.Error(), "-o") {
		t.Errorf("replay without -o: %v", err)
	}
	if err := run(context.Background(), []string{"export", "-db", db, "-format", "xml", "1"}, nil, &out, &errs, getenv()); err == nil {
		t.Error("export -format xml: no error")
	}
}
