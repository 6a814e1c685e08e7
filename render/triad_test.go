package render

import (
	"math"
	"slices"
	"testing"

	"umpire/referee"
	"umpire/referee/board"
	"umpire/referee/tri"
)

// The layout agrees with the rules' board: cells that are orthogonal
// neighbours in package tri share an edge on the picture, diagonal
// neighbours at least a corner, across the seam too.
func TestTriadLayoutNeighbours(t *testing.T) {
	for _, bottom := range []referee.Seat{referee.White, referee.Red, referee.Black} {
		l := triadGeo.Layout(640, bottom)
		if len(l.Cells) != tri.Cells {
			t.Fatalf("%d cells", len(l.Cells))
		}
		for i := 0; i < tri.Cells; i++ {
			for _, r := range tri.Geometry.Orth[i] {
				if n := shared(l.Cells[i].Shape, l.Cells[r[0]].Shape); n != 2 {
					t.Errorf("%s: %s and %s share %d corners; want an edge", bottom, tri.Name(board.Cell(i)), tri.Name(r[0]), n)
				}
			}
			for _, r := range tri.Geometry.Diag[i] {
				if n := shared(l.Cells[i].Shape, l.Cells[r[0]].Shape); n < 1 {
					t.Errorf("%s: diagonal neighbours %s and %s do not touch", bottom, tri.Name(board.Cell(i)), tri.Name(r[0]))
				}
			}
		}
	}
}

func shared(a, b [][2]float64) int {
	n := 0
	for _, p := range a {
		for _, q := range b {
			if math.Hypot(p[0]-q[0], p[1]-q[1]) < 1e-6 {
				n++
			}
		}
	}
	return n
}

// Every cell and its box lie on the picture, boxes inside their cells'
// bounds; the bottom seat's rank 1 is lowest, its files a to h left to right.
func TestTriadLayoutSides(t *testing.T) {
	for _, bottom := range []referee.Seat{referee.White, referee.Red, referee.Black, referee.God} {
		l := triadGeo.Layout(480, bottom)
		pic := [2]float64{float64(l.Size.X), float64(l.Size.Y)}
		for i, c := range l.Cells {
			for _, p := range c.Shape {
				if p[0] < 0 || p[1] < 0 || p[0] > pic[0] || p[1] > pic[1] {
					t.Fatalf("%s: cell %s leaves the picture at %v", bottom, tri.Name(board.Cell(i)), p)
				}
			}
			if c.Box.Dx() < 10 {
				t.Errorf("%s: cell %s has a box of %v", bottom, tri.Name(board.Cell(i)), c.Box)
			}
		}
		b := triadBottom(bottom)
		centre := func(i int) float64 { return float64(l.Cells[i].Box.Min.Y + l.Cells[i].Box.Max.Y) }
		order := make([]int, tri.Cells)
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(x, y int) int { return int(centre(y) - centre(x)) })
		for _, i := range order[:8] {
			if c := tri.At(board.Cell(i)); c.T != b || c.R != 1 {
				t.Errorf("%s at the bottom: %s among the 8 lowest cells", bottom, c)
			}
		}
		a1, h1 := l.Cells[tri.Coord{T: b, R: 1, F: 1}.Cell()].Box, l.Cells[tri.Coord{T: b, R: 1, F: 8}.Cell()].Box
		if a1.Min.X >= h1.Min.X {
			t.Errorf("%s at the bottom: a1 %v right of h1 %v", bottom, a1, h1)
		}
	}
}

func TestTriadCellNames(t *testing.T) {
	for _, tc := range []struct {
		name string
		i    int
		ok   bool
	}{{"wa1", 0, true}, {"wh4", 31, true}, {"re1", 36, true}, {"bh4", 95, true}, {"e1", 0, false}, {"xa1", 0, false}} {
		i, ok := triadGeo.Cell(tc.name)
		if ok != tc.ok || (ok && i != tc.i) {
			t.Errorf("Cell(%q) = %d, %v; want %d, %v", tc.name, i, ok, tc.i, tc.ok)
		}
	}
}
