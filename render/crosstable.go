package render

import (
	"bytes"
	"errors"
	"image"
	"math"
	"slices"

	"golang.org/x/image/font/sfnt"
)

// Tables. A tournament's standings are drawn as a grid of words the
// caller has put in the reader's language: a title above (wrapped to the
// width), a header row on the frame's colour, then the rows in the
// caption's colours, with thin lines between the cells. Columns are as
// wide as their widest cell; when the whole would be wider than
// maxTableWidth, the left-aligned columns (the names) give up the room,
// their too long cells cut with "…".

// Table is a grid of text to draw as a picture.
type Table struct {
	Title  string
	Header []string   // the column heads: "#", "Player", "1", "2", "Points", "SB"
	Rows   [][]string // each as long as Header
	// Left are the columns drawn left-aligned (names); the rest are
	// centred.
	Left []int
	// Shade are the cells drawn dark and empty, {row, column}: the
	// diagonal of a crosstable, a player against himself.
	Shade [][2]int
}

// The bounds of a table picture.
const (
	minTableWidth = 320
	maxTableWidth = 1280
	maxTableCells = 40 // rows, and columns
	tablePx       = 20 // the letter size, that of a phone-sized caption
)

// TablePNG draws t as a PNG. It fails on a row whose length differs from
// the header's, and on more than 40 rows or columns.
func TablePNG(t Table) ([]byte, error) {
	cols := len(t.Header)
	switch {
	case cols == 0 || cols > maxTableCells || len(t.Rows) > maxTableCells:
		return nil, errors.New("render: a table of 1 to 40 columns and at most 40 rows")
	case slices.ContainsFunc(t.Rows, func(r []string) bool { return len(r) != cols }):
		return nil, errors.New("render: a table row whose length is not the header's")
	}
	f := fonts()
	px := float64(tablePx)
	pad := math.Round(px * 0.5)
	widths := make([]float64, cols)
	for i, h := range t.Header {
		widths[i] = measure(f.bold, px, h)
	}
	for _, r := range t.Rows {
		for i, cell := range r {
			widths[i] = max(widths[i], measure(f.text, px, cell))
		}
	}
	total := 0.0
	for i := range widths {
		widths[i] = math.Ceil(widths[i] + 2*pad)
		total += widths[i]
	}
	if over := total - maxTableWidth; over > 0 {
		shrinkLeft(widths, t.Left, over, 3*px)
	}
	total = 0
	for _, w := range widths {
		total += w
	}
	width := int(math.Max(minTableWidth, math.Min(maxTableWidth, total)))
	lineH := math.Round(px * 1.6)
	title := wrap(advanceOf(f.bold, px), t.Title, float64(width)-2*pad)
	if t.Title == "" {
		title = nil
	}
	top := int(math.Round(lineH*float64(len(title)) + pad))
	height := top + int(lineH)*(len(t.Rows)+1)
	img := image.NewPaletted(image.Rect(0, 0, width, height), palette())
	c := canvas{img}
	c.fill(img.Rect, cCaption)
	base := (lineH + capHeight(f.text, px)) / 2
	for i, l := range title {
		c.text(f.bold, px, l, pad, pad/2+lineH*float64(i)+base, cText)
	}
	c.fill(image.Rect(0, top, width, top+int(lineH)), cFrame)
	shaded := map[[2]int]bool{}
	for _, s := range t.Shade {
		shaded[s] = true
	}
	x := 0.0
	for i, w := range widths {
		left := slices.Contains(t.Left, i)
		c.cell(f.bold, t.Header[i], x, float64(top)+base, w, pad, left, cLabel)
		for j, r := range t.Rows {
			y := top + int(lineH)*(j+1)
			if shaded[[2]int{j, i}] {
				c.fill(image.Rect(int(x), y, int(x+w), y+int(lineH)), cFrame)
				continue
			}
			c.cell(f.text, r[i], x, float64(y)+base, w, pad, left, cText)
		}
		x += w
		c.fill(image.Rect(int(x)-1, top, int(x), height), cFrame) // the line after the column
	}
	for j := range t.Rows {
		y := top + int(lineH)*(j+1)
		c.fill(image.Rect(0, y, width, y+1), cFrame)
	}
	var buf bytes.Buffer
	if err := writePNG(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// shrinkLeft takes over pixels from the left-aligned columns, the widest
// first, none narrower than least.
func shrinkLeft(widths []float64, left []int, over, least float64) {
	for over > 0 {
		widest := -1
		for _, i := range left {
			if i < len(widths) && widths[i] > least && (widest < 0 || widths[i] > widths[widest]) {
				widest = i
			}
		}
		if widest < 0 {
			return
		}
		cut := math.Min(over, widths[widest]-least)
		widths[widest] -= math.Ceil(cut)
		over -= math.Ceil(cut)
	}
}

// cell draws one cell's text at baseline y in the column from x, w wide:
// left-aligned or centred, cut with "…" to fit.
func (c canvas) cell(f *sfnt.Font, s string, x, y, w, pad float64, left bool, ink uint8) {
	px := float64(tablePx)
	room := w - 2*pad
	if measure(f, px, s) > room {
		rs := []rune(s)
		for len(rs) > 0 && measure(f, px, string(rs)+"…") > room {
			rs = rs[:len(rs)-1]
		}
		s = string(rs) + "…"
	}
	at := x + pad
	if !left {
		at = x + (w-measure(f, px, s))/2
	}
	c.text(f, px, s, at, y, ink)
}
