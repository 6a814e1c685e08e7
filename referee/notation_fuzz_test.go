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
		checkNotationLanguages(t, text, rs)
	})
}

// checkNotationLanguages: the readings in English and in Esperanto are
// readings of the language-free parse (logs older than the notation
// language), and together they are all of them (kriegspiel.md §6.2).
func checkNotationLanguages(t *testing.T, text string, all []Reading) {
	t.Helper()
	var union []Reading
	for _, lang := range []string{NotationEnglish, NotationEsperanto} {
		rs, _ := ParseMove(text, lang)
		for _, r := range rs {
			if !slices.Contains(all, r) {
				t.Fatalf("ParseMove(%q, %s) has %v, which the language-free parse lacks", text, lang, r)
			}
			if !slices.Contains(union, r) {
				union = append(union, r)
			}
		}
	}
	if len(union) != len(all) {
		t.Fatalf("ParseMove(%q) in en and eo gives %v; without a language %v", text, union, all)
	}
}

// FuzzPeriodNotation: the seeds' notation (kriegspiel.md §6.6) never
// panics in any language; a capture by files names its two files; where
// the board is whole it is the one legal pawn capture, and in Kriegspiel,
// where it would use the hidden board, it is refused as unreadable.
func FuzzPeriodNotation(f *testing.F) {
	for _, s := range []string{"ed", "e:d", "exd", "dd", "О-О", "о-о-о", "Кр:e2", "п:f6", "Кc3", "Cx:b6", "T cf1", "R 0-0", "K e2", "e8=K"} {
		f.Add(s)
	}
	const fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"
	f.Fuzz(func(t *testing.T, text string) {
		from, to, isFiles := readFileCapture(text)
		if isFiles && (from < 0 || from > 7 || to < 0 || to > 7) {
			t.Fatalf("readFileCapture(%q) = %d, %d", text, from, to)
		}
		_, parseErr := ParseMove(text, NotationEnglish)
		for _, lang := range []string{NotationEnglish, NotationEsperanto} {
			a := Action{Seat: White, Text: text, Notation: lang}
			chess := newGameT(t, "chess", fen)
			if r := chess.Play(a); isFiles && parseErr != nil && r.Verdict == Accepted && r.Move != "e4d5" {
				t.Fatalf("chess %q = %s; the only pawn capture is e4d5", text, r.Move)
			}
			ks := newGameT(t, "kriegspiel", fen)
			if r := ks.Play(a); isFiles && parseErr != nil && (r.Verdict != Refused || r.Reason != ReasonUnreadable) {
				t.Fatalf("kriegspiel %q = %s %s; want refused unreadable", text, r.Verdict, r.Reason)
			}
			triParse(text, 0, lang)
			for _, key := range []string{"korona", "krono", "progressive"} {
				newGameT(t, key, "").Play(a)
			}
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
