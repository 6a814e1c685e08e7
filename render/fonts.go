package render

import (
	_ "embed"
	"fmt"
	"image"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// The embedded fonts: subsets made by fonts/subset.sh, licences beside them.
var (
	//go:embed fonts/NotoSans-Regular.ttf
	notoSansRegular []byte
	//go:embed fonts/NotoSans-Bold.ttf
	notoSansBold []byte
	//go:embed fonts/NotoSansSymbols2-Regular.ttf
	notoSymbols2 []byte
	//go:embed fonts/Symbola-Beasts.ttf
	symbolaBeasts []byte
)

// typefaces holds the parsed fonts. sfnt.Font methods are safe for
// concurrent use with a Buffer each.
type typefaces struct {
	text, bold, men, beasts *sfnt.Font
}

var (
	fontsOnce sync.Once
	theFonts  typefaces
)

func fonts() *typefaces {
	fontsOnce.Do(func() {
		parse := func(name string, b []byte) *sfnt.Font {
			f, err := sfnt.Parse(b)
			if err != nil {
				panic(fmt.Sprintf("render: embedded font %s: %v", name, err))
			}
			return f
		}
		theFonts = typefaces{
			text:   parse("NotoSans-Regular", notoSansRegular),
			bold:   parse("NotoSans-Bold", notoSansBold),
			men:    parse("NotoSansSymbols2-Regular", notoSymbols2),
			beasts: parse("Symbola-Beasts", symbolaBeasts),
		}
	})
	return &theFonts
}

// refPPEM is the size outlines are loaded at before being scaled.
const refPPEM = 1000

// outline is a glyph's contours at refPPEM pixels per em, Y down, and the
// box that holds them.
type outline struct {
	segs   sfnt.Segments
	bounds [4]float64 // min x, min y, max x, max y
	adv    float64
}

// has reports whether f has a glyph for r.
func has(f *sfnt.Font, r rune) bool {
	var b sfnt.Buffer
	x, err := f.GlyphIndex(&b, r)
	return err == nil && x != 0
}

// loadOutline loads r from f; a missing glyph gives f's .notdef box.
func loadOutline(f *sfnt.Font, r rune) outline {
	var b sfnt.Buffer
	x, err := f.GlyphIndex(&b, r)
	if err != nil {
		x = 0
	}
	ppem := fixed.I(refPPEM)
	segs, err := f.LoadGlyph(&b, x, ppem, nil)
	if err != nil {
		return outline{}
	}
	o := outline{segs: append(sfnt.Segments(nil), segs...)}
	bd, adv, err := f.GlyphBounds(&b, x, ppem, font.HintingNone)
	if err == nil {
		o.bounds = [4]float64{f64(bd.Min.X), f64(bd.Min.Y), f64(bd.Max.X), f64(bd.Max.Y)}
		o.adv = f64(adv)
	}
	return o
}

func f64(v fixed.Int26_6) float64 { return float64(v) / 64 }

// affine maps outline coordinates to pixels: x*s+tx, y*sy+ty.
type affine struct{ s, sy, tx, ty float64 }

func (a affine) apply(p fixed.Point26_6) (float32, float32) {
	return float32(f64(p.X)*a.s + a.tx), float32(f64(p.Y)*a.sy + a.ty)
}

// add adds the outline's contours to the rasterizer.
func (o outline) add(z *vector.Rasterizer, a affine) {
	open := false
	for _, s := range o.segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			if open {
				z.ClosePath()
			}
			z.MoveTo(a.apply(s.Args[0]))
			open = true
		case sfnt.SegmentOpLineTo:
			z.LineTo(a.apply(s.Args[0]))
		case sfnt.SegmentOpQuadTo:
			bx, by := a.apply(s.Args[0])
			cx, cy := a.apply(s.Args[1])
			z.QuadTo(bx, by, cx, cy)
		case sfnt.SegmentOpCubeTo:
			bx, by := a.apply(s.Args[0])
			cx, cy := a.apply(s.Args[1])
			dx, dy := a.apply(s.Args[2])
			z.CubeTo(bx, by, cx, cy, dx, dy)
		}
	}
	if open {
		z.ClosePath()
	}
}

// A letter is one rasterized glyph of text: its mask, where the mask's
// origin goes relative to the pen on the baseline, and how far the pen moves.
type letter struct {
	m   *image.Alpha
	off image.Point
	adv float64
}

type letterKey struct {
	f  *sfnt.Font
	px float64
	r  rune
}

// letters keeps the letters rasterized. It is not a cache (cache.go):
// measuring a line looks every letter up, and this look-up, inlined in
// glyphFor, is the shortest.
var letters struct {
	sync.Mutex
	m map[letterKey]*letter
}

// maxLetters bounds the letter cache; it is emptied when full.
const maxLetters = 4096

// glyphFor returns r at px pixels per em from f, falling back to the men's
// font for symbols f lacks.
func glyphFor(f *sfnt.Font, px float64, r rune) *letter {
	k := letterKey{f, px, r}
	letters.Lock()
	l, ok := letters.m[k]
	letters.Unlock()
	if ok {
		return l
	}
	src := f
	if !has(f, r) && has(fonts().men, r) {
		src = fonts().men
	}
	o := loadOutline(src, r)
	s := px / refPPEM
	x0, y0 := int(math.Floor(o.bounds[0]*s)), int(math.Floor(o.bounds[1]*s))
	x1, y1 := int(math.Ceil(o.bounds[2]*s)), int(math.Ceil(o.bounds[3]*s))
	l = &letter{off: image.Pt(x0, y0), adv: o.adv * s}
	if w, h := x1-x0, y1-y0; w > 0 && h > 0 {
		z := vector.NewRasterizer(w, h)
		o.add(z, affine{s, s, -float64(x0), -float64(y0)})
		l.m = image.NewAlpha(image.Rect(0, 0, w, h))
		z.Draw(l.m, l.m.Rect, image.Opaque, image.Point{})
	}
	letters.Lock()
	if letters.m == nil || len(letters.m) >= maxLetters {
		letters.m = map[letterKey]*letter{}
	}
	letters.m[k] = l
	letters.Unlock()
	return l
}

// measure returns the width of s in pixels.
func measure(f *sfnt.Font, px float64, s string) float64 {
	w := 0.0
	for _, r := range s {
		w += glyphFor(f, px, r).adv
	}
	return w
}

// text writes s with its baseline starting at (x, y).
func (c canvas) text(f *sfnt.Font, px float64, s string, x, y float64, ink uint8) {
	for _, r := range s {
		l := glyphFor(f, px, r)
		if l.m != nil {
			c.draw(l.m, image.Pt(int(math.Round(x))+l.off.X, int(math.Round(y))+l.off.Y), ink)
		}
		x += l.adv
	}
}

// capHeight is the height of f's capital letters at px pixels per em.
func capHeight(f *sfnt.Font, px float64) float64 {
	var b sfnt.Buffer
	m, err := f.Metrics(&b, fixed.I(refPPEM), font.HintingNone)
	if err != nil || m.CapHeight == 0 {
		return px * 0.7
	}
	return f64(m.CapHeight) * px / refPPEM
}
