package render

import "image"

// The empty board: every picture of a board of square cells starts as a
// copy of it, and paints again only the cells that are not plain.

// emptyBoard draws the board of p with nothing on it: the frame, the
// labels, every cell in its plain colour. A cell painted again must cover
// exactly what the first painting did and nothing drawn after it, so
// there is no empty board (nil) unless every cell is a box, no two boxes
// meet, no cell is a Throne and no label touches a box.
func (p *placed) emptyBoard() []uint8 {
	owned := make([]bool, p.Size.X*p.Size.Y)
	for _, c := range p.Cells {
		if c.Shape != nil || c.Throne || !c.Box.In(image.Rect(0, 0, p.Size.X, p.Size.Y)) {
			return nil
		}
		for y := c.Box.Min.Y; y < c.Box.Max.Y; y++ {
			for x := c.Box.Min.X; x < c.Box.Max.X; x++ {
				if owned[y*p.Size.X+x] {
					return nil
				}
				owned[y*p.Size.X+x] = true
			}
		}
	}
	img := image.NewPaletted(image.Rect(0, 0, p.Size.X, p.Size.Y), palette())
	c := canvas{img}
	c.fill(img.Rect, cFrame)
	drawLabels(c, &p.Layout)
	for i, ix := range img.Pix {
		if ix != cFrame && owned[i] {
			return nil
		}
	}
	for i, cell := range p.Cells {
		p.paint(c, i, uint8(cLight+cell.Shade))
	}
	return img.Pix
}

// paint paints cell i of p in colour ix on c.
func (p *placed) paint(c canvas, i int, ix uint8) {
	if m := p.masks[i]; m.m != nil {
		c.fillMask(m.m, m.r.Min, ix)
		return
	}
	c.fill(p.Cells[i].Box, ix)
}

// board starts the picture's board: a copy of the empty board, or, where
// the layout has none, the frame's colour.
func (d *drawing) board() {
	base, w := d.lay.base, d.lay.Size.X
	if base == nil {
		d.c.fill(image.Rect(0, 0, w, d.lay.Size.Y), cFrame)
		return
	}
	for y := range d.lay.Size.Y {
		copy(d.c.Pix[y*d.c.Stride:][:w], base[y*w:][:w])
	}
}
