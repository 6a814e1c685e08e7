package render

import (
	"image"
	"math"

	"umpire/referee"
	"umpire/referee/board"
	"umpire/referee/tri"
)

// triadGeo is the 96-cell board of three-player chess (rules/triad.md §1):
// a hexagon cut from its centre to the middles of its sides into six
// quadrilaterals, each the 4×4 half of one third. Cells are in package
// tri's order (third, rank, file) and named in full ("wd4"). Every cell is
// a true quadrilateral, interpolated in its half, so neighbours share
// edges exactly, across the seam too.
//
// The bottom seat's third lies along the lower side, its rank 1 nearest
// the viewer; the next seat's third is upper left, the previous seat's
// upper right (triad.md 4.1). God and spectators see white at the bottom.
var triadGeo triadGeometry

func init() { geometries[triadGeo.Name()] = triadGeo }

type triadGeometry struct{}

func (triadGeometry) Name() string { return "triad" }
func (triadGeometry) Len() int     { return tri.Cells }

func (triadGeometry) Cell(name string) (int, bool) {
	c, ok := tri.Lookup(name)
	return int(c.Cell()), ok
}

// triadFrame is a board being laid out: its centre, circumradius and the
// turn of the thirds for the bottom seat.
type triadFrame struct {
	cx, cy, r float64
	bottom    int
}

// Layout fits the hexagon (flat side down) into the width, a frame for the
// labels around it. Every third's e1, its Throne, is ringed.
func (triadGeometry) Layout(width int, bottom referee.Seat) Layout {
	frame := math.Max(float64(width)/16, 10)
	r := (float64(width) - 2*frame) / 2
	height := int(math.Ceil(math.Sqrt(3)*r + 2*frame))
	f := triadFrame{cx: float64(width) / 2, cy: float64(height) / 2, r: r, bottom: triadBottom(bottom)}
	l := Layout{Size: image.Pt(width, height), Cells: make([]Cell, tri.Cells), Text: frame * 0.5}
	for i := range l.Cells {
		c := tri.At(board.Cell(i))
		poly := f.cell(c)
		l.Cells[i] = Cell{Box: boxIn(poly), Shape: poly, Shade: triadShade(c), Throne: c.R == 1 && c.F == 5}
	}
	l.Labels = f.labels(frame)
	return l
}

// triadBottom is the third drawn at the bottom.
func triadBottom(s referee.Seat) int {
	switch s {
	case referee.Red:
		return 1
	case referee.Black:
		return 2
	}
	return 0
}

func triadShade(c tri.Coord) int {
	if c.Dark() {
		return 1
	}
	return 0
}

// vertex is a point of the board with white's third at the bottom, in
// units of the circumradius, y up: vertex k of the hexagon (k·60°), the
// middle of side k (k·60° + 30°) or the centre.
func vertex(deg float64) [2]float64 {
	a := deg * math.Pi / 180
	return [2]float64{math.Cos(a), math.Sin(a)}
}

func middle(deg float64) [2]float64 {
	v := vertex(deg)
	k := math.Sqrt(3) / 2
	return [2]float64{v[0] * k, v[1] * k}
}

// halves are the corners of white's two halves, as (u, v) = (0,0), (1,0),
// (0,1), (1,1): u runs across the files (a to d, e to h), v up the ranks.
var halves = [2][4][2]float64{
	{vertex(240), middle(270), middle(210), {0, 0}}, // a–d: wa1 at the corner, wd4 at the centre
	{middle(270), vertex(300), {0, 0}, middle(330)}, // e–h: we1 at the middle of the side, wh4 at the seam
}

// point interpolates a point of third t's half at (u, v) and places it on
// the picture.
func (f triadFrame) point(t, half int, u, v float64) [2]float64 {
	q := halves[half]
	lerp := func(i int) float64 {
		return (1-u)*(1-v)*q[0][i] + u*(1-v)*q[1][i] + (1-u)*v*q[2][i] + u*v*q[3][i]
	}
	x, y := lerp(0), lerp(1)
	// the next seat's third turns by 240°, the one after by 120°
	a := float64((t-f.bottom+3)%3) * 240 * math.Pi / 180
	x, y = x*math.Cos(a)-y*math.Sin(a), x*math.Sin(a)+y*math.Cos(a)
	return [2]float64{f.cx + f.r*x, f.cy - f.r*y}
}

// cell is the outline of a cell: rank 1 side first, counter-clockwise on
// the board.
func (f triadFrame) cell(c tri.Coord) [][2]float64 {
	half, file := 0, c.F-1
	if c.F > 4 {
		half, file = 1, c.F-5
	}
	u0, u1 := float64(file)/4, float64(file+1)/4
	v0, v1 := float64(c.R-1)/4, float64(c.R)/4
	return [][2]float64{
		f.point(c.T, half, u0, v0), f.point(c.T, half, u1, v0),
		f.point(c.T, half, u1, v1), f.point(c.T, half, u0, v1),
	}
}

// boxIn is the square a man is drawn in: centred on the cell, its side
// nine tenths of the side of a square of the cell's area.
func boxIn(poly [][2]float64) image.Rectangle {
	var cx, cy, area float64
	for i, p := range poly {
		q := poly[(i+1)%len(poly)]
		cross := p[0]*q[1] - q[0]*p[1]
		area += cross
		cx += (p[0] + q[0]) * cross
		cy += (p[1] + q[1]) * cross
	}
	area /= 2
	cx, cy = cx/(6*area), cy/(6*area)
	s := 0.9 * math.Sqrt(math.Abs(area))
	return image.Rect(int(math.Round(cx-s/2)), int(math.Round(cy-s/2)), int(math.Round(cx+s/2)), int(math.Round(cy+s/2)))
}

// labels writes each third's files along its rank 1 with the third's
// letter ("wa" … "wh", so that a cell's full name is its file's label and
// its rank) and the ranks 1–4 along its a- and h-files, just outside the
// board.
func (f triadFrame) labels(frame float64) []Label {
	var out []Label
	at := func(p, q [2]float64, text string) {
		mx, my := (p[0]+q[0])/2, (p[1]+q[1])/2
		dx, dy := mx-f.cx, my-f.cy
		n := math.Hypot(dx, dy)
		out = append(out, Label{text, image.Pt(int(math.Round(mx+dx/n*frame/2)), int(math.Round(my+dy/n*frame/2)))})
	}
	for t := 0; t < tri.Armies; t++ {
		for file := 1; file <= 8; file++ {
			p := f.cell(tri.Coord{T: t, R: 1, F: file})
			at(p[0], p[1], tri.Coord{T: t, R: 1, F: file}.Name()[:2])
		}
		for rank := 1; rank <= 4; rank++ {
			a := f.cell(tri.Coord{T: t, R: rank, F: 1})
			h := f.cell(tri.Coord{T: t, R: rank, F: 8})
			at(a[0], a[3], string(rune('0'+rank)))
			at(h[1], h[2], string(rune('0'+rank)))
		}
	}
	return out
}
