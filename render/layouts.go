package render

import (
	"image"

	"umpire/referee"
)

// placed is a Layout with the mask of every shaped cell rasterized and,
// for a board of square cells, the empty board drawn; it is kept for the
// next picture of the same board, width and side: the 96 cells of the
// three-player board cost more to rasterize than to paint, and every
// picture of a square board starts from the empty board. A placed layout
// is never changed once made, so pictures share it.
type placed struct {
	Layout
	masks []cellMask // by cell; nil masks for cells that are their Box
	// base is the board with nothing on it, Size.X × Size.Y pixels: the
	// frame, its labels and every cell in its plain colour (emptyBoard).
	// A picture starts as a copy of it and paints again only the cells
	// that are not plain. Nil where cells are not plain boxes: such a
	// board is drawn whole every time.
	base []uint8
}

type cellMask struct {
	r image.Rectangle
	m *image.Alpha
}

type layoutKey struct {
	geometry string
	width    int
	bottom   referee.Seat
}

// The layout cache is emptied when it holds maxLayouts layouts or
// maxLayoutBytes bytes of empty boards (one of 2048 pixels is 4.4 MB).
const (
	maxLayouts     = 64
	maxLayoutBytes = 32 << 20
)

var layouts = cache[layoutKey, *placed]{maxLen: maxLayouts, maxBytes: maxLayoutBytes,
	size: func(p *placed) int { return len(p.base) }}

// layoutFor lays g out, or returns the layout made before. It is safe for
// concurrent use.
func layoutFor(g Geometry, width int, bottom referee.Seat) *placed {
	return layouts.get(layoutKey{g.Name(), width, bottom}, func() *placed {
		p := &placed{Layout: g.Layout(width, bottom)}
		p.masks = make([]cellMask, len(p.Cells))
		for i, c := range p.Cells {
			if c.Shape != nil {
				p.masks[i].r, p.masks[i].m = shapeMask(c.Shape)
			}
		}
		p.base = p.emptyBoard()
		return p
	})
}
