package render

import (
	"image"

	"umpire/referee"
)

// A Geometry lays out one shape of board on a picture. The drawing code is
// the same for every geometry: it paints each Cell of the Layout, then the
// men, markers and labels inside the cells' boxes. A new board shape is one
// more file with one more Geometry, added to geometries.
type Geometry interface {
	// Name is the View.Geometry this geometry draws: "8x8", "triad".
	Name() string
	// Len is the number of cells; View.Cells has this length, or twice
	// it on a board of three armies (two bytes a cell).
	Len() int
	// Cell finds a cell by the name players write ("e4").
	Cell(name string) (int, bool)
	// Layout places the board, frame and labels included, on a picture
	// width pixels wide, with bottom's side nearest the viewer. Width is at
	// least MinSize.
	Layout(width int, bottom referee.Seat) Layout
}

// Layout is a board placed on a picture.
type Layout struct {
	Size   image.Point // the board with its frame; the caption goes below
	Cells  []Cell      // in the geometry's cell order
	Labels []Label
	Text   float64 // the size of the labels' letters, in pixels
}

// Cell is one cell of a Layout.
type Cell struct {
	// Box is the square a man and the markers are drawn in.
	Box image.Rectangle
	// Shape is the cell's outline as a polygon in picture coordinates;
	// nil when the cell is its Box.
	Shape [][2]float64
	// Shade picks the cell's colour: 0 light, 1 dark, 2 a third colour.
	Shade int
	// Throne rings the cell in gold: a Throne of three-player chess.
	Throne bool
}

// Label is a coordinate written on the frame, centred on At.
type Label struct {
	Text string
	At   image.Point
}

// geometries are the board shapes render can draw, by View.Geometry.
var geometries = map[string]Geometry{
	square8.Name(): square8,
}

// LookupGeometry finds the geometry that draws views whose Geometry is name.
func LookupGeometry(name string) (Geometry, bool) {
	g, ok := geometries[name]
	return g, ok
}
