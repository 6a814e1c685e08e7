package record_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"umpire/bot/record"
	"umpire/referee"
)

// TestPGNReadsBack: the PGN of a finished game of every variant passes the
// record's syntax (ReadPGN: tags, move numbers, one comment per move, the
// result) and reads back to the game: its moves are the referee's SAN of
// the log, its Result the game's, its tags the ones the record promises.
func TestPGNReadsBack(t *testing.T) {
	t.Parallel()
	for i, v := range referee.Variants() {
		t.Run(v.Key, func(t *testing.T) {
			t.Parallel()
			db, g := finished(t, v, uint64(i))
			text, err := record.PGN(db, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			p, err := record.ReadPGN(text)
			if err != nil {
				t.Fatalf("ReadPGN: %v\n%s", err, text)
			}
			sans, _ := referee.SAN(v, g.Options, g.Log)
			var want []string
			for _, s := range sans {
				if s != "" {
					want = append(want, s)
				}
			}
			var got []string
			for _, m := range p.Moves {
				got = append(got, m.SAN)
			}
			if !slices.Equal(got, want) {
				t.Errorf("moves read back %q; want %q", got, want)
			}
			if p.Result != g.Result || p.Tag("Variant") != v.Key || p.Tag("Termination") == "" || p.Tag("TimeControl") == "" {
				t.Errorf("result %q, tags %+v; game %s %s", p.Result, p.Tags, g.Result, g.Reason)
			}
			if len(v.Seats) == 3 && (p.Moves[0].Seat != "W" || p.Moves[1].Seat != "R" || p.Moves[0].Round != 1) {
				t.Errorf("triad moves %+v; want a seat letter before each, one number a round", p.Moves[:2])
			}
		})
	}
}

// TestPGNChessHasNoKriegspielComments: plain chess's record says nothing
// the moves say (captures, checks), while Kriegspiel's keeps the umpire's
// words.
func TestPGNChessHasNoKriegspielComments(t *testing.T) {
	t.Parallel()
	line := []string{"e2e4", "d7d5", "e4d5", "d8d5", "f1b5", "c7c6", "b5c6", "b8c6"}
	for _, c := range []struct {
		key  string
		want bool // the umpire's words of captures and checks are in the record
	}{
		{"chess", false},
		{"kriegspiel", true},
	} {
		t.Run(c.key, func(t *testing.T) {
			t.Parallel()
			v, _ := referee.Lookup(c.key)
			db, g := finished(t, v, 1, line...)
			text, err := record.PGN(db, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, word := range []string{"captured on", "Check on"} {
				if strings.Contains(text, word) != c.want {
					t.Errorf("%q in the PGN is %v; want %v\n%s", word, !c.want, c.want, text)
				}
			}
			if !strings.Contains(text, "1. e4 ") || !strings.Contains(text, "Bxc6") {
				t.Errorf("no SAN moves:\n%s", text)
			}
		})
	}
}

// TestReadPGNRefuses: the reader names what breaks the record's form.
func TestReadPGNRefuses(t *testing.T) {
	t.Parallel()
	const tags = "[Event \"e\"]\n[Result \"1-0\"]\n\n"
	for _, c := range []struct{ text, want string }{
		{tags + "1. e4 {a} {b} 1-0\n", "two comments"},
		{tags + "1. e4 e5 3. Nf3 1-0\n", "move number"},
		{tags + "1. e4 e5 0-1\n", "Result tag"},
		{tags + "1. e4 e5\n", "no result"},
		{tags + "e4 1-0\n", "before a move number"},
		{tags + "1. e4 {a 1-0\n", "not closed"},
		{"[Event \"e\"]\n[Red \"r\"]\n[Result \"*\"]\n\n1. wd4 *\n", "seat's letter"},
		{"[Event e]\n\n1-0\n", "tag pair"},
	} {
		if _, err := record.ReadPGN(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ReadPGN(%q) = %v; want an error with %q", c.text, err, c.want)
		}
	}
}

// FuzzReadPGN: the reader never panics, and what it reads has a result.
func FuzzReadPGN(f *testing.F) {
	f.Add("[Event \"e\"]\n[Result \"1-0\"]\n\n{pre} 1. e4 {a} 1... e5 2. Qh5 1-0\n")
	f.Add("[Red \"r\"]\n[Result \"2-1-0\"]\n\n1. W: wd4 R: rd5 {x} B: bd5 2-1-0\n")
	f.Fuzz(func(t *testing.T, s string) {
		if p, err := record.ReadPGN(s); err == nil && !regexp.MustCompile(`\S`).MatchString(p.Result) {
			t.Errorf("ReadPGN(%q) read no result", s)
		}
	})
}
