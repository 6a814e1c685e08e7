package render

import (
	"bytes"
	"image"
)

// A man standing on a cell of one colour is copied from a tile: the man's
// square drawn once on that colour, layer by layer, as drawMan would draw
// it there. A man over anything else (a capture's cross, a king's disc, a
// cell of another shape) is drawn layer by layer.

type tileKey struct {
	sprite spriteKey
	bg     uint8
}

// The tile cache is emptied when it holds maxTileBytes bytes (a board of
// 640 pixels uses about 70 tiles of 6 KB).
const maxTileBytes = 8 << 20

var tiles = cache[tileKey, []uint8]{maxLen: 1 << 16, maxBytes: maxTileBytes,
	size: func(t []uint8) int { return len(t) }}

// drawMan draws man m in box: in the square of the box's width from its
// upper left corner, where the sprite's layers go.
func (c canvas) drawMan(box image.Rectangle, m man, beasts bool) {
	n := box.Dx()
	sq := image.Rectangle{box.Min, box.Min.Add(image.Pt(n, n))}
	if bg, ok := c.plain(sq); ok {
		t := tileFor(n, m, beasts, bg)
		for y := range n {
			copy(c.Pix[c.PixOffset(sq.Min.X, sq.Min.Y+y):][:n], t[y*n:][:n])
		}
		return
	}
	for _, ly := range spriteFor(n, m, beasts) {
		c.draw(ly.m, box.Min, ly.ink)
	}
}

// plain reports whether r lies on c and is all of one colour, and which.
func (c canvas) plain(r image.Rectangle) (uint8, bool) {
	if r.Empty() || !r.In(c.Rect) {
		return 0, false
	}
	first := c.Pix[c.PixOffset(r.Min.X, r.Min.Y):][:r.Dx()]
	bg := first[0]
	for _, p := range first {
		if p != bg {
			return 0, false
		}
	}
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		if !bytes.Equal(c.Pix[c.PixOffset(r.Min.X, y):][:r.Dx()], first) {
			return 0, false
		}
	}
	return bg, true
}

// tileFor returns man m drawn on colour bg in a square cell pixels wide,
// row by row. It is safe for concurrent use.
func tileFor(cell int, m man, beasts bool, bg uint8) []uint8 {
	return tiles.get(tileKey{keyOf(cell, m, beasts), bg}, func() []uint8 {
		img := image.NewPaletted(image.Rect(0, 0, cell, cell), palette())
		for i := range img.Pix {
			img.Pix[i] = bg
		}
		for _, ly := range spriteFor(cell, m, beasts) {
			canvas{img}.draw(ly.m, image.Point{}, ly.ink)
		}
		return img.Pix
	})
}
