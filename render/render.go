package render

import (
	"bytes"
	"fmt"
	"image"
	"io"
	"math"
	"slices"
	"strings"

	"umpire/referee"
)

// Picture sizes, in pixels of width.
const (
	DefaultSize = 640
	MinSize     = 160
	MaxSize     = 2048
)

// Options say how to draw a view. The zero value draws a 640-pixel board
// with no caption.
type Options struct {
	// Size is the width of the picture in pixels, MinSize to MaxSize; 0
	// means DefaultSize. The height follows from the board and caption.
	Size int
	// Caption holds lines of text drawn under the board, in order; a "\n"
	// also breaks a line, and a line too long for the width wraps at
	// spaces. No lines, no caption strip.
	// The text font covers Latin (Esperanto's ĉ ĝ ĥ ĵ ŝ ŭ included),
	// Greek and Cyrillic; chess symbols come from the men's font.
	Caption []string
	// Beasts draws kings as lions and dames as unicorns, as krono's
	// author drew them. Moves and letters do not change.
	Beasts bool
	// Header holds the parts of a strip above the board, already in the
	// reader's language: which game and seat ("#12 · White"), the move,
	// whose turn it is. The first part is bold; the parts share a line
	// when they fit. No parts, no header.
	Header []string
}

// Error is a view that cannot be drawn. Its text names no hidden state:
// render only ever sees what the seat may know.
type Error struct{ Reason string }

func (e *Error) Error() string { return "render: " + e.Reason }

func errorf(format string, a ...any) error { return &Error{fmt.Sprintf(format, a...)} }

// PNG draws v and encodes it as a paletted PNG.
func PNG(v referee.View, o Options) ([]byte, error) {
	var b bytes.Buffer
	if err := Encode(&b, v, o); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Encode draws v and writes it to w as a paletted PNG.
func Encode(w io.Writer, v referee.View, o Options) error {
	d, err := prepare(v, o)
	if err != nil {
		return err
	}
	img := pictures.get(d.bounds())
	defer pictures.put(img)
	d.drawOn(img)
	// The fog's hatching repeats every fogPeriod rows: a hint for deflate.
	if err := writePNG(w, img, d.fogPeriod()); err != nil {
		return fmt.Errorf("render: encode: %w", err)
	}
	return nil
}

// Image draws v on a paletted picture. The View must name a known
// geometry (an empty Geometry means "8x8") and hold one letter of
// rules/README.md per cell: a man, '.' for a known empty cell, '?' for fog;
// or, on a board of three armies, two bytes per cell, the army's letter
// and the man's (readCells). Image is safe for concurrent use.
func Image(v referee.View, o Options) (*image.Paletted, error) {
	d, err := prepare(v, o)
	if err != nil {
		return nil, err
	}
	img := image.NewPaletted(d.bounds(), palette())
	d.drawOn(img)
	return img, nil
}

// prepare checks v and o and lays the board out.
func prepare(v referee.View, o Options) (*drawing, error) {
	size := o.Size
	if size == 0 {
		size = DefaultSize
	}
	if size < MinSize || size > MaxSize {
		return nil, errorf("size %d is not between %d and %d", size, MinSize, MaxSize)
	}
	name := v.Geometry
	if name == "" {
		name = square8.Name()
	}
	g, ok := LookupGeometry(name)
	if !ok {
		return nil, errorf("no geometry %q", name)
	}
	men, err := readCells(v.Cells, g)
	if err != nil {
		return nil, err
	}
	d := &drawing{v: v, o: o, g: g, lay: layoutFor(g, size, v.Bottom), cells: men}
	d.arrange()
	return d, nil
}

// readCells reads View.Cells: one letter a cell (upper case White, lower
// case Black, '.' empty, '?' fog), or on a board of three armies two bytes
// a cell (the army's letter w, r or b and the man's, ".." empty, "??" fog).
func readCells(cells []byte, g Geometry) ([]man, error) {
	n := g.Len()
	out := make([]man, n)
	switch len(cells) {
	case n:
		for i, l := range cells {
			if !known(l) {
				return nil, errorf("cell %d holds %q, which is no man of rules/README.md", i, l)
			}
			out[i] = manOf(l)
		}
	case 2 * n:
		for i := range out {
			m, ok := manOf2(cells[2*i], cells[2*i+1])
			if !ok || !known(m.letter) {
				return nil, errorf("cell %d holds %q, which is no man of rules/README.md", i, cells[2*i:2*i+2])
			}
			out[i] = m
		}
	default:
		return nil, errorf("the view has %d cells; the %s board has %d", len(cells), g.Name(), n)
	}
	return out, nil
}

// known reports whether l may stand in View.Cells.
func known(l byte) bool {
	switch l {
	case '.', '?', 'G', 'g':
		return true
	}
	_, ok := menGlyphs[upper(l)]
	return ok
}

// drawing is one picture being made.
type drawing struct {
	v     referee.View
	o     Options
	g     Geometry
	lay   *placed
	cells []man // what stands on each cell
	c     canvas
	// The strips above and under the board (arrange): the header's letter
	// size, lines and height, the caption's.
	hpx, px, lineH float64
	hlines         [][2]string
	lines          []string
	top, capH      int
}

// arrange lays out the header and the caption, which fixes the
// picture's height.
func (d *drawing) arrange() {
	width := d.lay.Size.X
	d.hpx, d.hlines = d.headerLines(width)
	d.top = headerHeight(d.hpx, len(d.hlines))
	d.px, d.lines = d.caption(width)
	d.lineH = math.Round(d.px * 1.45)
	d.capH = 0
	if len(d.lines) > 0 {
		d.capH = int(d.lineH*float64(len(d.lines)) + d.px*1.1)
	}
}

// bounds is the picture's rectangle: header, board and caption.
func (d *drawing) bounds() image.Rectangle {
	return image.Rect(0, 0, d.lay.Size.X, d.top+d.lay.Size.Y+d.capH)
}

// drawOn draws the picture on img, whose Rect is d.bounds() and whose
// palette is render's; every pixel is painted, so img may hold anything
// before.
func (d *drawing) drawOn(img *image.Paletted) {
	width := d.lay.Size.X
	header(canvas{img}, d.hpx, d.hlines)
	// The board and caption are drawn on the picture below the header, in
	// coordinates of their own: the layout's.
	body := &image.Paletted{Pix: img.Pix[d.top*img.Stride:], Stride: img.Stride,
		Rect: image.Rect(0, 0, width, d.lay.Size.Y+d.capH), Palette: img.Palette}
	d.c = canvas{body}
	d.board()
	d.c.fill(image.Rect(0, d.lay.Size.Y, width, body.Rect.Max.Y), cCaption)
	d.squares()
	d.thrones()
	if d.lay.base == nil {
		drawLabels(d.c, &d.lay.Layout)
	}
	d.markers()
	d.men()
	d.secrets()
	d.diplomacy()
	d.mates()
	f := fonts().text
	for i, l := range d.lines {
		y := float64(d.lay.Size.Y) + d.px*0.55 + d.lineH*float64(i) + (d.lineH+capHeight(f, d.px))/2
		d.c.text(f, d.px, l, d.px*0.8, y, cText)
	}
}

// MaxCaptionLines bounds a picture's height: a caption wrapped to more
// lines shows the first ones and "…". The picture goes with a text that
// says it all; a caption of any length must not make a picture of any
// height (64 KB of text would be 49,000 pixels tall).
const MaxCaptionLines = 24

// caption returns the caption's letter size and its lines, wrapped, at
// most MaxCaptionLines of them.
func (d *drawing) caption(width int) (float64, []string) {
	px := math.Round(float64(width) / 27)
	lines := captionLines(d.o.Caption, advanceOf(fonts().text, px), float64(width)-1.6*px)
	if len(lines) > MaxCaptionLines {
		lines = append(lines[:MaxCaptionLines-1], "…")
	}
	return px, lines
}

// captionLines breaks the caption's lines, and the lines within them, to
// fit room pixels.
func captionLines(caption []string, adv advance, room float64) []string {
	var lines []string
	for _, c := range caption {
		for _, l := range strings.Split(c, "\n") {
			lines = append(lines, wrap(adv, l, room)...)
		}
	}
	return lines
}

// cellList turns cell names into cell indexes, in order, without repeats;
// names the geometry does not know are skipped.
func (d *drawing) cellList(names []string) []int {
	var out []int
	for _, n := range names {
		if i, ok := d.g.Cell(n); ok && !slices.Contains(out, i) {
			out = append(out, i)
		}
	}
	return out
}

// squares paints every cell: its colour, the last move, or fog. A cell of
// both the seat's own last move and the other side's takes the colour of
// the later: the other side's when the seat is to move (it captured on
// the square the seat moved to), the seat's own otherwise (it took the man
// that had just moved).
func (d *drawing) squares() {
	moved, seen := d.cellList(d.v.LastMove), d.cellList(d.v.Seen)
	if d.v.Turn != "" && d.v.Turn == d.v.Seat {
		moved = slices.DeleteFunc(moved, func(i int) bool { return slices.Contains(seen, i) })
	}
	for i, cell := range d.lay.Cells {
		r, shape := cell.Box, d.lay.masks[i].m
		if shape != nil {
			r = d.lay.masks[i].r
		}
		if d.cells[i].letter == '?' {
			d.c.fog(r, shape, cell.Shade, d.fogPeriod())
			switch {
			case slices.Contains(moved, i):
				d.c.moveFrame(cell.Box, cMoveLine)
			case slices.Contains(seen, i):
				d.c.moveFrame(cell.Box, cSeenLine)
			}
			continue
		}
		ix := uint8(cLight + cell.Shade)
		switch {
		case slices.Contains(moved, i):
			ix = tint(cLightMove, cDarkMove, cell.Shade)
		case slices.Contains(seen, i):
			ix = tint(cLightSeen, cDarkSeen, cell.Shade)
		case d.lay.base != nil:
			continue // plain, as on the empty board
		}
		d.lay.paint(d.c, i, ix)
	}
}

// tint is the light or dark colour of a tinted cell of a shade.
func tint(light, dark uint8, shade int) uint8 {
	if shade == 1 {
		return dark
	}
	return light
}

// fogPeriod is the spacing of the fog's hatching, the same in every cell.
func (d *drawing) fogPeriod() int { return max(6, d.lay.Size.X/64) }

// shapeMask rasterizes a cell's polygon over its bounding box.
func shapeMask(poly [][2]float64) (image.Rectangle, *image.Alpha) {
	r := polyBounds(poly)
	p := newPen(r.Dx(), r.Dy())
	local := make([][2]float64, len(poly))
	for i, q := range poly {
		local[i] = [2]float64{q[0] - float64(r.Min.X), q[1] - float64(r.Min.Y)}
	}
	p.poly(local...)
	return r, p.mask()
}

// polyBounds is the smallest rectangle of whole pixels around a polygon.
func polyBounds(poly [][2]float64) image.Rectangle {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range poly {
		x0, y0 = math.Min(x0, p[0]), math.Min(y0, p[1])
		x1, y1 = math.Max(x1, p[0]), math.Max(y1, p[1])
	}
	return image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1)))
}

// drawLabels writes the layout's labels on c.
func drawLabels(c canvas, lay *Layout) {
	f := fonts().bold
	ch := capHeight(f, lay.Text)
	for _, l := range lay.Labels {
		w := measure(f, lay.Text, l.Text)
		c.text(f, lay.Text, l.Text, float64(l.At.X)-w/2, float64(l.At.Y)+ch/2, cLabel)
	}
}

// markers draws what goes under the men: captures heard and vanished men,
// and the cells checks come from.
func (d *drawing) markers() {
	for _, i := range d.cellList(d.v.Marks) {
		d.c.capture(d.lay.Cells[i].Box)
	}
	for _, i := range d.cellList(d.v.Checks) {
		d.c.check(d.lay.Cells[i].Box)
	}
	for _, i := range d.cellList(d.v.InCheck) {
		d.c.kingGlow(d.lay.Cells[i].Box, cCheck)
	}
	for _, i := range d.cellList(d.v.Mated) {
		d.c.kingGlow(d.lay.Cells[i].Box, cRed)
	}
}

// mates badges each mated king, over the man: a "#" in a red square.
func (d *drawing) mates() {
	for _, i := range d.cellList(d.v.Mated) {
		d.c.mateBadge(d.lay.Cells[i].Box)
	}
}

func (d *drawing) men() {
	for i, m := range d.cells {
		if m.isMan() {
			d.c.drawMan(d.lay.Cells[i].Box, m, d.o.Beasts)
		}
	}
}

// secrets badges the men the view's secrets concern: the crowned monarch,
// the growing pawn, the mined stone. The view holds only the secrets its
// seat may know, so everything it holds is drawn.
func (d *drawing) secrets() {
	for _, s := range d.v.Secrets {
		switch s.Kind {
		case "crown":
			if i, ok := d.monarch(s); ok {
				d.c.crown(d.lay.Cells[i].Box)
			}
		case "growing":
			if i, ok := d.g.Cell(s.Cell); ok {
				d.c.growing(d.lay.Cells[i].Box, s)
			}
		case "mine":
			if i, ok := d.g.Cell(s.Cell); ok && d.cells[i].letter == 'S' {
				for _, ly := range mineMark(d.lay.Cells[i].Box.Dx()) {
					d.c.draw(ly.m, d.lay.Cells[i].Box.Min, ly.ink)
				}
			}
		}
	}
}

// monarch finds the cell of the monarch a crown secret names: its Cell if
// given, else the owner's only K or D on the board.
func (d *drawing) monarch(s referee.Secret) (int, bool) {
	if i, ok := d.g.Cell(s.Cell); ok {
		return i, true
	}
	want := man{army: armyWhite}
	switch s.Value {
	case "king":
		want.letter = 'K'
	case "dame":
		want.letter = 'D'
	default:
		return 0, false
	}
	if s.Seat == referee.Black {
		want.army = armyBlack
	}
	for i, m := range d.cells {
		if m == want {
			return i, true
		}
	}
	return 0, false
}
