package record_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"umpire/bot/record"
	"umpire/referee"
	"umpire/store"
)

// The PGN of finished games of plain chess and Kriegspiel, handed to two
// readers that know nothing of this project: pgn-extract (Debian) must
// read it without a complaint, and chess.js (npm, installed under
// testdata/chessjs) in strict mode must replay its moves to the god's
// board and the recorded result. .ci/run installs both; a machine without
// them skips these tests and says which tool is missing.

// readerGame is a finished game's PGN with its god's board and result.
type readerGame struct{ name, pgn, board, result string }

// readerGames plays games of chess and Kriegspiel to their end, side by
// side: a mate, and random games that end by a resignation; and
// Kriegspiel records in Russian and Esperanto with a question, a declined
// draw and a failed try.
func readerGames(t *testing.T) []readerGame {
	type play struct {
		name string
		end  func(t *testing.T) (pgn string, g *store.Game) // plays the game
	}
	var plays []play
	for _, key := range []string{"chess", "kriegspiel"} {
		v, _ := referee.Lookup(key)
		for seed, moves := range [][]string{{"f2f3", "e7e5", "g2g4", "d8h4"}, nil, nil, nil} {
			plays = append(plays, play{fmt.Sprintf("%s/%d", key, seed), func(t *testing.T) (string, *store.Game) {
				db, g := finished(t, v, uint64(seed), moves...)
				pgn, err := record.PGN(db, g.ID)
				if err != nil {
					t.Fatal(err)
				}
				return pgn, g
			}})
		}
	}
	for _, lang := range []string{"ru", "eo"} { // comments in Cyrillic and in Esperanto's letters
		plays = append(plays, play{"kriegspiel/" + lang, func(t *testing.T) (string, *store.Game) {
			_, g, pgn := recordRead(t, lang, "kriegspiel english", [][2]string{{"p0", "any?"}, {"p0", "e2e4"},
				{"p1", "draw"}, {"p0", "decline"}, {"p1", "e7e5"}, {"p0", "e4e6"}, {"p0", "resign"}})
			return pgn, g
		}})
	}
	out := make([]readerGame, len(plays))
	played := t.Run("play", func(t *testing.T) { // returns once every game has ended
		for i, p := range plays {
			t.Run(p.name, func(t *testing.T) {
				t.Parallel()
				pgn, g := p.end(t)
				out[i] = readerGame{p.name, pgn, godBoard(t, g), g.Result}
			})
		}
	})
	if !played {
		t.FailNow()
	}
	return out
}

// TestPGNIndependentReaders: pgn-extract reads every record without a
// word on its error stream, and chess.js in strict mode replays each to
// the god's board and the recorded result.
func TestPGNIndependentReaders(t *testing.T) {
	t.Parallel()
	games := readerGames(t)
	t.Run("pgn-extract", func(t *testing.T) { t.Parallel(); pgnExtractReads(t, games) })
	t.Run("chess.js", func(t *testing.T) { t.Parallel(); chessJSReplays(t, games) })
}

// pgnExtractReads hands all games to pgn-extract in one file.
func pgnExtractReads(t *testing.T, games []readerGame) {
	tool := lookTool(t, "pgn-extract", "/usr/games/pgn-extract")
	var all strings.Builder
	for _, g := range games {
		all.WriteString(g.pgn + "\n")
	}
	in := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(in, []byte(all.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(tool, "-s", "-o", filepath.Join(t.TempDir(), "out.pgn"), in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil || strings.TrimSpace(stderr.String()) != "" {
		t.Errorf("pgn-extract: %v\n%s\n%s", err, stderr.String(), all.String())
	}
}

// chessJSReplays hands all games to chess.js at once.
func chessJSReplays(t *testing.T, games []readerGame) {
	node := lookTool(t, "node", "")
	dir, _ := filepath.Abs("testdata/chessjs")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "chess.js")); err != nil {
		t.Skip("chess.js is not installed: run npm ci in bot/record/testdata/chessjs (.ci/run does)")
	}
	var pgns []string
	for _, g := range games {
		pgns = append(pgns, g.pgn)
	}
	in, _ := json.Marshal(pgns)
	cmd := exec.Command(node, filepath.Join(dir, "replay.mjs"))
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chess.js: %v\n%s", err, out)
	}
	var got []struct {
		FEN, Result, Error string
		Checkmate          bool
	}
	if err := json.Unmarshal(out, &got); err != nil || len(got) != len(games) {
		t.Fatalf("chess.js said %s: %v", out, err)
	}
	for i, g := range games {
		r := got[i]
		switch {
		case r.Error != "":
			t.Errorf("%s: chess.js refuses it: %s\n%s", g.name, r.Error, g.pgn)
		case placement(r.FEN) != fenPlacement(g.board) || r.Result != g.result:
			t.Errorf("%s: chess.js ends at %s, result %q; the game at %s, %q\n%s", g.name, r.FEN, r.Result, g.board, g.result, g.pgn)
		case r.Checkmate != (strings.Contains(g.pgn, "checkmate")):
			t.Errorf("%s: chess.js finds mate %v; the record says otherwise\n%s", g.name, r.Checkmate, g.pgn)
		}
	}
}

// lookTool finds a tool on PATH or at its Debian place, or skips.
func lookTool(t *testing.T, name, alt string) string {
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	if _, err := os.Stat(alt); alt != "" && err == nil {
		return alt
	}
	t.Skipf("%s is not installed (.ci/run installs it)", name)
	return ""
}

// placement is the first field of a FEN.
func placement(fen string) string { return strings.Fields(fen + " ")[0] }

// fenPlacement writes a board string (rules/README.md) as a FEN placement.
func fenPlacement(board string) string {
	var sb strings.Builder
	empty := 0
	for _, r := range board {
		if r == '.' {
			empty++
			continue
		}
		if empty > 0 {
			sb.WriteString(string(rune('0' + empty)))
			empty = 0
		}
		sb.WriteRune(r)
		if r == '/' {
			continue
		}
	}
	if empty > 0 {
		sb.WriteString(string(rune('0' + empty)))
	}
	return sb.String()
}
