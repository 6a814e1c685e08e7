package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"io"
	"math/bits"
)

// gifWriter writes an animated GIF (GIF89a) a frame at a time, so that a
// replay never holds more than the frame being written: the header and
// one global palette first (the palette is fixed in advance), then each
// frame as a rectangle of the picture, its unchanged pixels transparent,
// and the trailer. image/gif's EncodeAll would need every frame at once.
// The pixels are compressed by gifLZW (lzw.go).
type gifWriter struct {
	w     io.Writer
	out   []byte  // what is not yet written to w
	lzw   gifLZW  // reused from frame to frame
	codes []byte  // a frame's LZW codes
	row   []uint8 // one row of the frame being written
	clear uint8   // the transparent palette index
	err   error   // the first write that failed
}

// gifDisposalNone leaves a frame in place for the next to be drawn over.
const gifDisposalNone = 1

// newGIFWriter writes the GIF's header to w: a picture of size, its
// palette pal (at most 256 colours) whose entry clear is transparent,
// looping for ever.
func newGIFWriter(w io.Writer, size image.Point, pal color.Palette, clear uint8) *gifWriter {
	g := &gifWriter{w: w, clear: clear}
	depth := max(1, bits.Len(uint(len(pal)-1))) // the table holds 1<<depth colours
	g.out = append(g.out, "GIF89a"...)
	g.out = binary.LittleEndian.AppendUint16(g.out, uint16(size.X))
	g.out = binary.LittleEndian.AppendUint16(g.out, uint16(size.Y))
	// A global table of 8-bit colours, background 0, square pixels.
	g.out = append(g.out, 0x80|0x70|byte(depth-1), 0, 0)
	for i := range 1 << depth {
		var c color.RGBA
		if i < len(pal) {
			c = color.RGBAModel.Convert(pal[i]).(color.RGBA)
		}
		g.out = append(g.out, c.R, c.G, c.B)
	}
	// Loop for ever (the NETSCAPE2.0 application extension).
	g.out = append(g.out, 0x21, 0xff, 11)
	g.out = append(g.out, "NETSCAPE2.0"...)
	g.out = append(g.out, 3, 1, 0, 0, 0)
	g.flush()
	return g
}

// frame writes the rectangle r of cur, shown for delay hundredths of a
// second. Where prev is not nil, a pixel equal to prev's is written
// transparent: the viewer sees prev's through it. cur and prev are
// pictures of the writer's size on its palette.
func (g *gifWriter) frame(cur, prev *image.Paletted, r image.Rectangle, delay int) {
	g.describe(r, delay)
	g.lzw.reset(g.clear, g.codes[:0])
	g.row = grow(g.row, r.Dx())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		src := cur.Pix[cur.PixOffset(r.Min.X, y):][:r.Dx()]
		if prev == nil {
			g.lzw.write(src)
			continue
		}
		old := prev.Pix[prev.PixOffset(r.Min.X, y):][:r.Dx()]
		g.lzw.write(unchanged(g.row, src, old, g.clear))
	}
	g.codes = g.lzw.close()
	// The codes go in sub-blocks of at most 255 bytes, each after its
	// length, and an empty one ends them.
	for c := g.codes; len(c) > 0; {
		n := min(len(c), 255)
		g.out = append(append(g.out, byte(n)), c[:n]...)
		c = c[n:]
	}
	g.out = append(g.out, 0)
	g.flush()
}

// describe writes what comes before a frame's pixels: its graphic control
// extension (left in place, shown for delay, the transparent index) and
// its image descriptor (r, no palette of its own, 8-bit codes).
func (g *gifWriter) describe(r image.Rectangle, delay int) {
	g.out = append(g.out, 0x21, 0xf9, 4, gifDisposalNone<<2|1)
	g.out = binary.LittleEndian.AppendUint16(g.out, uint16(delay))
	g.out = append(g.out, g.clear, 0, 0x2c)
	for _, v := range [...]int{r.Min.X, r.Min.Y, r.Dx(), r.Dy()} {
		g.out = binary.LittleEndian.AppendUint16(g.out, uint16(v))
	}
	g.out = append(g.out, 0, 8)
}

// unchanged sets dst to src with every pixel equal to old's made clear,
// eight pixels a step when all eight are, and returns it.
func unchanged(dst, src, old []uint8, clear uint8) []uint8 {
	clears := uint64(clear) * 0x0101010101010101
	x := 0
	for ; x+8 <= len(src); x += 8 {
		if binary.LittleEndian.Uint64(src[x:x+8]) == binary.LittleEndian.Uint64(old[x:x+8]) {
			binary.LittleEndian.PutUint64(dst[x:x+8], clears)
		} else {
			clearSame(dst[x:x+8], src[x:x+8], old[x:x+8], clear)
		}
	}
	clearSame(dst[x:], src[x:], old[x:], clear)
	return dst
}

// clearSame sets dst to src, clear where src and old agree.
func clearSame(dst, src, old []uint8, clear uint8) {
	for k, p := range src {
		if p == old[k] {
			p = clear
		}
		dst[k] = p
	}
}

// flush writes what the writer holds to w.
func (g *gifWriter) flush() {
	if g.err == nil && len(g.out) > 0 {
		_, g.err = g.w.Write(g.out)
	}
	g.out = g.out[:0]
}

// end writes the trailer and returns the first error met.
func (g *gifWriter) end() error {
	g.out = append(g.out, 0x3b)
	g.flush()
	return g.err
}
