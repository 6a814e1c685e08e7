package webapp

import (
	"math"

	"umpire/referee"
	"umpire/render"
)

// Shape is a board the page draws as the picture draws it, where its cells
// are not squares in rows (three-player chess's hexagon): render's own
// layout of the board for the seat, so that page and picture share one
// geometry. Coordinates are the picture's pixels at a width of shapeWidth,
// y down; the page scales them to its width.
type Shape struct {
	Width  int `json:"width"`
	Height int `json:"height"`
	// Cells are the cells' outlines in the order of State.Names, each as
	// x0, y0, x1, y1, …; Dark the cells drawn dark, Thrones those ringed.
	Cells   [][]float64 `json:"cells"`
	Dark    []bool      `json:"dark"`
	Thrones []bool      `json:"thrones"`
	// Labels are the coordinates written around the board; Text their
	// size.
	Labels []ShapeLabel `json:"labels"`
	Text   float64      `json:"text"`
}

// ShapeLabel is a coordinate written on the frame, centred on X, Y.
type ShapeLabel struct {
	Text string  `json:"text"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
}

// shapeWidth is the width the page's shapes are laid out at: the
// picture's own.
const shapeWidth = render.DefaultSize

// shapeOf is the board of v as the picture lays it out for v's seat, or
// nil where the picture draws square cells in rows (State.Rows serve).
func shapeOf(v referee.View) *Shape {
	g, ok := render.LookupGeometry(v.Geometry)
	if !ok {
		return nil
	}
	l := g.Layout(shapeWidth, v.Bottom)
	if len(l.Cells) == 0 || l.Cells[0].Shape == nil {
		return nil
	}
	s := &Shape{Width: l.Size.X, Height: l.Size.Y, Text: tenth(l.Text)}
	for _, c := range l.Cells {
		var pts []float64
		for _, p := range c.Shape {
			pts = append(pts, tenth(p[0]), tenth(p[1]))
		}
		s.Cells, s.Dark, s.Thrones = append(s.Cells, pts), append(s.Dark, c.Shade == 1), append(s.Thrones, c.Throne)
	}
	for _, lb := range l.Labels {
		s.Labels = append(s.Labels, ShapeLabel{Text: lb.Text, X: float64(lb.At.X), Y: float64(lb.At.Y)})
	}
	return s
}

// tenth rounds to a tenth of a pixel: finer than any screen draws.
func tenth(x float64) float64 { return math.Round(x*10) / 10 }
