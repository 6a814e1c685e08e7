package render

import (
	"image"
	"math"

	"golang.org/x/image/vector"
)

// A man is drawn as layers, each a mask over the cell's box in one colour:
// the body (white for White, black for Black), then the lines (the other
// one), then accents. Bodies come from the glyph's outline with its holes
// filled, so a white man is white inside whatever square it stands on.
type layer struct {
	m   *image.Alpha
	ink uint8
}

type sprite []layer

// glyphPair names the outline glyph a white man is drawn from and the solid
// glyph of the black man of the same kind.
type glyphPair struct{ white, black rune }

// Men drawn from Noto Sans Symbols2. D, G and X are built on these below.
var menGlyphs = map[byte]glyphPair{
	'K': {0x2654, 0x265A},
	'Q': {0x2655, 0x265B},
	'R': {0x2656, 0x265C},
	'B': {0x2657, 0x265D},
	'N': {0x2658, 0x265E},
	'P': {0x2659, 0x265F},
	'D': {0x2655, 0x265B},   // the dame: the queen under an orb
	'C': {0x1FA1E, 0x1FA24}, // uncrowned monarch: the king turned upside down
	'A': {0x1FA4E, 0x1FA51}, // amazon: the knight-queen
	'S': {0x26C0, 0x26C2},   // stone: a draughts man
	'X': {0x26C0, 0x26C2},   // mined stone: a stone with a red mark
}

// Krono's beasts, from Symbola: line drawings, the same for both sides.
const (
	lionGlyph    = 0x1F981
	unicornGlyph = 0x1F984
)

// The proportions of a man in its cell.
const (
	manHeight   = 0.80 // the king's height
	stoneWidth  = 0.74
	beastHeight = 0.86
)

// army is whose men a cell holds, which decides their colours.
type army uint8

const (
	armyWhite army = iota // white bodies, black lines
	armyBlack             // black bodies, white lines
	armyRed               // vermilion bodies, white lines, a black rim: three-player chess
)

// armyInks are the colours of each army's men: the body, and the lines
// drawn on it.
var armyInks = [...]struct{ body, line uint8 }{
	armyWhite: {cWhite, cBlack},
	armyBlack: {cBlack, cWhite},
	armyRed:   {cVermilion, cWhite},
}

// man is what render draws on a cell: a man's letter in upper case and its
// army; the letter '.' for an empty cell, '?' for fog.
type man struct {
	letter byte
	army   army
}

// manOf reads the one-byte cell of rules/README.md: upper case White,
// lower case Black.
func manOf(l byte) man {
	if l >= 'a' && l <= 'z' {
		return man{l - 'a' + 'A', armyBlack}
	}
	return man{l, armyWhite}
}

// armies maps the army letters of two-byte cells to armies.
var armies = map[byte]army{'w': armyWhite, 'b': armyBlack, 'r': armyRed}

// manOf2 reads a two-byte cell: the army's letter (w, r, b) and the man's,
// ".." for an empty cell, "??" for fog.
func manOf2(a, l byte) (man, bool) {
	if a == l && (a == '.' || a == '?') {
		return man{l, armyWhite}, true
	}
	ar, ok := armies[a]
	return man{l, ar}, ok && l >= 'A' && l <= 'Z'
}

func (m man) isMan() bool { return m.letter != '.' && m.letter != '?' }

type spriteKey struct {
	cell   int
	m      man
	beasts bool
}

// sprites keeps the men drawn, at most 256 of them.
var sprites = cache[spriteKey, sprite]{maxLen: 256}

// spriteFor returns the layers of man m in a cell cell pixels wide.
func spriteFor(cell int, m man, beasts bool) sprite {
	k := keyOf(cell, m, beasts)
	return sprites.get(k, func() sprite { return makeSprite(cell, m, k.beasts) })
}

// keyOf is the key of man m's sprite: beasts matter to kings and dames
// only.
func keyOf(cell int, m man, beasts bool) spriteKey {
	return spriteKey{cell, m, beasts && (m.letter == 'K' || m.letter == 'D')}
}

func upper(l byte) byte {
	if l >= 'a' && l <= 'z' {
		return l - 'a' + 'A'
	}
	return l
}

// makeSprite draws a man. White men are drawn from the outline glyphs,
// the others from the solid ones; the third army's men get a black rim
// that keeps them apart from any square, and from Black's by more than
// their colour.
func makeSprite(cell int, m man, beasts bool) sprite {
	s := makeBody(cell, m, beasts)
	if m.army == armyRed {
		return append(sprite{{dilate(s[0].m, math.Max(1.2, float64(cell)/30)), cBlack}}, s...)
	}
	return s
}

func makeBody(cell int, m man, beasts bool) sprite {
	white := m.army == armyWhite
	body, line := armyInks[m.army].body, armyInks[m.army].line
	u := m.letter
	switch {
	case beasts && u == 'K':
		return beastSprite(cell, lionGlyph, body, line)
	case beasts && u == 'D':
		return beastSprite(cell, unicornGlyph, body, line)
	case u == 'G':
		return starSprite(cell, body, line, white)
	case u == 'D':
		// The queen, a little smaller and lower, under a round orb: not
		// the king's cross, so dame and king differ at a glance.
		s, top := glyphSprite(cell, menGlyphs[u], 0.84, 0.08, body, line, white)
		return append(s, orbBadge(cell, top, body, line)...)
	case u == 'X':
		s, _ := glyphSprite(cell, menGlyphs[u], 1, 0, body, line, white)
		return append(s, mineMark(cell)...)
	}
	s, _ := glyphSprite(cell, menGlyphs[u], 1, 0, body, line, white)
	return s
}

// The largest share of the cell a man's box may take.
const manFit = 0.86

// glyphSprite draws one of the font's men: the white outline glyph's filled
// silhouette as the body, then for White the outline glyph as lines, for
// Black whatever the solid glyph leaves uncovered inside the silhouette.
// Men stand on the king's baseline at the king's scale, times k, shifted
// down by dy cells; a man too large for the cell at that scale, and the
// stones, are fitted and centred instead. It returns the top of the man.
func glyphSprite(cell int, g glyphPair, k, dy float64, body, line uint8, white bool) (sprite, float64) {
	men := fonts().men
	c := float64(cell)
	king := loadOutline(men, 0x265A)
	ow := loadOutline(men, g.white)
	ob := loadOutline(men, g.black)
	b := ow.bounds
	w, h := b[2]-b[0], b[3]-b[1]
	s := k * manHeight * c / (king.bounds[3] - king.bounds[1])
	ty := c/2 - s*(king.bounds[1]+king.bounds[3])/2 + dy*c
	if g.white == menGlyphs['S'].white {
		s = stoneWidth * c / w
		ty = c/2 - s*(b[1]+b[3])/2
	} else if s*math.Max(w, h) > manFit*c {
		s = manFit * c / math.Max(w, h)
		ty = c/2 - s*(b[1]+b[3])/2
	}
	outlineMask := rasterOutline(cell, ow, affine{s, s, c/2 - s*(b[0]+b[2])/2, ty})
	sil := fillHoles(outlineMask)
	top := s*b[1] + ty
	if white {
		return sprite{{sil, body}, {outlineMask, line}}, top
	}
	// The black glyph is centred on its own box, which matches the white one's.
	solid := rasterOutline(cell, ob, affine{s, s, c/2 - s*(ob.bounds[0]+ob.bounds[2])/2, ty})
	return sprite{{sil, body}, {subtract(sil, solid), line}}, top
}

func rasterOutline(cell int, o outline, a affine) *image.Alpha {
	z := vector.NewRasterizer(cell, cell)
	o.add(z, a)
	m := image.NewAlpha(image.Rect(0, 0, cell, cell))
	z.Draw(m, m.Rect, image.Opaque, image.Point{})
	return m
}

// fillHoles returns m with every region that cannot be reached from the
// border through mostly uncovered pixels covered: a glyph's silhouette.
func fillHoles(m *image.Alpha) *image.Alpha {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	out := image.NewAlpha(m.Rect)
	for i := range out.Pix {
		out.Pix[i] = 0xff
	}
	open := func(i int) bool { return m.Pix[i] < 0x80 && out.Pix[i] == 0xff }
	var stack []int
	push := func(i int) {
		if open(i) {
			out.Pix[i] = m.Pix[i]
			stack = append(stack, i)
		}
	}
	for x := 0; x < w; x++ {
		push(x)
		push((h-1)*w + x)
	}
	for y := 0; y < h; y++ {
		push(y * w)
		push(y*w + w - 1)
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := i%w, i/w
		if x > 0 {
			push(i - 1)
		}
		if x < w-1 {
			push(i + 1)
		}
		if y > 0 {
			push(i - w)
		}
		if y < h-1 {
			push(i + w)
		}
	}
	// Pixels next to the outside keep the glyph's own coverage, so the
	// silhouette's edge stays anti-aliased.
	return out
}

// subtract returns a with b taken away.
func subtract(a, b *image.Alpha) *image.Alpha {
	out := image.NewAlpha(a.Rect)
	for i := range out.Pix {
		if d := int(a.Pix[i]) - int(b.Pix[i]); d > 0 {
			out.Pix[i] = uint8(d)
		}
	}
	return out
}

// starSprite draws the generalissimo: a regular eight-pointed star.
func starSprite(cell int, body, line uint8, white bool) sprite {
	c := float64(cell)
	star := func(r float64) [][2]float64 {
		pts := make([][2]float64, 16)
		for i := range pts {
			rad := r
			if i%2 == 1 {
				rad = r * 0.52
			}
			a := math.Pi*float64(i)/8 - math.Pi/2
			pts[i] = [2]float64{c/2 + rad*math.Cos(a), c/2 + rad*math.Sin(a)}
		}
		return pts
	}
	r := 0.44 * c
	w := math.Max(1.5, 0.045*c)
	p := newPen(cell, cell)
	p.poly(star(r)...)
	bodyMask := p.mask()
	if white {
		p.poly(star(r)...)
		p.poly(reverse(inset(star(r), w))...)
		lines := p.mask()
		p.circle(c/2, c/2, 0.07*c, false)
		dot := p.mask()
		return sprite{{bodyMask, body}, {lines, line}, {dot, line}}
	}
	p.poly(inset(star(r), 1.6*w)...)
	p.poly(reverse(inset(star(r), 2.4*w))...)
	p.circle(c/2, c/2, 0.07*c, false)
	return sprite{{bodyMask, body}, {p.mask(), line}}
}

// inset moves every edge of the polygon pts (clockwise on screen) inwards
// by d.
func inset(pts [][2]float64, d float64) [][2]float64 {
	n := len(pts)
	out := make([][2]float64, n)
	for i := range pts {
		a, b, c := pts[(i+n-1)%n], pts[i], pts[(i+1)%n]
		// Inward normals of edges a→b and b→c (Y down, clockwise winding).
		n1 := normal(a, b)
		n2 := normal(b, c)
		// The vertex moves along the bisector so both edges move by d.
		bx, by := n1[0]+n2[0], n1[1]+n2[1]
		dot := 1 + n1[0]*n2[0] + n1[1]*n2[1]
		if dot < 1e-6 {
			dot = 1e-6
		}
		out[i] = [2]float64{b[0] + d*bx/dot, b[1] + d*by/dot}
	}
	return out
}

func normal(a, b [2]float64) [2]float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	l := math.Hypot(dx, dy)
	return [2]float64{-dy / l, dx / l}
}

func reverse(pts [][2]float64) [][2]float64 {
	out := make([][2]float64, len(pts))
	for i, p := range pts {
		out[len(pts)-1-i] = p
	}
	return out
}

// orbBadge draws the dame's mark: a round orb on the queen's crown (whose
// top is at y top), in the man's colours.
func orbBadge(cell int, top float64, body, line uint8) sprite {
	c := float64(cell)
	r, o := 0.085*c, math.Max(1.3, 0.03*c)
	cx, cy := c/2, top-0.04*c
	p := newPen(cell, cell)
	p.circle(cx, cy, r+o, false)
	outer := p.mask()
	p.circle(cx, cy, r, false)
	return sprite{{outer, line}, {p.mask(), body}}
}

// mineMark draws the mined stone's mark: a red disc ringed in black, half
// the stone's width, so its owner tells it from the plain stones at a
// glance on a phone.
func mineMark(cell int) sprite {
	c := float64(cell)
	p := newPen(cell, cell)
	p.circle(c/2, c/2, 0.2*c, false)
	ring := p.mask()
	p.circle(c/2, c/2, 0.2*c-math.Max(1.5, 0.045*c), false)
	return sprite{{ring, cBlack}, {p.mask(), cRed}}
}

// beastSprite draws one of Symbola's line drawings: its silhouette as the
// body, the drawing's lines over it. The drawings' outer lines have gaps,
// so the silhouette is found on the lines thickened by a few pixels (a
// morphological closing).
func beastSprite(cell int, r rune, body, line uint8) sprite {
	o := loadOutline(fonts().beasts, r)
	w, h := o.bounds[2]-o.bounds[0], o.bounds[3]-o.bounds[1]
	c := float64(cell)
	s := beastHeight * c / math.Max(w, h)
	a := affine{s, s, c/2 - s*(o.bounds[0]+o.bounds[2])/2, c/2 - s*(o.bounds[1]+o.bounds[3])/2}
	lines := rasterOutline(cell, o, a)
	k := max(1, cell/16)
	thick := spread(lines, k, true)
	sil := spread(fillHoles(thick), k, false)
	for i, v := range lines.Pix {
		sil.Pix[i] = max(sil.Pix[i], v)
	}
	return sprite{{sil, body}, {lines, line}}
}

// dilate grows a mask by r pixels in every direction, keeping its
// anti-aliased edge: each pixel takes the largest coverage within r.
func dilate(m *image.Alpha, r float64) *image.Alpha {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	k := int(math.Ceil(r))
	var disc [][2]int
	for dy := -k; dy <= k; dy++ {
		for dx := -k; dx <= k; dx++ {
			if math.Hypot(float64(dx), float64(dy)) <= r {
				disc = append(disc, [2]int{dx, dy})
			}
		}
	}
	out := image.NewAlpha(m.Rect)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var best uint8
			for _, d := range disc {
				if u, v := x+d[0], y+d[1]; u >= 0 && v >= 0 && u < w && v < h {
					best = max(best, m.Pix[v*w+u])
				}
			}
			out.Pix[y*w+x] = best
		}
	}
	return out
}

// spread dilates (grow) or erodes a mask by k pixels in each direction,
// treating half-covered pixels as covered. The result is black and white.
func spread(m *image.Alpha, k int, grow bool) *image.Alpha {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	in := func(x, y int) bool {
		if x < 0 || y < 0 || x >= w || y >= h {
			return !grow
		}
		return m.Pix[y*w+x] >= 0x80
	}
	out := image.NewAlpha(m.Rect)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			hit := !grow
			for dy := -k; dy <= k && hit == !grow; dy++ {
				for dx := -k; dx <= k; dx++ {
					if in(x+dx, y+dy) == grow {
						hit = grow
						break
					}
				}
			}
			if hit {
				out.Pix[y*w+x] = 0xff
			}
		}
	}
	return out
}
