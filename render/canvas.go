package render

import (
	"image"
	"math"

	"golang.org/x/image/vector"
)

// canvas is a paletted picture that knows how to composite an ink through an
// anti-aliased mask onto the fixed palette.
type canvas struct {
	*image.Paletted
}

var inkSlot = func() (s [nKeys]int8) {
	for i := range s {
		s[i] = -1
	}
	for slot, k := range inks {
		s[k] = int8(slot)
	}
	return s
}()

// fill paints r in key colour ix: its first row by doubling copies, the
// others as copies of the first.
func (c canvas) fill(r image.Rectangle, ix uint8) {
	r = r.Intersect(c.Rect)
	if r.Empty() {
		return
	}
	first := c.Pix[c.PixOffset(r.Min.X, r.Min.Y):][:r.Dx()]
	first[0] = ix
	for n := 1; n < len(first); n *= 2 {
		copy(first[n:], first[:n])
	}
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		copy(c.Pix[c.PixOffset(r.Min.X, y):][:r.Dx()], first)
	}
}

// draw composites key colour ink (one of inks) through mask m, whose origin
// is placed at 'at'.
func (c canvas) draw(m *image.Alpha, at image.Point, ink uint8) {
	slot := inkSlot[ink]
	if slot < 0 {
		panic("render: colour is not an ink")
	}
	mix := &mixTable[slot]
	r := m.Rect.Add(at.Sub(m.Rect.Min)).Intersect(c.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		mi := m.PixOffset(r.Min.X-at.X+m.Rect.Min.X, y-at.Y+m.Rect.Min.Y)
		ci := c.PixOffset(r.Min.X, y)
		for x := r.Min.X; x < r.Max.X; x++ {
			switch q := cover[m.Pix[mi]]; q {
			case 0:
			case coverSteps:
				c.Pix[ci] = ink
			default:
				c.Pix[ci] = mix[c.Pix[ci]][q]
			}
			mi++
			ci++
		}
	}
}

// cover quantizes a mask's coverage to steps of 1/coverSteps.
var cover = func() (t [256]uint8) {
	for a := range t {
		t[a] = uint8((a*coverSteps + 127) / 255)
	}
	return t
}()

// fillMask paints key colour ix wherever mask m covers at least half a pixel.
func (c canvas) fillMask(m *image.Alpha, at image.Point, ix uint8) {
	r := m.Rect.Add(at.Sub(m.Rect.Min)).Intersect(c.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		mi := m.PixOffset(r.Min.X-at.X+m.Rect.Min.X, y-at.Y+m.Rect.Min.Y)
		ci := c.PixOffset(r.Min.X, y)
		for x := r.Min.X; x < r.Max.X; x++ {
			if m.Pix[mi] >= 0x80 {
				c.Pix[ci] = ix
			}
			mi++
			ci++
		}
	}
}

// pen draws vector shapes into a w×h alpha mask, in pixel coordinates.
type pen struct {
	z *vector.Rasterizer
	m *image.Alpha
}

func newPen(w, h int) *pen {
	return &pen{z: vector.NewRasterizer(w, h), m: image.NewAlpha(image.Rect(0, 0, w, h))}
}

// poly adds a closed polygon.
func (p *pen) poly(pts ...[2]float64) {
	if len(pts) == 0 {
		return
	}
	p.z.MoveTo(float32(pts[0][0]), float32(pts[0][1]))
	for _, q := range pts[1:] {
		p.z.LineTo(float32(q[0]), float32(q[1]))
	}
	p.z.ClosePath()
}

// circle adds a circle; reverse winds it the other way, to cut a hole with
// the non-zero rule.
func (p *pen) circle(cx, cy, r float64, reverse bool) {
	const n = 48
	pts := make([][2]float64, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / n
		if reverse {
			a = -a
		}
		pts[i] = [2]float64{cx + r*math.Cos(a), cy + r*math.Sin(a)}
	}
	p.poly(pts...)
}

// line adds a segment of width w with square ends.
func (p *pen) line(x0, y0, x1, y1, w float64) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*w/2, dx/l*w/2
	p.poly([2]float64{x0 + nx, y0 + ny}, [2]float64{x1 + nx, y1 + ny},
		[2]float64{x1 - nx, y1 - ny}, [2]float64{x0 - nx, y0 - ny})
}

// rect adds an axis-aligned rectangle.
func (p *pen) rect(x0, y0, x1, y1 float64) {
	p.poly([2]float64{x0, y0}, [2]float64{x1, y0}, [2]float64{x1, y1}, [2]float64{x0, y1})
}

// mask rasterizes what was added and returns it; the pen is then empty.
func (p *pen) mask() *image.Alpha {
	p.z.Draw(p.m, p.m.Rect, image.Opaque, image.Point{})
	m := p.m
	p.m = image.NewAlpha(m.Rect)
	p.z.Reset(m.Rect.Dx(), m.Rect.Dy())
	return m
}
