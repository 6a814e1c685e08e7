package tri

import (
	"slices"
	"strings"
	"testing"

	"umpire/referee/board"
)

func cell(t *testing.T, name string) board.Cell {
	t.Helper()
	c, ok := Lookup(name)
	if !ok {
		t.Fatalf("Lookup(%q) failed", name)
	}
	return c.Cell()
}

func names(cells []board.Cell) string {
	var s []string
	for _, c := range cells {
		s = append(s, Name(c))
	}
	slices.Sort(s)
	return strings.Join(s, " ")
}

func sorted(list string) string {
	f := strings.Fields(list)
	slices.Sort(f)
	return strings.Join(f, " ")
}

// firsts lists the first cell of every ray, once each.
func firsts(rays []board.Ray) []board.Cell {
	var out []board.Cell
	for _, r := range rays {
		if !slices.Contains(out, r[0]) {
			out = append(out, r[0])
		}
	}
	return out
}

// The check facts of triad.md §1.
var neighbourFacts = []struct {
	from, kind, want string
}{
	{"wd4", "orth", "wc4 wd3 we4 re4"},
	{"we4", "orth", "wd4 we3 wf4 bd4"},
	{"wa4", "orth", "wa3 wb4 rh4"},
	{"wd4", "diag", "wc3 we3 rf4 rd4 bd4"},
	{"we4", "diag", "wd3 wf3 bc4 re4 be4"},
	{"wc4", "diag", "wb3 wd3 re4 rg4"},
	{"wc4", "knight", "wa3 wb2 wd2 we3 rd4 re3 rg3 rh4 bd4"},
	{"wd4", "knight", "wb3 wc2 we2 wf3 rc4 rd3 rf3 rg4 bc4 bd3"},
	// the same facts turned by a third
	{"rd4", "orth", "rc4 rd3 re4 be4"},
	{"be4", "diag", "bd3 bf3 rc4 we4 re4"},
	{"bc4", "knight", "ba3 bb2 bd2 be3 wd4 we3 wg3 wh4 rd4"},
}

func TestNeighbours(t *testing.T) {
	g := Geometry
	for _, tc := range neighbourFacts {
		c := cell(t, tc.from)
		var got []board.Cell
		switch tc.kind {
		case "orth":
			got = firsts(g.Orth[c])
		case "diag":
			got = firsts(g.Diag[c])
		case "knight":
			got = g.Knight[c]
		}
		if names(got) != sorted(tc.want) {
			t.Errorf("%s %s = %s; want %s", tc.from, tc.kind, names(got), sorted(tc.want))
		}
	}
}

var rayFacts = []struct {
	from string
	kind string
	want []string // every ray, in full
}{
	{"wa1", "orth", []string{"wa2 wa3 wa4 rh4 rh3 rh2 rh1", "wb1 wc1 wd1 we1 wf1 wg1 wh1"}},
	{"we1", "orth", []string{"we2 we3 we4 bd4 bd3 bd2 bd1", "wf1 wg1 wh1", "wd1 wc1 wb1 wa1"}},
	{"wd1", "orth", []string{"wd2 wd3 wd4 re4 re3 re2 re1", "wc1 wb1 wa1", "we1 wf1 wg1 wh1"}},
	{"wa1", "diag", []string{"wb2 wc3 wd4 rd4 rc3 rb2 ra1", "wb2 wc3 wd4 bd4 bc3 bb2 ba1"}},
	{"wd4", "diag", []string{"rf4 rg3 rh2", "rd4 rc3 rb2 ra1", "bd4 bc3 bb2 ba1", "wc3 wb2 wa1", "we3 wf2 wg1"}},
}

func TestRays(t *testing.T) {
	for _, tc := range rayFacts {
		c := cell(t, tc.from)
		rays := Geometry.Orth[c]
		if tc.kind == "diag" {
			rays = Geometry.Diag[c]
		}
		var got []string
		for _, r := range rays {
			var s []string
			for _, x := range r {
				s = append(s, Name(x))
			}
			got = append(got, strings.Join(s, " "))
		}
		slices.Sort(got)
		want := slices.Sorted(slices.Values(tc.want))
		if !slices.Equal(got, want) {
			t.Errorf("%s %s rays = %q; want %q", tc.from, tc.kind, got, want)
		}
	}
}

// Alone on wd4: rook 14 moves, bishop 17, queen 31, king 9.
func TestAloneOnD4(t *testing.T) {
	for _, tc := range []struct {
		k    board.Kind
		want int
	}{{board.Rook, 14}, {board.Bishop, 17}, {board.Queen, 31}, {board.King, 9}, {board.Knight, 10}} {
		p := board.NewPosition(Geometry, &board.Rules{Armies: 3})
		p.Put(cell(t, "wd4"), board.NewMan(0, tc.k))
		if got := len(p.Generate(nil)); got != tc.want {
			t.Errorf("%c alone on wd4: %d moves; want %d", tc.k.Letter(), got, tc.want)
		}
	}
}

// Knight counts over all 96 cells: 10 on each d4/e4, 9 on each c4/d3/e3/f4,
// at most 8 elsewhere; never the start or a neighbour.
func TestKnightCounts(t *testing.T) {
	for i := 0; i < Cells; i++ {
		c := At(board.Cell(i))
		n := len(Geometry.Knight[i])
		name := c.Name()[1:]
		switch {
		case name == "d4" || name == "e4":
			if n != 10 {
				t.Errorf("knight on %s: %d; want 10", c, n)
			}
		case name == "c4" || name == "d3" || name == "e3" || name == "f4":
			if n != 9 {
				t.Errorf("knight on %s: %d; want 9", c, n)
			}
		case n > 8:
			t.Errorf("knight on %s: %d; want at most 8", c, n)
		}
		for _, k := range Geometry.Knight[i] {
			if k == board.Cell(i) || slices.Contains(Geometry.King[i], k) {
				t.Errorf("knight on %s reaches %s, the start or a neighbour", c, Name(k))
			}
		}
	}
}

// Both orders of a diagonal step agree, or both leave the board, except at
// the fork: d4 with (F,R) and e4 with (F,L).
func TestForkOnlyAtCentre(t *testing.T) {
	for i := 0; i < Cells; i++ {
		c := At(board.Cell(i))
		for _, a := range []Dir{F, B} {
			for _, b := range []Dir{L, R} {
				for _, flip := range []bool{false, true} {
					p := Pos{c, flip}
					ab, ok1 := walks(p, a, b)
					ba, ok2 := walks(p, b, a)
					ra, rb := a, b // the directions on the board
					if flip {
						ra, rb = a.Opposite(), b.Opposite()
					}
					fork := ra == F && c.R == 4 && ((c.F == 4 && rb == R) || (c.F == 5 && rb == L))
					switch {
					case fork:
						if !ok1 || !ok2 || ab.C == ba.C || len(DiagStep(p, a, b)) != 2 {
							t.Errorf("%s (%d,%d): no fork", c, a, b)
						}
					case ok1 != ok2 || (ok1 && ab != ba):
						t.Errorf("%s flip %v (%d,%d): orders differ: %v %v / %v %v", c, flip, a, b, ab, ok1, ba, ok2)
					}
				}
			}
		}
	}
}

// Colours: orthogonal neighbours differ, diagonal neighbours agree, across
// the seam too.
func TestColours(t *testing.T) {
	for _, tc := range []struct {
		name string
		dark bool
	}{{"wa1", true}, {"we1", true}, {"wd1", false}, {"rd4", true}, {"bh3", false}, {"bh4", true}} {
		c, _ := Lookup(tc.name)
		if c.Dark() != tc.dark {
			t.Errorf("%s dark = %v; want %v", tc.name, c.Dark(), tc.dark)
		}
	}
	for i := 0; i < Cells; i++ {
		c := At(board.Cell(i))
		for _, n := range firsts(Geometry.Orth[i]) {
			if At(n).Dark() == c.Dark() {
				t.Errorf("%s and %s: orthogonal neighbours of one colour", c, Name(n))
			}
		}
		for _, n := range firsts(Geometry.Diag[i]) {
			if At(n).Dark() != c.Dark() {
				t.Errorf("%s and %s: diagonal neighbours of two colours", c, Name(n))
			}
		}
	}
}

// Attack detection walks rays backwards from the target: every path from A
// to B must be a path from B to A reversed, and knight leaps symmetric.
func TestSymmetry(t *testing.T) {
	g := Geometry
	for i := 0; i < Cells; i++ {
		for _, kind := range []string{"orth", "diag"} {
			rays, back := g.Orth, g.Orth
			if kind == "diag" {
				rays, back = g.Diag, g.Diag
			}
			for _, r := range rays[i] {
				for j, to := range r {
					want := slices.Clone(r[:j])
					slices.Reverse(want)
					want = append(want, board.Cell(i))
					if !hasPath(back[to], want) {
						t.Errorf("%s: %s to %s, but not back", kind, Name(board.Cell(i)), Name(to))
					}
				}
			}
		}
		for _, k := range g.Knight[i] {
			if !slices.Contains(g.Knight[k], board.Cell(i)) {
				t.Errorf("knight: %s to %s, but not back", Name(board.Cell(i)), Name(k))
			}
		}
	}
}

func hasPath(rays []board.Ray, path []board.Cell) bool {
	for _, r := range rays {
		if len(r) >= len(path) && slices.Equal(r[:len(path)], path) {
			return true
		}
	}
	return false
}

// No two rays of a kind from one cell reach the same cell by different
// paths: a slider has one way to each cell, so a move is listed once.
func TestOnePathEach(t *testing.T) {
	for i := 0; i < Cells; i++ {
		for _, rays := range [][]board.Ray{Geometry.Orth[i], Geometry.Diag[i]} {
			path := map[board.Cell]string{}
			for _, r := range rays {
				for j, c := range r {
					p := names(r[:j+1])
					if old, ok := path[c]; (ok && old != p) || c == board.Cell(i) {
						t.Errorf("%s: two ways to %s: %s / %s", Name(board.Cell(i)), Name(c), old, p)
					}
					path[c] = p
				}
			}
		}
	}
}

var pawnFacts = []struct {
	army         int
	at           string
	push, double string
	capture      string
	promotes     bool // arriving on at promotes
}{
	{0, "wd2", "wd3", "wd4", "wc3 we3", false},
	{0, "wd4", "re4", "", "rf4 rd4 bd4", false},
	{0, "we4", "bd4", "", "re4 be4 bc4", false},
	{0, "wa4", "rh4", "", "rg4", false},
	{0, "rd4", "rd3", "", "rc3 re3", false},
	{0, "rd1", "", "", "", true},
	{0, "bh2", "bh1", "", "bg1", false},
	{1, "rd2", "rd3", "rd4", "rc3 re3", false},
	{1, "rd4", "be4", "", "bf4 bd4 wd4", false},
	{1, "wb2", "wb1", "", "wa1 wc1", false},
	{2, "bd4", "we4", "", "wf4 wd4 rd4", false},
	{2, "wd1", "", "", "", true},
	{2, "wd2", "wd1", "", "wc1 we1", false},
}

func TestPawnTables(t *testing.T) {
	g := Geometry
	opt := func(c board.Cell) string {
		if c == board.NoCell {
			return ""
		}
		return Name(c)
	}
	for _, tc := range pawnFacts {
		c := cell(t, tc.at)
		a := tc.army
		if got := opt(g.PawnPush[a][c]); got != tc.push {
			t.Errorf("army %d pawn on %s: push %q; want %q", a, tc.at, got, tc.push)
		}
		if got := opt(g.PawnDouble[a][c]); got != tc.double {
			t.Errorf("army %d pawn on %s: double %q; want %q", a, tc.at, got, tc.double)
		}
		if got := names(g.PawnCapture[a][c]); got != sorted(tc.capture) {
			t.Errorf("army %d pawn on %s: captures %q; want %q", a, tc.at, got, sorted(tc.capture))
		}
		if g.Promotes[a][c] != tc.promotes {
			t.Errorf("army %d arriving on %s: promotes %v; want %v", a, tc.at, g.Promotes[a][c], tc.promotes)
		}
	}
}

func TestBoardString(t *testing.T) {
	const start = "................/................/wPwPwPwPwPwPwPwP/wRwNwBwQwKwBwNwR | " +
		"................/................/rPrPrPrPrPrPrPrP/rRrNrBrQrKrBrNrR | " +
		"................/................/bPbPbPbPbPbPbPbP/bRbNbBbQbKbBbNbR"
	p := board.NewPosition(Geometry, &board.Rules{Armies: 3, Royal: board.King})
	Setup(&p)
	if got := String(&p); got != start {
		t.Fatalf("start board:\n%s\nwant\n%s", got, start)
	}
	q := board.NewPosition(Geometry, &board.Rules{Armies: 3, Royal: board.King})
	if err := Parse(start, &q); err != nil {
		t.Fatal(err)
	}
	if q.Cells != p.Cells || q.King != p.King {
		t.Errorf("Parse(String(start)) differs from the start")
	}
	for _, bad := range []string{"", start[:len(start)-1], strings.Replace(start, "wK", "xK", 1), strings.Replace(start, "wK", "wZ", 1)} {
		if Parse(bad, &q) == nil {
			t.Errorf("Parse(%q) = nil; want an error", bad)
		}
	}
}

func TestNames(t *testing.T) {
	for i := 0; i < Cells; i++ {
		c := At(board.Cell(i))
		if c.Cell() != board.Cell(i) {
			t.Fatalf("At(%d).Cell() = %d", i, c.Cell())
		}
		back, ok := Lookup(c.Name())
		if !ok || back != c {
			t.Errorf("Lookup(%q) = %v, %v", c.Name(), back, ok)
		}
		if bare, ok := Bare(c.Name()[1:], c.T); !ok || bare != c {
			t.Errorf("Bare(%q, %d) = %v, %v", c.Name()[1:], c.T, bare, ok)
		}
	}
	for _, bad := range []string{"", "wd", "wd5", "wi1", "xd4", "wd0", "d4"} {
		if _, ok := Lookup(bad); ok {
			t.Errorf("Lookup(%q) ok", bad)
		}
	}
}

func TestCastlings(t *testing.T) {
	cs := Castlings()
	if len(cs) != 6 {
		t.Fatalf("%d castlings; want 6", len(cs))
	}
	want := []string{
		"Kwe1wg1 wh1wf1 empty wf1 wg1 pass we1 wf1 wg1",
		"Qwe1wc1 wa1wd1 empty wb1 wc1 wd1 pass wc1 wd1 we1",
	}
	for i, w := range want {
		c := cs[i]
		got := string(c.Letter) + Name(c.Monarch) + Name(c.MonarchTo) + " " + Name(c.Rook) + Name(c.RookTo) +
			" empty " + names(c.Empty) + " pass " + names(c.Pass)
		if got != w {
			t.Errorf("castling %d = %q; want %q", i, got, w)
		}
	}
}
