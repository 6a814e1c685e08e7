package referee

import (
	"slices"
	"testing"

	"umpire/referee/board"
)

// blackMonarchs counts Black's king and dame.
func blackMonarchs(p *board.Position) int {
	n := 0
	for c := range p.Geo.Len() {
		if m := p.Cells[c]; isMonarch(m) && m.Army() == 1 {
			n++
		}
	}
	return n
}

// takesBoth reports whether White, to move, takes both black monarchs
// within n moves of its own against any defence: the solver's worst case
// of korona.md §8, the crown on the monarch that dies last.
func takesBoth(p *board.Position, n int) bool {
	for _, m := range p.Generate(nil) {
		if afterTakesBoth(p, m, n) {
			return true
		}
	}
	return false
}

// afterTakesBoth reports whether White's move m, with n-1 moves to come,
// takes both black monarchs against any defence.
func afterTakesBoth(p *board.Position, m board.Move, n int) bool {
	q := *p
	q.Apply(m)
	if blackMonarchs(&q) == 0 {
		return true
	}
	if n == 1 {
		return false
	}
	for _, r := range q.Generate(nil) {
		s := q
		s.Apply(r)
		if !takesBoth(&s, n-1) {
			return false
		}
	}
	return true
}

// TestKoronaProblem checks korona.md 8.1: 1.Ng6 is the only first move
// after which White takes both black monarchs by move 4, and no first move
// does it in 3.
func TestKoronaProblem(t *testing.T) {
	p, err := koronaPosition(Options{FEN: "5d1k/1R6/R7/8/7N/8/8/4K3 w - - 0 1"}, koronaPlain)
	if err != nil {
		t.Fatal(err)
	}
	var wins []string
	for _, m := range p.Generate(nil) {
		if afterTakesBoth(&p, m, 4) {
			wins = append(wins, m.Coord(p.Geo))
		}
	}
	if len(wins) != 1 || wins[0] != "h4g6" {
		t.Errorf("first moves that win by move 4: %v; want [h4g6]", wins)
	}
	if takesBoth(&p, 3) {
		t.Errorf("a first move wins by move 3")
	}

	// 8.2: White's winning second moves after each defence.
	want := map[string][]string{
		"h8g8": {"g6f8"}, "h8g7": {"g6f8"}, "h8h7": {"b7h7", "g6f8"},
		"f8g8": {"g6h8"}, "f8g7": {"g6h8"}, "f8e8": {"a6a8", "g6h8"},
		"f8f7": {"b7f7", "g6h8"}, "f8e7": {"b7e7", "g6h8"},
	}
	q := p
	q.Apply(board.Move{From: board.Sq(7, 3), To: board.Sq(6, 5)})
	for _, r := range q.Generate(nil) {
		s := q
		s.Apply(r)
		var wins []string
		for _, m := range s.Generate(nil) {
			if afterTakesBoth(&s, m, 3) {
				wins = append(wins, m.Coord(s.Geo))
			}
		}
		slices.Sort(wins)
		if w, ok := want[r.Coord(q.Geo)]; !ok || !slices.Equal(wins, w) {
			t.Errorf("1.Ng6 %s: winning second moves %v; want %v", r.Coord(q.Geo), wins, w)
		}
	}
}
