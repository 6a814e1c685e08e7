package render

import (
	"image"
	"math"
	"strconv"

	"umpire/referee"
)

// Markers are drawn in a cell's box, under the man (the capture cross, the
// check frame, the last move on fog) or over it (a secret's badges).

// fog hatches a cell: diagonal lines in picture coordinates, so neighbouring
// fogged cells join into one cloud. Light and dark squares keep their tone.
// shape, if not nil, covers r and limits the fog to the cell's outline.
// The pattern repeats every period pixels across and down.
func (c canvas) fog(r image.Rectangle, shape *image.Alpha, shade, period int) {
	base, hatch := uint8(cFogLight), uint8(cFogLightLine)
	if shade == 1 {
		base, hatch = cFogDark, cFogDarkLine
	}
	width := max(2, period*2/5)
	// One period of the pattern, repeated, so each row is a copy from it.
	pat := make([]uint8, r.Dx()+period)
	for i := range pat {
		pat[i] = base
		if i%period < width {
			pat[i] = hatch
		}
	}
	box := r
	r = r.Intersect(c.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := c.Pix[c.PixOffset(r.Min.X, y):c.PixOffset(r.Max.X, y)]
		src := pat[(r.Min.X+y)%period:]
		if shape == nil {
			copy(row, src)
			continue
		}
		for i := range row {
			if shape.AlphaAt(r.Min.X+i-box.Min.X, y-box.Min.Y).A >= 0x80 {
				row[i] = src[i]
			}
		}
	}
}

// The masks of the markers drawn most (the capture's cross, the check's
// and the move's frames, the king's disc) depend on the box's size only:
// each is rasterized once and kept.
const (
	markCapture = iota
	markCheck
	markMove
	markGlow
)

type markKey struct {
	kind int
	size image.Point
}

var markMasks = cache[markKey, *image.Alpha]{maxLen: 256}

// markMask returns the mask of a marker of kind in a box of size, which
// draw draws with the box's width s.
func markMask(kind int, size image.Point, draw func(p *pen, s float64)) *image.Alpha {
	return markMasks.get(markKey{kind, size}, func() *image.Alpha {
		p := newPen(size.X, size.Y)
		draw(p, float64(size.X))
		return p.mask()
	})
}

// capture crosses the cell out in red: a man of the seat was taken or
// vanished here. The man standing there now is drawn over it.
func (c canvas) capture(box image.Rectangle) {
	m := markMask(markCapture, box.Size(), func(p *pen, s float64) {
		a, b, w := 0.14*s, 0.86*s, math.Max(2, 0.10*s)
		p.line(a, a, b, b, w)
		p.line(b, a, a, b, w)
	})
	c.draw(m, box.Min, cRed)
}

// check frames the cell in orange: a check comes from here.
func (c canvas) check(box image.Rectangle) {
	c.draw(markMask(markCheck, box.Size(), squareRing(0.03, 0.08)), box.Min, cCheck)
}

// moveFrame marks a fogged cell of a tinted move in the tint's line
// colour: cMoveLine for the seat's own move, cSeenLine for the other side's.
func (c canvas) moveFrame(box image.Rectangle, ink uint8) {
	c.draw(markMask(markMove, box.Size(), squareRing(0.0, 0.07)), box.Min, ink)
}

// kingGlow puts a disc under a king: orange (cCheck) in check, red (cRed)
// mated. It fills most of the cell, so it shows at a phone's width and on
// any square; the man is drawn over it.
func (c canvas) kingGlow(box image.Rectangle, ink uint8) {
	m := markMask(markGlow, box.Size(), func(p *pen, s float64) {
		p.circle(s/2, s/2, 0.47*s, false)
	})
	c.draw(m, box.Min, ink)
}

// mateBadge writes "#", chess's sign of mate, white in a red square at the
// cell's lower left corner, over the mated king.
func (c canvas) mateBadge(box image.Rectangle) {
	s := float64(box.Dx())
	w := 0.42 * s
	p := newPen(box.Dx(), box.Dy())
	p.rect(0, s-w, w, s)
	c.draw(p.mask(), box.Min, cWhite)
	o := math.Max(1.2, 0.03*s)
	p.rect(o, s-w+o, w-o, s-o)
	c.draw(p.mask(), box.Min, cRed)
	f := fonts().bold
	px := 0.40 * s
	x := float64(box.Min.X) + (w-measure(f, px, "#"))/2
	y := float64(box.Min.Y) + s - w/2 + capHeight(f, px)/2
	c.text(f, px, "#", x, y, cWhite)
}

// squareRing draws a square ring inside a box s wide: its inset and
// width as fractions of s.
func squareRing(in, width float64) func(p *pen, s float64) {
	return func(p *pen, s float64) {
		i, w := in*s, math.Max(2, width*s)
		p.rect(i, i, s-i, s-i)
		p.poly(reverse([][2]float64{{i + w, i + w}, {s - i - w, i + w}, {s - i - w, s - i - w}, {i + w, s - i - w}})...)
	}
}

// crown puts a gold crown in the cell's upper left corner, outlined in
// black and near half the cell wide, so it reads at a phone's width:
// the crowned monarch, for its owner and, once the note is opened, for all.
func (c canvas) crown(box image.Rectangle) {
	s := float64(box.Dx())
	shape := func(g float64) [][2]float64 {
		// A three-pointed crown in a box from (x0,y0), g its outline grow.
		x0, y0, w, h := 0.04*s, 0.05*s, 0.46*s, 0.32*s
		return [][2]float64{
			{x0 - g, y0 + h + g}, {x0 - g, y0 - g}, {x0 + 0.27*w, y0 + 0.45*h},
			{x0 + 0.5*w, y0 - 1.4*g}, {x0 + 0.73*w, y0 + 0.45*h}, {x0 + w + g, y0 - g},
			{x0 + w + g, y0 + h + g},
		}
	}
	g := math.Max(1.5, 0.035*s)
	p := newPen(box.Dx(), box.Dy())
	p.poly(shape(g)...)
	c.draw(p.mask(), box.Min, cBlack)
	p.poly(shape(0)...)
	c.draw(p.mask(), box.Min, cGold)
}

// growing badges a growing pawn: the piece it becomes in a teal disc at the
// upper right, the turns it still needs at the lower left, each disc over
// half the cell wide so both read at a phone's width.
func (c canvas) growing(box image.Rectangle, sec referee.Secret) {
	s := float64(box.Dx())
	r := 0.28 * s
	if l := upper(firstByte(sec.Value)); known(l) && l != '.' && l != '?' {
		cx, cy := s-r, r
		c.disc(box, cx, cy, r)
		mini := int(math.Round(2.1 * r))
		at := box.Min.Add(image.Pt(int(math.Round(cx))-mini/2, int(math.Round(cy))-mini/2))
		c.drawMan(image.Rectangle{at, at.Add(image.Pt(mini, mini))}, man{l, armyWhite}, false)
	}
	if sec.Left > 0 {
		cx, cy := r, s-r
		c.disc(box, cx, cy, r)
		t := strconv.Itoa(sec.Left)
		px := 1.6 * r
		f := fonts().bold
		w := measure(f, px, t)
		c.text(f, px, t, float64(box.Min.X)+cx-w/2, float64(box.Min.Y)+cy+capHeight(f, px)/2, cWhite)
	}
}

// disc draws a teal disc ringed in white, centred at (cx, cy) in box.
func (c canvas) disc(box image.Rectangle, cx, cy, r float64) {
	p := newPen(box.Dx(), box.Dy())
	p.circle(cx, cy, r, false)
	c.draw(p.mask(), box.Min, cWhite)
	p.circle(cx, cy, r-math.Max(1.2, 0.025*float64(box.Dx())), false)
	c.draw(p.mask(), box.Min, cTeal)
}

func firstByte(s string) byte {
	if s == "" {
		return 0
	}
	return s[0]
}
