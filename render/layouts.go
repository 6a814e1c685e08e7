package render

import (
	"image"
	"sync"

	"umpire/referee"
)

// placed is a Layout with the mask of every shaped cell rasterized, kept
// for the next picture of the same board, width and side: the 96 cells of
// the three-player board cost more to rasterize than to paint. A placed
// layout is never changed once made, so pictures share it.
type placed struct {
	Layout
	masks []cellMask // by cell; nil masks for cells that are their Box
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

var layouts struct {
	sync.Mutex
	m map[layoutKey]*placed
}

// layoutFor lays g out, or returns the layout made before. It is safe for
// concurrent use.
func layoutFor(g Geometry, width int, bottom referee.Seat) *placed {
	k := layoutKey{g.Name(), width, bottom}
	layouts.Lock()
	p, ok := layouts.m[k]
	layouts.Unlock()
	if ok {
		return p
	}
	p = &placed{Layout: g.Layout(width, bottom)}
	p.masks = make([]cellMask, len(p.Cells))
	for i, c := range p.Cells {
		if c.Shape != nil {
			p.masks[i].r, p.masks[i].m = shapeMask(c.Shape)
		}
	}
	layouts.Lock()
	if layouts.m == nil || len(layouts.m) > 64 {
		layouts.m = map[layoutKey]*placed{}
	}
	layouts.m[k] = p
	layouts.Unlock()
	return p
}
