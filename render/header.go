package render

import (
	"image"
	"math"
	"strings"
)

// The header is a strip above the board that says which picture this is:
// the caller's words (Options.Header), already in the reader's language,
// such as "#12 · White", "Move 5", "Your move". The first part is drawn in
// bold; the parts go on one line when they fit, else the first on a line
// of its own and the rest wrapped under it.

// headerSep joins the parts of a header on a line.
const headerSep = " · "

// headerLines lays the header out: its letter size and its lines, each a
// bold run and a regular run.
func (d *drawing) headerLines(width int) (float64, [][2]string) {
	if len(d.o.Header) == 0 {
		return 0, nil
	}
	px := math.Round(float64(width) / 24)
	room := float64(width) - 1.6*px
	first, rest := d.o.Header[0], strings.Join(d.o.Header[1:], headerSep)
	if rest == "" {
		return px, [][2]string{{first, ""}}
	}
	f := fonts()
	if measure(f.bold, px, first)+measure(f.text, px, headerSep+rest) <= room {
		return px, [][2]string{{first, headerSep + rest}}
	}
	lines := [][2]string{{first, ""}}
	for _, l := range wrap(advanceOf(f.text, px), rest, room) {
		lines = append(lines, [2]string{"", l})
	}
	return px, lines
}

// headerHeight is the height of the header strip for lines of size px.
func headerHeight(px float64, lines int) int {
	if lines == 0 {
		return 0
	}
	return int(math.Round(px*1.45*float64(lines) + px*0.8))
}

// header draws the header strip on c, which is the whole picture: the
// strip's top is the picture's top.
func header(c canvas, px float64, lines [][2]string) {
	h := headerHeight(px, len(lines))
	c.fill(image.Rect(0, 0, c.Rect.Dx(), h), cCaption)
	f := fonts()
	lineH := math.Round(px * 1.45)
	for i, l := range lines {
		y := px*0.4 + lineH*float64(i) + (lineH+capHeight(f.text, px))/2
		x := px * 0.8
		c.text(f.bold, px, l[0], x, y, cText)
		c.text(f.text, px, l[1], x+measure(f.bold, px, l[0]), y, cText)
	}
}
