package referee

import (
	"slices"
	"strings"
	"testing"

	"umpire/referee/board"
)

// FuzzParseMove checks that ParseMove never panics and that what it
// returns is sound: readings or an error, never both or neither; every
// reading reads back from its String; Expand never panics on the start
// position and returns sorted, distinct tries whose coordinates name
// real squares.
func FuzzParseMove(f *testing.F) {
	for _, tc := range parseMoveTable {
		f.Add(tc.text)
	}
	start, err := board.ParseFEN(board.StartFEN, board.ChessRules)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		rs, err := ParseMove(text, "")
		if (err == nil) == (len(rs) == 0) {
			t.Fatalf("ParseMove(%q) = %v, %v; want readings or an error", text, rs, err)
		}
		for _, r := range rs {
			checkParsedReading(t, text, r)
		}
		for _, us := range []board.Army{0, 1} {
			checkExpandedTries(t, text, Expand(&start, us, rs))
		}
	})
}

func checkParsedReading(t *testing.T, text string, r Reading) {
	t.Helper()
	if r.Castle == 0 && (r.To < 0 || r.To >= 64) {
		t.Fatalf("ParseMove(%q) has %+v; want a target on the board", text, r)
	}
	back, err := ParseMove(r.String(), "")
	if err != nil || !slices.Contains(back, r) {
		t.Fatalf("ParseMove(%q) = %v, %v; want it to hold %+v (from %q)", r.String(), back, err, r, text)
	}
}

func checkExpandedTries(t *testing.T, text string, ts []Try) {
	t.Helper()
	if !slices.IsSortedFunc(ts, compareTries) || len(slices.Compact(slices.Clone(ts))) != len(ts) {
		t.Fatalf("Expand(%q) = %v; want sorted distinct tries", text, ts)
	}
	for _, tr := range ts {
		if s := tr.Coord(); len(s) != 4 && len(s) != 5 || strings.Contains(s, "-") {
			t.Fatalf("Expand(%q) has %q; want coordinates", text, s)
		}
	}
}
