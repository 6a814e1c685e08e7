package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"umpire/referee"
)

// The worked examples of rules/dark.md §8, played through `umpire referee`
// and compared line by line with the JSON the examples describe.

// darkWant is one `#>` line of dark.md §8: the verdict, `said` written as
// "code k=v … >to" items joined by "; ", the seat to move after it, the
// boards (empty: the same as before) and the marks ("" for none).
type darkWant struct {
	verdict      string
	said         string
	turn         string
	white, black string
	marks        map[string]string
}

type darkExample struct {
	name   string
	args   []string
	script []string // one action a line; an empty want for a line not shown
	want   []darkWant
	start  darkWant
	final  string // the final object's board, result and reason, as JSON; "" to skip
}

var darkExamples = []darkExample{
	{
		name:  "1.e4 d5 exd5 Qxd5",
		args:  []string{"-variant", "dark", "-views"},
		start: darkWant{turn: "white", white: "????????/????????/????????/????????/......../......../PPPPPPPP/RNBQKBNR", black: "rnbqkbnr/pppppppp/......../......../????????/????????/????????/????????"},
		script: []string{
			"white e2e4", "black d7d5", "white e4f5", "white e4d5", "black d8d5",
		},
		want: []darkWant{
			{verdict: "accepted", turn: "black", white: "????????/????????/.???????/?.??.??./....P.../....?.../PPPP.PPP/RNBQKBNR"},
			{verdict: "accepted", turn: "white",
				white: "????????/????????/.???????/?.?p.??./....P.../....?.../PPPP.PPP/RNBQKBNR",
				black: "rnbqkbnr/ppp.pppp/......../...p..../???.P?.?/???????./????????/????????"},
			{verdict: "impossible", said: "impossible >white", turn: "white"},
			{verdict: "accepted", turn: "black",
				white: "????????/????????/.??.????/?.?P???./....?.../....?.../PPPP.PPP/RNBQKBNR",
				black: "rnbqkbnr/ppp.pppp/......../...P..../??????.?/???????./????????/????????"},
			{verdict: "accepted", said: "vanished square=d5 >white", turn: "white", marks: map[string]string{"white": "d5"},
				white: "????????/????????/.???????/?.?????./....?.../....?.../PPPP.PPP/RNBQKBNR",
				black: "rnb.kbnr/ppp.pppp/......../...q..../??...?.?/?.?.?.?./P??P??P?/????????"},
		},
	},
	{
		name: "en passant seen by the seat to move",
		args: []string{"-variant", "dark", "-views"},
		script: []string{
			"white e2e4", "black a7a6", "white e4e5", "black d7d5", "white e5d6",
		},
		want: []darkWant{
			{}, {}, {},
			{verdict: "accepted", turn: "white",
				white: "????????/????????/p??..???/?.?pP??./....?.../....?.../PPPP.PPP/RNBQKBNR",
				black: "rnbqkbnr/.pp.pppp/p......./...p?.../???.??.?/???????./????????/????????"},
			{verdict: "accepted", said: "vanished square=d5 >black", turn: "black", marks: map[string]string{"black": "d5"},
				white: "????????/??p.p???/p??P????/?.?????./....?.../....?.../PPPP.PPP/RNBQKBNR",
				black: "rnbqkbnr/.pp.pppp/p..P..../...?..../??????.?/???????./????????/????????"},
		},
	},
	{
		name: "castling onto an attacked square, the king taken",
		args: []string{"-variant", "dark", "-views", "-fen", "4k3/8/8/2b5/8/8/8/4K2R w K - 0 1"},
		start: darkWant{turn: "white",
			white: "???????./???????./???????./???????./???????./???????./???...?./???.K..R",
			black: "???.k.??/.??...??/?.?.????/??b?????/?.?.????/.???.???/?????.??/??????.?"},
		script: []string{"white O-O-O", "white O-O", "black Bxg1"},
		want: []darkWant{
			{verdict: "impossible", said: "impossible >white", turn: "white"},
			{verdict: "accepted", turn: "black",
				white: "?????.??/?????.??/?????.??/?????.??/?????.??/?????.??/?????.../.....RK.",
				black: "???.k.??/.??...??/?.?.????/??b?????/?.?.????/.???.???/?????.??/??????K?"},
			{verdict: "accepted", said: "end result=0-1 reason=king-captured >both", turn: "",
				white: "....k.../......../......../......../......../......../......../.....Rb.",
				black: "....k.../......../......../......../......../......../......../.....Rb."},
		},
		final: `{"final":true,"board":"....k.../......../......../......../......../......../......../.....Rb.","result":"0-1","reason":"king-captured"}`,
	},
}

func TestDarkExamples(t *testing.T) {
	t.Parallel()
	for _, ex := range darkExamples {
		t.Run(ex.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			stdin := strings.NewReader(strings.Join(ex.script, "\n") + "\n")
			args := append([]string{"referee"}, ex.args...)
			if err := run(context.Background(), args, stdin, &out, &errs, func(string) string { return "" }); err != nil {
				t.Fatalf("run: %v (%s)", err, errs.String())
			}
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if len(lines) != len(ex.script)+2 {
				t.Fatalf("got %d lines; want %d:\n%s", len(lines), len(ex.script)+2, out.String())
			}
			var w, b string
			if ex.start.white != "" {
				want := darkLine(t, outLine{Start: true}, ex.start, &w, &b)
				if lines[0] != want {
					t.Errorf("start:\n got %s\nwant %s", lines[0], want)
				}
			}
			for i, want := range ex.want {
				if want.verdict == "" {
					continue
				}
				seat, action, _ := strings.Cut(ex.script[i], " ")
				line := darkLine(t, outLine{N: i + 1, Seat: referee.Seat(seat), Action: action}, want, &w, &b)
				if got := lines[i+1]; got != line {
					t.Errorf("%s:\n got %s\nwant %s", ex.script[i], got, line)
				}
			}
			if last := lines[len(lines)-1]; ex.final != "" && last != ex.final {
				t.Errorf("final:\n got %s\nwant %s", last, ex.final)
			}
		})
	}
}

// darkLine writes the JSON line that a want describes, carrying the boards
// not shown over from the line before.
func darkLine(t *testing.T, l outLine, w darkWant, white, black *string) string {
	t.Helper()
	if w.white != "" {
		*white = w.white
	}
	if w.black != "" {
		*black = w.black
	}
	l.Verdict = referee.Verdict(w.verdict)
	l.Said = parseSaid(t, w.said)
	l.Turn = referee.Seat(w.turn)
	l.Views = map[referee.Seat]string{referee.White: *white, referee.Black: *black}
	l.Marks = map[referee.Seat][]string{referee.White: {}, referee.Black: {}}
	for seat, sq := range w.marks {
		l.Marks[referee.Seat(seat)] = []string{sq}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(l); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

// parseSaid reads "code k=v … >to; …" as dark.md §8 writes announcements;
// "both" is both seats.
func parseSaid(t *testing.T, s string) []referee.Announcement {
	t.Helper()
	out := []referee.Announcement{}
	if s == "" {
		return out
	}
	for _, item := range strings.Split(s, ";") {
		words := strings.Fields(item)
		to := strings.TrimPrefix(words[len(words)-1], ">")
		seats := []referee.Seat{referee.Seat(to)}
		if to == "both" {
			seats = referee.Both()
		}
		var kv []any
		for _, w := range words[1 : len(words)-1] {
			k, v, ok := strings.Cut(w, "=")
			if !ok {
				t.Fatalf("bad said item %q", item)
			}
			kv = append(kv, k, v)
		}
		out = append(out, referee.Say(words[0], seats, kv...))
	}
	return out
}

// TestDarkPerftCommand checks `umpire perft -variant dark` on the figures of
// dark.md §7 that take no time; referee/dark_perft_test.go has the rest.
func TestDarkPerftCommand(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-variant", "dark", "-depth", "3"}, "8902"},
		{[]string{"-variant", "dark", "-depth", "4"}, "197742"},
		{[]string{"-variant", "dark", "-rules", "nielsen", "-depth", "3"}, "8902"},
		{[]string{"-variant", "dark", "-fen", "k7/8/8/8/8/8/8/R6K w - - 0 1", "-depth", "2"}, "45"},
		{[]string{"-variant", "dark", "-fen", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "-depth", "3"}, "15950"},
	} {
		var out, errs bytes.Buffer
		args := append([]string{"perft"}, tc.args...)
		if err := run(context.Background(), args, strings.NewReader(""), &out, &errs, func(string) string { return "" }); err != nil {
			t.Errorf("umpire %v: %v (%s)", args, err, errs.String())
			continue
		}
		if got := strings.TrimSpace(out.String()); got != tc.want {
			t.Errorf("umpire %v = %s; want %s", args, got, tc.want)
		}
	}
	var out, errs bytes.Buffer
	if err := run(context.Background(), []string{"perft", "-variant", "dark", "-rules", "berkeley", "-depth", "1"}, strings.NewReader(""), &out, &errs, func(string) string { return "" }); err == nil {
		t.Errorf("umpire perft -variant dark -rules berkeley: no error")
	}
}
