package render

import (
	"compress/lzw"
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
type gifWriter struct {
	w     io.Writer
	out   []byte      // what is not yet written to w
	lzw   *lzw.Writer // reused from frame to frame
	block []byte      // up to 255 bytes of LZW codes, a data sub-block
	row   []uint8     // one row of the frame being written
	clear uint8       // the transparent palette index
	err   error       // the first write that failed
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
	g.lzw = lzw.NewWriter(g, lzw.LSB, 8).(*lzw.Writer)
	g.flush()
	return g
}

// frame writes the rectangle r of cur, shown for delay hundredths of a
// second. Where prev is not nil, a pixel equal to prev's is written
// transparent: the viewer sees prev's through it. cur and prev are
// pictures of the writer's size on its palette.
func (g *gifWriter) frame(cur, prev *image.Paletted, r image.Rectangle, delay int) {
	g.out = append(g.out, 0x21, 0xf9, 4, gifDisposalNone<<2|1)
	g.out = binary.LittleEndian.AppendUint16(g.out, uint16(delay))
	g.out = append(g.out, g.clear, 0, 0x2c)
	for _, v := range [...]int{r.Min.X, r.Min.Y, r.Dx(), r.Dy()} {
		g.out = binary.LittleEndian.AppendUint16(g.out, uint16(v))
	}
	g.out = append(g.out, 0, 8) // no local palette; 8-bit LZW codes
	g.lzw.Reset(g, lzw.LSB, 8)
	g.row = grow(g.row, r.Dx())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		src := cur.Pix[cur.PixOffset(r.Min.X, y):][:r.Dx()]
		if prev == nil {
			g.write(src)
			continue
		}
		old := prev.Pix[prev.PixOffset(r.Min.X, y):][:r.Dx()]
		for x, p := range src {
			if p == old[x] {
				p = g.clear
			}
			g.row[x] = p
		}
		g.write(g.row)
	}
	g.close(g.lzw.Close())
	g.flush()
}

// write compresses p into the frame's data.
func (g *gifWriter) write(p []byte) {
	if _, err := g.lzw.Write(p); err != nil && g.err == nil {
		g.err = err
	}
}

// close ends the frame's data: the last sub-block and the terminator.
func (g *gifWriter) close(err error) {
	if err != nil && g.err == nil {
		g.err = err
	}
	g.subBlock()
	g.out = append(g.out, 0)
}

// Write takes the LZW codes of a frame and cuts them into sub-blocks.
func (g *gifWriter) Write(p []byte) (int, error) {
	for _, b := range p {
		g.block = append(g.block, b)
		if len(g.block) == 255 {
			g.subBlock()
		}
	}
	return len(p), nil
}

// subBlock moves the codes gathered to the output, after their length.
func (g *gifWriter) subBlock() {
	if len(g.block) > 0 {
		g.out = append(append(g.out, byte(len(g.block))), g.block...)
		g.block = g.block[:0]
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
