package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"umpire/referee"
)

// A scriptCase is a script for `umpire referee` with its expectations in
// the notation of the rule files: a `#>` line gives `n`, the verdict, then
// `said` as `code fields >to` (`both` for both seats); continuation lines
// add to the said list; `#> final board B` and `#> final result R W` check
// the last object. Comments in brackets or parentheses after three spaces
// are ignored, as in korona.md 8.4 and progressive.md §8.
type scriptCase struct {
	name   string
	args   []string
	script string
}

// koronaExamples are the worked examples of rules/korona.md §8, verbatim,
// and 8.5 written out.
var koronaExamples = []scriptCase{
	{"8.4 mate problem", []string{"-variant", "korona", "-fen", "5d1k/1R6/R7/8/7N/8/8/4K3 w - - 0 1"}, `
# umpire referee -variant korona -fen "5d1k/1R6/R7/8/7N/8/8/4K3 w - - 0 1"
white Ng6
#> 1 refused |                                 (the crowns are not sealed yet)
white crown king salt=01
#> 2 accepted | commitment seat=white note=1 hash=78edd1a2cc78596f5917e9cac07c978128260a6eca13e8b0d3b78c999626f651 >both
black crown king salt=02
#> 3 accepted | commitment seat=black note=1 hash=3a3fc7b59d106e885fffef9bbc83e940f9f33da5bfd4fa16192ba19eb8be0c65 >both
white Ng6
#> 4 accepted |
black Dd6
#> 5 impossible | impossible >black            (a dame steps one square)
black Kg8
#> 6 accepted |
white Nxf8
#> 7 accepted | capture square=f8 >both; monarch-captured square=f8 monarch=dame crowned=false >both;
#>              reveal seat=black note=1 secret=king salt=02 >both; crown-revealed seat=black holder=king >both
black Kh8
#> 8 accepted |
white Rg6
#> 9 accepted |
black Kg8
#> 10 accepted |
white Rxg8
#> 11 accepted | capture square=g8 >both; monarch-captured square=g8 monarch=king crowned=true >both;
#>               reveal seat=white note=1 secret=king salt=01 >both; crown-revealed seat=white holder=king >both;
#>               end result=1-0 reason=crown-captured >both
#> final board .....NR./.R....../......../......../......../......../......../....K...
`},
	{"8.5 crowned dame", []string{"-variant", "korona", "-fen", "5d1k/1R6/R7/8/7N/8/8/4K3 w - - 0 1"}, `
white Ng6
#> 1 refused |
white crown king salt=01
#> 2 accepted | commitment seat=white note=1 hash=78edd1a2cc78596f5917e9cac07c978128260a6eca13e8b0d3b78c999626f651 >both
black crown dame salt=02
#> 3 accepted | commitment seat=black note=1 hash=2d2c164b4d66cb8162f316ca044cc43d3c753009afd267d4aa8e261177de49b5 >both
white Ng6
#> 4 accepted |
black Dd6
#> 5 impossible | impossible >black
black Kg8
#> 6 accepted |
white Nxf8
#> 7 accepted | capture square=f8 >both; monarch-captured square=f8 monarch=dame crowned=true >both;
#>              reveal seat=black note=1 secret=dame salt=02 >both; crown-revealed seat=black holder=dame >both;
#>              reveal seat=white note=1 secret=king salt=01 >both; crown-revealed seat=white holder=king >both;
#>              end result=1-0 reason=crown-captured >both
black Kh8
#> 8 refused |
white Rg6
#> 9 refused |
black Kg8
#> 10 refused |
white Rxg8
#> 11 refused |
#> final result 1-0 crown-captured
`},
	// 8.2 and 8.3: the other defences of the problem, Black crowning the
	// monarch that dies last. The board ends with no black man.
	{"8.2 Dg8 Nxh8", []string{"-variant", "korona", "-fen", "5d1k/1R6/R7/8/7N/8/8/4K3 w - - 0 1"}, `
white crown king salt=01
black crown dame salt=02
white Ng6
black Dg8
white Nxh8
#> 5 accepted | capture square=h8 >both; monarch-captured square=h8 monarch=king crowned=false >both;
#>              reveal seat=black note=1 secret=dame salt=02 >both; crown-revealed seat=black holder=dame >both
black Dh7
white Rxh7
#> 7 accepted | capture square=h7 >both; monarch-captured square=h7 monarch=dame crowned=true >both;
#>              reveal seat=white note=1 secret=king salt=01 >both; crown-revealed seat=white holder=king >both;
#>              end result=1-0 reason=crown-captured >both
`},
}

// koronaProblemLines play the other lines of 8.3 to the end, Black always
// crowning the monarch that dies last.
var koronaProblemLines = []scriptCase{
	{"8.3 main line", []string{"-variant", "korona", "-fen", "5d1k/1R6/R7/8/7N/8/8/4K3 w - - 0 1"}, `
white crown king salt=01
black crown king salt=02
white Ng6
black Kg8
white Nxf8
black Kh8
white Rg6
black Kh7
white Nxh7
#> 9 accepted | capture square=h7 >both; monarch-captured square=h7 monarch=king crowned=true >both;
#>              reveal seat=white note=1 secret=king salt=01 >both; crown-revealed seat=white holder=king >both;
#>               end result=1-0 reason=crown-captured >both
`},
	{"8.3 Kxf8 Ra8", []string{"-variant", "korona", "-fen", "5d1k/1R6/R7/8/7N/8/8/4K3 w - - 0 1"}, `
white crown king salt=01
black crown king salt=02
white Ng6
black Kg8
white Nxf8
black Kxf8
#> 6 accepted | capture square=f8 >both
white Ra8
black Ke7
white Rbxe7
#> 9 accepted | capture square=e7 >both; monarch-captured square=e7 monarch=king crowned=true >both;
#>              reveal seat=white note=1 secret=king salt=01 >both; crown-revealed seat=white holder=king >both;
#>              end result=1-0 reason=crown-captured >both
#> final board R......./....R.../......../......../......../......../......../....K...
`},
	{"8.3 Esperanto longest defence", []string{"-variant", "krono", "-notation", "eo", "-fen", "5d1k/1R6/R7/8/7N/8/8/4K3 w - - 0 1"}, `
white crown king salt=01
black crown king salt=02
white Cx g6
black R g8
white Cx: f8
black R h8
white T a8
black R g8
white Cx e6
black R h7
white T:h7
#> 11 accepted | capture square=h7 >both; monarch-captured square=h7 monarch=king crowned=true >both;
#>               reveal seat=white note=1 secret=king salt=01 >both; crown-revealed seat=white holder=king >both;
#>               end result=1-0 reason=crown-captured >both
`},
}

func TestKoronaExamples(t *testing.T) {
	t.Parallel()
	for _, sc := range slices.Concat(koronaExamples, koronaProblemLines) {
		t.Run(sc.name, func(t *testing.T) { runScriptCase(t, sc) })
	}
}

// runScriptCase runs a script through `umpire referee` and checks every
// `#>` expectation.
func runScriptCase(t *testing.T, sc scriptCase) []scriptLine {
	t.Helper()
	return runScript(t, sc, false)
}

// runScript runs a script and checks its expectations; with anyHash an
// expected `hash=x` matches any hash.
func runScript(t *testing.T, sc scriptCase, anyHash bool) []scriptLine {
	t.Helper()
	var stdout, stderr bytes.Buffer
	args := append([]string{"referee"}, sc.args...)
	if err := run(context.Background(), args, strings.NewReader(sc.script), &stdout, &stderr, func(string) string { return "" }); err != nil {
		t.Fatalf("run(%q) = %v; stderr %s", args, err, stderr.String())
	}
	lines := readScriptOutput(t, stdout.String())
	want := parseScriptExpectations(t, sc.script)
	for n, w := range want.objects {
		if n >= len(lines)-1 {
			t.Errorf("n=%d: no output object", n)
			continue
		}
		got := lines[n]
		said := sayText(got.Said)
		for i, s := range w.said {
			if anyHash && i < len(said) && strings.Contains(s, "hash=x ") {
				said[i] = hashField.ReplaceAllString(said[i], "hash=x ")
			}
		}
		if got.Verdict != w.verdict || !slices.Equal(said, w.said) {
			t.Errorf("n=%d %s %q = %s %s | %s\n                 want %s | %s", n, got.Seat, got.Action,
				got.Verdict, got.Reason, strings.Join(said, "; "), w.verdict, strings.Join(w.said, "; "))
		}
	}
	if anyHash {
		return lines
	}
	last := lines[len(lines)-1]
	if want.board != "" && last.Board != want.board {
		t.Errorf("final board = %s; want %s", last.Board, want.board)
	}
	if want.result != "" && last.Result+" "+last.Reason != want.result {
		t.Errorf("final result = %s %s; want %s", last.Result, last.Reason, want.result)
	}
	return lines
}

// scriptLine is one JSON Lines object of `umpire referee`.
type scriptLine struct {
	N       int                                   `json:"n"`
	Start   bool                                  `json:"start"`
	Final   bool                                  `json:"final"`
	Seat    string                                `json:"seat"`
	Action  string                                `json:"action"`
	Verdict string                                `json:"verdict"`
	Reason  string                                `json:"reason"`
	Said    []referee.Announcement                `json:"said"`
	Move    string                                `json:"move"`
	Turn    string                                `json:"turn"`
	Views   map[string]string                     `json:"views"`
	Secrets map[string]map[string]json.RawMessage `json:"secrets"`
	Board   string                                `json:"board"`
	Result  string                                `json:"result"`
}

// readScriptOutput decodes every output line, the start object first (n=0)
// and the final object last.
func readScriptOutput(t *testing.T, out string) []scriptLine {
	t.Helper()
	var lines []scriptLine
	for _, text := range strings.Split(strings.TrimSpace(out), "\n") {
		var l scriptLine
		if err := json.Unmarshal([]byte(text), &l); err != nil {
			t.Fatalf("output line %s: %v", text, err)
		}
		if l.Start {
			l.Verdict = "start"
		}
		lines = append(lines, l)
	}
	return lines
}

type expectedObject struct {
	verdict string
	said    []string
}

type scriptExpectations struct {
	objects       map[int]*expectedObject
	board, result string
}

var scriptComment = regexp.MustCompile(`\s{3,}[\[(].*$`)

// parseScriptExpectations reads the `#>` lines of a script.
func parseScriptExpectations(t *testing.T, script string) scriptExpectations {
	t.Helper()
	want := scriptExpectations{objects: map[int]*expectedObject{}}
	var cur *expectedObject
	for _, line := range strings.Split(script, "\n") {
		text, ok := strings.CutPrefix(line, "#>")
		if !ok {
			continue
		}
		text = strings.TrimSpace(scriptComment.ReplaceAllString(text, ""))
		if b, ok := strings.CutPrefix(text, "final board "); ok {
			want.board = b
			continue
		}
		if r, ok := strings.CutPrefix(text, "final result "); ok {
			want.result = r
			continue
		}
		var n int
		var verdict string
		if k, _ := fmt.Sscanf(text, "%d %s", &n, &verdict); k == 2 {
			cur = &expectedObject{verdict: verdict}
			want.objects[n] = cur
			_, text, _ = strings.Cut(text, "|")
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
	return want
}

// sayText writes announcements as the rule files do: `code k=v … >to`.
func sayText(said []referee.Announcement) []string {
	var out []string
	for _, a := range said {
		out = append(out, a.String())
	}
	return out
}

// movesScript writes a game given as `1. e2e4 e7e5 2. …` as script lines,
// White and Black in turn; move numbers are skipped. A move written with
// spaces inside is joined with `_` and split back here.
func movesScript(moves string) string {
	var b strings.Builder
	seat := "white"
	for _, f := range strings.Fields(moves) {
		if strings.HasSuffix(f, ".") {
			continue
		}
		fmt.Fprintf(&b, "%s %s\n", seat, strings.ReplaceAll(f, "_", " "))
		if seat == "white" {
			seat = "black"
		} else {
			seat = "white"
		}
	}
	return b.String()
}

// The seed games (../shared/seeds/000_… Russian, 001_… Esperanto),
// translated to coordinates. In the Russian game White crowned the king
// and Black the dame; 31.Bxa8 takes the crowned dame. Its move 12 is
// printed "d3", but White's d-pawn stood on d3 since move 5 (7.Cd2 needs
// d2 empty), and 19.п:b4 and 24.Ла6 need White's a-pawn on a3: move 12 was
// a2-a3.
const koronaSeedRussian = `1. e2e4 e7e5 2. g1f3 b8c6 3. f1e2 f8c5 4. e1g1 g8f6 5. d2d3 e8g8
6. b1c3 d7d6 7. c1d2 c8d7 8. d1b1 d8b8 9. d2g5 h7h6 10. g5f6 g7f6
11. c3d5 g8g7 12. a2a3 a7a5 13. c2c3 b7b6 14. b1c2 d7e6 15. c1b1 e6d5
16. e4d5 c6e7 17. c3c4 g7h7 18. b2b4 a5b4 19. a3b4 c5d4 20. f3d4 e5d4
21. b1a1 c7c6 22. d5c6 c8c6 23. e2f3 c6c8 24. a1a6 b8c7 25. f1a1 h7g6
26. a6a7 c7d8 27. a1a6 c8b8 28. a7a8 d8c8 29. a8b8 c8b8 30. a6a8 b8a8 31. f3a8`

// koronaSeedRussianText is the same game in the period notation of the
// seed, read by the umpire's parser: Cyrillic letters (К knight, С bishop,
// Л rook, Д dame, Кр king, п pawn), castling with the monarch in brackets.
// Changed: spaces inside a move removed, Latin look-alikes of Cyrillic
// letters made Cyrillic where the seed mixes them ("Kc6", "Ce2", "cc5"),
// move 12 as above, and 23…Лс8 written Л6с8 (both black rooks reach c8).
const koronaSeedRussianText = `1. е4 е5 2. Кf3 Кc6 3. Сe2 Сc5 4. 0-0_(Кр) Кf6 5. d3 0-0_(Кр)
6. Кc3 d6 7. Сd2 Сd7 8. 0-0_(_Д_) 0-0_(_Д_) 9. Сg5 h6 10. С:f6 п:f6
11. Кd5 Kg7 12. a3 a5 13. c3 b6 14. Дс2 Се6 15. Лb1 С:d5
16. п:d5 Кe7 17. c4 Крh7 18. b4 п:b4 19. п:b4 Сd4 20. К:d4 п:d4
21. Лa1 с6 22. п:с6 Л:с6 23. Сf3 Л6с8 24. Лa6 Дс7 25. Лfa1 Крg6
26. Лa7 Дd8 27. Л1a6 Лb8 28. Лa8 Дс8 29. Л:b8 Д:b8 30. Лa8 Д:a8 31. С:a8`

// In the Esperanto game (krono) White crowned the king and Black the
// dame. 26…K:c2 takes White's uncrowned dame and 28.T:f8 Black's uncrowned
// king: both notes open and play goes on, so "Blankoj venkis" is Black's
// resignation.
const koronaSeedEsperanto = `1. e2e4 e7e5 2. g1f3 b8c6 3. f1e2 g8f6 4. d2d3 f8c5 5. e1g1 e8g8
6. b1c3 c6d4 7. f3d4 c5d4 8. c1g5 h7h6 9. g5f6 g7f6 10. d1b1 d7d6
11. c3d5 g8g7 12. c2c3 d4b6 13. d5b6 c7b6 14. f2f4 c8e6 15. f1f2 d8b8
16. c1f1 f6f5 17. e4f5 e6f5 18. f4e5 f5e6 19. e5d6 c8d8 20. a2a3 d8d6
21. b1c2 b8c7 22. e2h5 d6d5 23. g2g4 f7f5 24. g4f5 e6f5 25. h5f3 f5d3
26. f3d5 d3c2 27. f2f8 g7f8 28. f1f8`

func TestKoronaSeedGames(t *testing.T) {
	t.Parallel()
	russianEnd := `
#> 63 accepted | capture square=a8 >both; monarch-captured square=a8 monarch=dame crowned=true >both;
#>   reveal seat=black note=1 secret=dame salt=b2 >both; crown-revealed seat=black holder=dame >both;
#>   reveal seat=white note=1 secret=king salt=a1 >both; crown-revealed seat=white holder=king >both;
#>   end result=1-0 reason=crown-captured >both
#> final board B....r../....np../.p.p.pkp/......../.PPp..../...P..../..D..PPP/......K.
#> final result 1-0 crown-captured
`
	crowns := "white crown king salt=a1\nblack crown dame salt=b2\n"
	for _, sc := range []scriptCase{
		{"russian", []string{"-variant", "korona"}, crowns + movesScript(koronaSeedRussian) + russianEnd},
		{"russian text", []string{"-variant", "korona"}, crowns + movesScript(koronaSeedRussianText) + russianEnd},
		{"esperanto", []string{"-variant", "krono"}, crowns + movesScript(koronaSeedEsperanto) + "black resign\n" + `
#> 54 accepted | capture square=c2 >both; monarch-captured square=c2 monarch=dame crowned=false >both;
#>   reveal seat=white note=1 secret=king salt=a1 >both; crown-revealed seat=white holder=king >both
#> 57 accepted | capture square=f8 >both; monarch-captured square=f8 monarch=king crowned=false >both;
#>   reveal seat=black note=1 secret=dame salt=b2 >both; crown-revealed seat=black holder=dame >both
#> 58 accepted | end result=1-0 reason=resignation >both
#> final result 1-0 resignation
`},
	} {
		t.Run(sc.name, func(t *testing.T) {
			lines := runScriptCase(t, sc)
			for _, l := range lines[1 : len(lines)-1] {
				if l.Verdict != "accepted" {
					t.Errorf("n=%d %s %q: %s %s", l.N, l.Seat, l.Action, l.Verdict, l.Reason)
				}
			}
		})
	}
}

// Korona perft, checked against a second generator written here on purpose
// in another way: a board of letters indexed rank*8+file, moves found by
// direction vectors with bounds checks, castling from its own table, and
// castling rights dropped for every square whose content changed.

// simpleKorona is a position of the test generator.
type simpleKorona struct {
	sq     [64]byte // piece letters, '.' for empty
	white  bool     // White to move
	rights string   // castling letters
	ep     int      // the en passant target square, -1 for none
}

// simpleCastle is one castling: monarch and rook from and to, and the
// squares between them that must be empty.
type simpleCastle struct {
	letter                     byte
	monarch                    byte // 'K' or 'D' (upper case: White)
	from, to, rookFrom, rookTo int
	empty                      []int
}

func simpleCastles() []simpleCastle {
	var out []simpleCastle
	for _, side := range []struct {
		rank    int
		letters string
		lower   bool
	}{{0, "KQAH", false}, {7, "kqah", true}} {
		r := side.rank * 8
		for i, c := range []simpleCastle{
			{monarch: 'K', from: 4, to: 6, rookFrom: 7, rookTo: 5, empty: []int{5, 6}},
			{monarch: 'K', from: 4, to: 2, rookFrom: 0, rookTo: 3, empty: []int{1, 2, 3}},
			{monarch: 'D', from: 3, to: 1, rookFrom: 0, rookTo: 2, empty: []int{1, 2}},
			{monarch: 'D', from: 3, to: 5, rookFrom: 7, rookTo: 4, empty: []int{4, 5, 6}},
		} {
			c.letter = side.letters[i]
			if side.lower {
				c.monarch += 'a' - 'A'
			}
			c.from, c.to, c.rookFrom, c.rookTo = r+c.from, r+c.to, r+c.rookFrom, r+c.rookTo
			empty := make([]int, len(c.empty))
			for j, e := range c.empty {
				empty[j] = r + e
			}
			c.empty = empty
			out = append(out, c)
		}
	}
	return out
}

func parseSimpleKorona(t *testing.T, fen string) simpleKorona {
	f := strings.Fields(fen)
	p := simpleKorona{white: f[1] == "w", ep: -1}
	if f[2] != "-" {
		p.rights = f[2]
	}
	if f[3] != "-" {
		p.ep = int(f[3][1]-'1')*8 + int(f[3][0]-'a')
	}
	for i, row := range strings.Split(f[0], "/") {
		file := 0
		for _, ch := range []byte(row) {
			if ch >= '1' && ch <= '8' {
				for range int(ch - '0') {
					p.sq[(7-i)*8+file] = '.'
					file++
				}
				continue
			}
			p.sq[(7-i)*8+file] = ch
			file++
		}
		if file != 8 {
			t.Fatalf("bad FEN %q", fen)
		}
	}
	return p
}

func (p *simpleKorona) own(ch byte) bool {
	return ch != '.' && (ch >= 'A' && ch <= 'Z') == p.white
}

func (p *simpleKorona) enemy(ch byte) bool { return ch != '.' && !p.own(ch) }

type simpleMove struct {
	from, to int
	promo    byte
	castle   int // index+1 into simpleCastles, 0 for none
}

var simpleCastleTable = simpleCastles()

// moves lists the pseudo-legal korona moves.
func (p *simpleKorona) moves() []simpleMove {
	var out []simpleMove
	add := func(from, f, r int) bool { // reports whether a slider may go on
		if f < 0 || f > 7 || r < 0 || r > 7 {
			return false
		}
		to := r*8 + f
		if p.own(p.sq[to]) {
			return false
		}
		out = append(out, simpleMove{from: from, to: to})
		return p.sq[to] == '.'
	}
	kingDirs := [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	for from, ch := range p.sq {
		if !p.own(ch) {
			continue
		}
		f, r := from%8, from/8
		switch ch | 0x20 { // lower case
		case 'k', 'd':
			for _, d := range kingDirs {
				add(from, f+d[0], r+d[1])
			}
		case 'n':
			for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
				add(from, f+d[0], r+d[1])
			}
		case 'g', 'r', 'b':
			for i, d := range kingDirs {
				if ch|0x20 == 'r' && i >= 4 || ch|0x20 == 'b' && i < 4 {
					continue
				}
				for k := 1; add(from, f+k*d[0], r+k*d[1]); k++ {
				}
			}
		case 'p':
			out = p.pawnMoves(out, from)
		}
	}
	for i, c := range simpleCastleTable {
		if !strings.ContainsRune(p.rights, rune(c.letter)) || p.sq[c.from] != c.monarch || !p.own(c.monarch) {
			continue
		}
		rook := byte('R')
		if !p.white {
			rook = 'r'
		}
		free := p.sq[c.rookFrom] == rook
		for _, e := range c.empty {
			free = free && p.sq[e] == '.'
		}
		if free {
			out = append(out, simpleMove{from: c.from, to: c.to, castle: i + 1})
		}
	}
	return out
}

func (p *simpleKorona) pawnMoves(out []simpleMove, from int) []simpleMove {
	dir, start, last := 8, 1, 7
	if !p.white {
		dir, start, last = -8, 6, 0
	}
	push := func(to int) {
		if to/8 != last {
			out = append(out, simpleMove{from: from, to: to})
			return
		}
		for _, k := range []byte("grbn") {
			out = append(out, simpleMove{from: from, to: to, promo: k})
		}
	}
	if one := from + dir; p.sq[one] == '.' {
		push(one)
		if two := one + dir; from/8 == start && p.sq[two] == '.' {
			out = append(out, simpleMove{from: from, to: two})
		}
	}
	for _, df := range []int{-1, 1} {
		f := from%8 + df
		if f < 0 || f > 7 {
			continue
		}
		to := from + dir + df
		if p.enemy(p.sq[to]) {
			push(to)
		} else if to == p.ep {
			out = append(out, simpleMove{from: from, to: to})
		}
	}
	return out
}

// play returns the position after a move.
func (p simpleKorona) play(m simpleMove) simpleKorona {
	before := p.sq
	ch := p.sq[m.from]
	p.sq[m.from] = '.'
	switch {
	case m.castle > 0:
		c := simpleCastleTable[m.castle-1]
		rook := p.sq[c.rookFrom]
		p.sq[c.rookFrom] = '.'
		p.sq[c.rookTo] = rook
		p.sq[c.to] = ch
	case ch|0x20 == 'p' && m.to == p.ep:
		p.sq[m.to] = ch
		p.sq[m.to-8*map[bool]int{true: 1, false: -1}[p.white]] = '.'
	case m.promo != 0:
		if p.white {
			p.sq[m.to] = m.promo - 0x20
		} else {
			p.sq[m.to] = m.promo
		}
	default:
		p.sq[m.to] = ch
	}
	p.ep = -1
	if ch|0x20 == 'p' && (m.to-m.from == 16 || m.from-m.to == 16) {
		p.ep = (m.from + m.to) / 2
	}
	var keep []byte
	for _, c := range simpleCastleTable {
		if strings.IndexByte(p.rights, c.letter) >= 0 && before[c.from] == p.sq[c.from] && before[c.rookFrom] == p.sq[c.rookFrom] {
			keep = append(keep, c.letter)
		}
	}
	p.rights = string(keep)
	p.white = !p.white
	return p
}

func (p simpleKorona) perft(depth int) int64 {
	ms := p.moves()
	if depth == 1 {
		return int64(len(ms))
	}
	var n int64
	for _, m := range ms {
		n += p.play(m).perft(depth - 1)
	}
	return n
}

// koronaPerftPositions are the start and middle-game positions with dame
// castling (both ways), king castling, promotions with capture and en
// passant available.
var koronaPerftPositions = []string{
	"rnbdkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBDKBNR w KQAHkqah - 0 1",
	"r2dk2r/1P3ppp/8/3pP3/8/8/1p3PPP/R2DK2R w KQAHkqah d6 0 1",
	"r2d3r/1pp1kpPp/8/8/8/8/1PP1KpPP/R2D3R w AHah - 0 1",
	"r2dk2r/8/8/8/8/8/8/R2DK2R b KQAHkqah - 0 1",
	"r3k2r/pPpdbppp/bn2pnp1/3PN3/1p2P3/2N2D1p/PpPBBPPP/R3K2R w KQkq - 0 1",
}

func TestKoronaPerft(t *testing.T) {
	t.Parallel()
	for _, fen := range koronaPerftPositions {
		simple := parseSimpleKorona(t, fen)
		for depth := 1; depth <= 4; depth++ {
			want := simple.perft(depth)
			if testing.Short() && want > 300000 {
				break
			}
			out := strings.TrimSpace(runCmd(t, "", "perft", "-variant", "korona", "-fen", fen, "-depth", fmt.Sprint(depth)))
			if got := out[strings.LastIndexByte(out, '\n')+1:]; got != fmt.Sprint(want) {
				t.Errorf("perft -fen %q -depth %d = %s; the simple generator counts %d", fen, depth, got, want)
			}
		}
	}
	if out := strings.TrimSpace(runCmd(t, "", "perft", "-variant", "korona", "-depth", "2")); out != fmt.Sprint(parseSimpleKorona(t, koronaPerftPositions[0]).perft(2)) {
		t.Errorf("perft from the default start = %s", out)
	}
}

// badInputs are scripts of korona.md §7 and progressive.md §7 refusals:
// each `#>` names the verdict of a bad action. TestBadInput also checks
// that every action not accepted changes no view and no turn, and that
// what it says goes to its sender alone.
var badInputs = []scriptCase{
	{"korona2 stones", []string{"-variant", "korona2", "-views", "-fen", "4k3/8/8/8/8/8/3d4/3DK3 w - - 0 1"}, `
white crown king salt=01
black crown dame salt=02
#> 2 accepted | commitment seat=black note=1 hash=2d2c164b4d66cb8162f316ca044cc43d3c753009afd267d4aa8e261177de49b5 >both
white crown dame salt=03
#> 3 refused |                                (a second crown)
white S@c3 salt=03
#> 4 impossible | impossible >white           (no monarch of White has fallen)
white Qd2
#> 5 refused |                                (Q is no letter of korona)
white Dxd2
#> 6 accepted | capture square=d2 >both; monarch-captured square=d2 monarch=dame crowned=true >both;
#>              reveal seat=black note=1 secret=dame salt=02 >both; crown-revealed seat=black holder=dame >both;
#>              reveal seat=white note=1 secret=king salt=01 >both; crown-revealed seat=white holder=king >both;
#>              end result=1-0 reason=crown-captured >both
`},
	{"korona2 placements", []string{"-variant", "korona2", "-views", "-fen", "4k3/8/8/8/8/8/3d4/3DK3 w - - 0 1"}, `
white crown king salt=01
black crown king salt=02
white Dxd2
#> 3 accepted | capture square=d2 >both; monarch-captured square=d2 monarch=dame crowned=false >both;
#>              reveal seat=black note=1 secret=king salt=02 >both; crown-revealed seat=black holder=king >both
black crown dame salt=05
#> 4 refused |                                (crown after move 1)
black S@e4,S@e5,S@e6,X@e7 salt=04
#> 5 impossible | impossible >black           (a fourth stone)
black X@e4,X@e5 salt=04
#> 6 impossible | impossible >black           (two mined stones)
black S@d2 salt=04
#> 7 impossible | impossible >black           (an occupied square)
black S@e4,S@e4 salt=04
#> 8 impossible | impossible >black           (the same square twice)
black S@a1,S@b1,S@c1 salt=04
#> 9 impossible | impossible >black           (the reserve emptied with no mine)
black S@a1 , x@B1 salt=04
#> 10 accepted | commitment seat=black note=2 hash=d695894e833487f770cfce3c8d77255c6a6fdcdb2a3ab2ea451989bc949459ce >both; stones squares=[a1,b1] >both
white S@a3 salt=05
#> 11 impossible | impossible >white          (White lost no monarch)
white Dc1
black X@c5 salt=06
#> 13 impossible | impossible >black          (a second mine)
black S@c5 salt=06
#> 14 accepted | commitment seat=black note=3 hash=82a79514235c7ee2149937c8c1addb61addf4ed31207d5647f425e83621b165a >both; stones squares=[c5] >both
white Dxb1
#> 15 accepted | capture square=b1 >both; explosion square=b1 >both; monarch-captured square=b1 monarch=dame crowned=false >both;
#>               reveal seat=black note=2 secret=S@a1,X@b1 salt=04 >both; reveal seat=white note=1 secret=king salt=01 >both;
#>               crown-revealed seat=white holder=king >both
black S@c6 salt=07
#> 16 impossible | impossible >black          (the reserve is empty)
black Kd7
white S@c6,X@c7 salt=08
#> 18 accepted | commitment seat=white note=2 hash=x >both; stones squares=[c6,c7] >both
`},
	{"korona promotions", []string{"-variant", "korona", "-views", "-fen", "4k3/P7/8/8/8/8/8/3DK3 w - - 0 1"}, `
white crown king salt=01
black crown king salt=02
white a7a8=D
#> 3 impossible | impossible >white           (a dame is never made)
white a8=Кр
#> 4 impossible | impossible >white           (nor a king)
white a7a8=C
#> 5 impossible | impossible >white           (C is krono's)
white a7a8q
#> 6 refused |                                (Q is no letter of korona)
white a8=Ф
#> 7 accepted |
white S@c3 salt=03
#> 8 refused |                                (korona has no stones)
`},
	{"krono promotions", []string{"-variant", "krono", "-views", "-fen", "4k3/P7/8/8/8/8/8/3DK3 w - - 0 1"}, `
white crown king salt=01
black crown king salt=02
white a7a8=D
#> 3 impossible | impossible >white           (a crowned monarch is never made)
white a8=Кр
#> 4 impossible | impossible >white
white a8=C
#> 5 accepted |
`},
	{"progressive", []string{"-variant", "progressive", "-views"}, `
white e2e4
#> 1 refused |                                (White owes a choice first)
white grow e4 N salt=01
#> 2 impossible | impossible >white           (no pawn of White on e4)
white grow e8 N salt=01
#> 3 impossible | impossible >white           (a black man)
white grow e2 A salt=01
#> 4 impossible | impossible >white           (a terminator does not grow)
white grow e2 Z salt=01
#> 5 refused |                                (no such letter)
white grow e2 N
#> 6 accepted | commitment seat=white note=1 hash=x >both
white grow d2 N salt=02
#> 7 refused |                                (a second growing pawn)
white e2e4
#> 8 impossible | impossible >white           (e2 is growing)
black grow a7 N salt=03
#> 9 refused |                                (not Black's turn)
`},
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	for _, sc := range badInputs {
		t.Run(sc.name, func(t *testing.T) {
			lines := runScriptCaseHashFree(t, sc)
			for i := 1; i < len(lines)-1; i++ {
				l, prev := lines[i], lines[i-1]
				if l.Verdict == "accepted" {
					continue
				}
				if !maps.Equal(l.Views, prev.Views) || l.Turn != prev.Turn {
					t.Errorf("n=%d %q (%s) changed the game: views %v, turn %s; before %v, %s", l.N, l.Action, l.Verdict, l.Views, l.Turn, prev.Views, prev.Turn)
				}
				for _, a := range l.Said {
					if len(a.To) != 1 || string(a.To[0]) != l.Seat {
						t.Errorf("n=%d %q (%s) says %v to %v", l.N, l.Action, l.Verdict, a.Code, a.To)
					}
				}
			}
		})
	}
}

// runScriptCaseHashFree is runScriptCase where an expected `hash=x` stands
// for any hash (a salt the script leaves to the command is random).
func runScriptCaseHashFree(t *testing.T, sc scriptCase) []scriptLine {
	t.Helper()
	return runScript(t, sc, true)
}

var hashField = regexp.MustCompile(`hash=[0-9a-f]{64} `)

// TestSecretsInViews checks the -views secrets of korona.md 7.3 and
// progressive.md 7.3, and the mine seen only by its owner (7.1).
func TestSecretsInViews(t *testing.T) {
	t.Parallel()
	secrets := func(l scriptLine, seat string) string {
		b, _ := json.Marshal(l.Secrets[seat])
		return string(b)
	}
	k := koronaExamples[0]
	k.args = append(slices.Clone(k.args), "-views")
	lines := runScriptCase(t, k)
	for _, c := range []struct {
		n           int
		white, blck string
	}{
		{1, "null", "null"},
		{2, `{"crown":{"white":"king"}}`, "null"},
		{3, `{"crown":{"white":"king"}}`, `{"crown":{"black":"king"}}`},
		{7, `{"crown":{"black":"king","white":"king"}}`, `{"crown":{"black":"king"}}`},
		{11, `{"crown":{"black":"king","white":"king"}}`, `{"crown":{"black":"king","white":"king"}}`},
	} {
		if w, b := secrets(lines[c.n], "white"), secrets(lines[c.n], "black"); w != c.white || b != c.blck {
			t.Errorf("korona n=%d: secrets white %s, black %s; want %s, %s", c.n, w, b, c.white, c.blck)
		}
	}

	lines = runScriptCaseHashFree(t, badInputs[1])
	mine := lines[10]
	if w, b := mine.Views["white"], mine.Views["black"]; w[63:65] != "ss" || b[63:65] != "sx" {
		t.Errorf("korona2 n=10: rank 1 seen by white %s, by black %s; want ss, sx", w[63:], b[63:])
	}
	if w, b := secrets(mine, "white"), secrets(mine, "black"); strings.Contains(w, "mine") || !strings.Contains(b, `"mine":{"black":"b1"}`) {
		t.Errorf("korona2 n=10: secrets white %s, black %s", w, b)
	}

	p := progressiveExamples[1]
	p.args = append(slices.Clone(p.args), "-views")
	lines = runScriptCase(t, p)
	for _, c := range []struct {
		n           int
		white, blck string
	}{
		{9, `{"grow":[{"seat":"white","square":"f4","piece":"R","left":4}]}`, `{"grow":[{"seat":"black","square":"a7","piece":"B","left":2}]}`},
		{10, `{"grow":[{"seat":"white","square":"f4","piece":"R","left":4}]}`,
			`{"grow":[{"seat":"white","square":"f4","piece":"R","left":4},{"seat":"black","square":"a7","piece":"B","left":1}]}`},
	} {
		if w, b := secrets(lines[c.n], "white"), secrets(lines[c.n], "black"); w != c.white || b != c.blck {
			t.Errorf("progressive n=%d: secrets white %s, black %s; want %s, %s", c.n, w, b, c.white, c.blck)
		}
	}
}
