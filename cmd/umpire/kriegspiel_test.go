package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"umpire/referee"
)

// kriegspielExamples are the worked examples of rules/kriegspiel.md §8,
// copied verbatim. A `#>` line gives an expected object: `n`, the verdict,
// then `said` as `code fields >to`, `both` for both seats; `views` and
// `marks` where shown; `final board`. Lines starting with # are comments to
// the script reader, so each block is fed to `umpire referee` as it is.
var kriegspielExamples = []struct {
	name   string
	args   []string
	script string
}{
	{"wild16", []string{"-variant", "kriegspiel", "-views"}, `
# umpire referee -variant kriegspiel -views       (wild16; views shown for n=4 only)
#> 0 start | pawn-tries count=0 >both
white e2e4
#> 1 accepted | pawn-tries count=0 >both
black d7d5
#> 2 accepted | pawn-tries count=1 >both
white d1d3
#> 3 illegal | illegal >white                    (over its own d2: wild16 has no impossible)
white e4d5
#> 4 accepted | capture square=d5 what=pawn >both; pawn-tries count=0 >both
#>   views white ????????/????????/????????/???P????/????????/????????/PPPP?PPP/RNBQKBNR
#>         black rnbqkbnr/ppp?pppp/????????/????????/????????/????????/????????/????????  marks black [d5]
black d8d1
#> 5 illegal | illegal >black                    (the unseen pawn on d5 blocks)
black d8d5
#> 6 accepted | capture square=d5 what=pawn >both; pawn-tries count=0 >both
white f1b5
#> 7 accepted | check direction=long-diagonal >both; pawn-tries count=0 >both
`},
	{"english", []string{"-variant", "kriegspiel", "-rules", "english",
		"-fen", "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2"}, `
# umpire referee -variant kriegspiel -rules english
#   -fen "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2"   (after 1.d4 e5)
white any?, Nf3, dxe5
#> 1 accepted | any answer=yes >both
#> 2 impossible | impossible >white              (after yes, a pawn capture comes first)
#> 3 accepted | capture square=e5 >both          (english: no pawn/piece)
black f7f5
#> 4 accepted |
white e5f6
#> 5 accepted | en-passant square=f6 >both       (the landing square; no capture)
black any?
#> 6 accepted | any answer=yes >both
black any?
#> 7 impossible | impossible >black              (I10: one any? a turn)
black g7f6
#> 8 accepted | capture square=f6 >both
`},
	{"rand", []string{"-variant", "kriegspiel", "-rules", "rand", "-fen", "k2n4/P1P5/1K6/8/8/8/8/8 w - - 0 1"}, `
# umpire referee -variant kriegspiel -rules rand -fen "k2n4/P1P5/1K6/8/8/8/8/8 w - - 0 1"
#> 0 start | try-squares squares=[c7] >both
white c7c8
#> 1 impossible | impossible >white              (I5: no promotion piece)
white a7b8q
#> 2 impossible | impossible >white              (I8: a7 is not in try-squares)
white c7b8q
#> 3 illegal | illegal >both
white c7b8q
#> 4 impossible | impossible >white              (I7: repeated)
white c7d8n
#> 5 accepted | capture square=d8 what=piece >both; promotion >both;
#>              end result=1-0 reason=stalemate-loss >both
#> final board k..N..../P......./.K....../......../......../......../......../........
`},
}

// ksExpected is one `#>` object: the verdict ("start" for n=0), the said
// list in the example's notation, and the views and marks where shown.
type ksExpected struct {
	verdict string
	said    []string
	views   map[string]string
	marks   map[string][]string
}

func TestKriegspielExamples(t *testing.T) {
	t.Parallel()
	for _, ex := range kriegspielExamples {
		t.Run(ex.name, func(t *testing.T) {
			want, final := ksParseExpectations(t, ex.script)
			var stdout, stderr bytes.Buffer
			args := append([]string{"referee"}, ex.args...)
			err := run(context.Background(), args, strings.NewReader(ex.script), &stdout, &stderr, func(string) string { return "" })
			if err != nil {
				t.Fatalf("run(%q) = %v; stderr %s", args, err, stderr.String())
			}
			ksCheckOutput(t, stdout.String(), want, final)
		})
	}
}

// ksCheckOutput compares every output line with its expectation. A start
// object without one must have nothing to say.
func ksCheckOutput(t *testing.T, out string, want map[int]*ksExpected, final string) {
	t.Helper()
	seen, sawFinal := map[int]bool{}, false
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var got struct {
			N       int                    `json:"n"`
			Start   bool                   `json:"start"`
			Final   bool                   `json:"final"`
			Verdict string                 `json:"verdict"`
			Board   string                 `json:"board"`
			Said    []referee.Announcement `json:"said"`
			Views   map[string]string      `json:"views"`
			Marks   map[string][]string    `json:"marks"`
		}
		if err := json.Unmarshal([]byte(line), &got); err != nil {
			t.Fatalf("output line %s: %v", line, err)
		}
		if got.Final {
			sawFinal = true
			if final != "" && got.Board != final {
				t.Errorf("final board = %s; want %s", got.Board, final)
			}
			continue
		}
		if got.Start {
			got.Verdict = "start"
		}
		seen[got.N] = true
		w := want[got.N]
		if w == nil {
			if got.N == 0 && len(got.Said) == 0 {
				continue
			}
			t.Errorf("n=%d: unexpected %s", got.N, line)
			continue
		}
		if said := sayText(got.Said); got.Verdict != w.verdict || !slices.Equal(said, w.said) {
			t.Errorf("n=%d = %s | %s; want %s | %s", got.N, got.Verdict, strings.Join(said, "; "),
				w.verdict, strings.Join(w.said, "; "))
		}
		for seat, b := range w.views {
			if got.Views[seat] != b {
				t.Errorf("n=%d: view of %s = %s; want %s", got.N, seat, got.Views[seat], b)
			}
		}
		for seat := range w.views {
			if m := got.Marks[seat]; !slices.Equal(m, w.marks[seat]) && len(m)+len(w.marks[seat]) > 0 { // unlisted: none
				t.Errorf("n=%d: marks of %s = %v; want %v", got.N, seat, m, w.marks[seat])
			}
		}
	}
	if !sawFinal {
		t.Errorf("no final object")
	}
	for n := range want {
		if !seen[n] {
			t.Errorf("n=%d: no output object", n)
		}
	}
}

var ksTrailingComment = regexp.MustCompile(`\s+\(.*\)\s*$`)

// ksParseExpectations reads the `#>` lines of an example: objects by n, and
// the final board if given.
func ksParseExpectations(t *testing.T, script string) (map[int]*ksExpected, string) {
	t.Helper()
	want := map[int]*ksExpected{}
	var cur *ksExpected
	final, inViews := "", false
	for _, line := range strings.Split(script, "\n") {
		text, ok := strings.CutPrefix(line, "#>")
		if !ok {
			continue
		}
		text = strings.TrimSpace(ksTrailingComment.ReplaceAllString(text, ""))
		var n int
		var verdict string
		switch {
		case strings.HasPrefix(text, "final board "):
			final = strings.TrimPrefix(text, "final board ")
		case strings.HasPrefix(text, "views "):
			inViews = true
			ksAddViews(t, cur, strings.Fields(strings.TrimPrefix(text, "views ")))
		default:
			if k, _ := fmt.Sscanf(text, "%d %s", &n, &verdict); k == 2 {
				cur = &ksExpected{verdict: verdict, views: map[string]string{}, marks: map[string][]string{}}
				want[n] = cur
				_, text, _ = strings.Cut(text, "|")
				inViews = false
			} else if inViews {
				ksAddViews(t, cur, strings.Fields(text))
				continue
			}
			if cur == nil {
				t.Fatalf("expectation %q before any object", line)
			}
			for _, item := range strings.Split(text, ";") {
				if item = strings.Join(strings.Fields(item), " "); item != "" {
					cur.said = append(cur.said, item)
				}
			}
		}
	}
	return want, final
}

// ksAddViews reads `SEAT BOARD` pairs and `marks SEAT [a,b]`.
func ksAddViews(t *testing.T, cur *ksExpected, tokens []string) {
	t.Helper()
	for i := 0; i+1 < len(tokens); i += 2 {
		if tokens[i] != "marks" {
			cur.views[tokens[i]] = tokens[i+1]
			continue
		}
		if i+2 >= len(tokens) {
			t.Fatalf("marks without a list: %v", tokens)
		}
		var marks []string
		if list := strings.Trim(tokens[i+2], "[]"); list != "" {
			marks = strings.Split(list, ",")
		}
		cur.marks[tokens[i+1]] = marks
		i++
	}
}
