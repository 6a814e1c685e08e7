package render

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"io"
	"sync"
)

// writePNG writes a paletted picture as an 8-bit paletted PNG. Unlike
// image/png, which never filters paletted rows, it gives each row the PNG
// filter (none, Sub or Up) that leaves the fewest non-zero bytes: boards
// are mostly runs and rows repeating the row above, which both filters turn
// into zeros that deflate packs tightly and fast. Only the palette entries
// the picture uses are written.
func writePNG(w io.Writer, img *image.Paletted) error {
	e := encoders.Get().(*pngEncoder)
	defer encoders.Put(e)
	return e.encode(w, img)
}

// compressionLevel trades bytes for time: see BenchmarkRender640. Level 6
// with the row filters gives about 15 KB for a 640-pixel Kriegspiel view in
// about 3.5 ms; level 5 about 10% more bytes in 2 ms; level 9 10% fewer in
// 60 ms.
const compressionLevel = 6

type pngEncoder struct {
	bw   *bufio.Writer
	zw   *zlib.Writer
	idat chunkWriter
	rows [3][]byte // candidate filtered rows: none, Sub, Up
	prev []byte    // the row above, renumbered
	row  []byte    // this row, renumbered
}

var encoders = sync.Pool{New: func() any {
	e := &pngEncoder{}
	e.zw, _ = zlib.NewWriterLevel(&e.idat, compressionLevel)
	return e
}}

func (e *pngEncoder) encode(w io.Writer, img *image.Paletted) error {
	width, height := img.Rect.Dx(), img.Rect.Dy()
	pal, remap := usedPalette(img)
	if e.bw == nil {
		e.bw = bufio.NewWriterSize(w, 32<<10)
	} else {
		e.bw.Reset(w)
	}
	e.bw.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, 3 // bit depth, colour type: paletted
	writeChunk(e.bw, "IHDR", ihdr[:])
	writeChunk(e.bw, "PLTE", pal)

	e.idat.w = e.bw
	e.zw.Reset(&e.idat)
	for i := range e.rows {
		e.rows[i] = grow(e.rows[i], 1+width)
		e.rows[i][0] = byte(i)
	}
	e.prev, e.row = grow(e.prev, width), grow(e.row, width)
	clear(e.prev)
	for y := 0; y < height; y++ {
		for x, p := range img.Pix[y*img.Stride : y*img.Stride+width] {
			e.row[x] = remap[p]
		}
		if _, err := e.zw.Write(e.filter(e.row)); err != nil {
			return err
		}
		e.prev, e.row = e.row, e.prev
	}
	if err := e.zw.Close(); err != nil {
		return err
	}
	e.idat.flush()
	writeChunk(e.bw, "IEND", nil)
	err := e.bw.Flush()
	e.bw.Reset(nil)
	e.idat.w = nil
	return err
}

// usedPalette returns the PLTE bytes of the palette entries the picture
// uses, in palette order (so the steps of a ramp stay neighbours and
// filtered edges make small numbers), and the renumbering to them.
func usedPalette(img *image.Paletted) ([]byte, *[256]byte) {
	width, height := img.Rect.Dx(), img.Rect.Dy()
	var used [256]bool
	for y := 0; y < height; y++ {
		for _, p := range img.Pix[y*img.Stride : y*img.Stride+width] {
			used[p] = true
		}
	}
	remap := new([256]byte)
	var pal []byte
	n := 0
	for i, u := range used {
		if u && i < len(img.Palette) {
			remap[i] = byte(n)
			n++
			r, g, b, _ := img.Palette[i].RGBA()
			pal = append(pal, byte(r>>8), byte(g>>8), byte(b>>8))
		}
	}
	return pal, remap
}

// filter returns row filtered with the filter that leaves the fewest
// non-zero bytes, its filter type first.
func (e *pngEncoder) filter(row []byte) []byte {
	none, sub, up := e.rows[0][1:], e.rows[1][1:], e.rows[2][1:]
	if bytes.Equal(row, e.prev) {
		clear(up)
		return e.rows[2]
	}
	copy(none, row)
	var cn, cs, cu int
	left := byte(0)
	for x, p := range row {
		s, u := p-left, p-e.prev[x]
		sub[x], up[x] = s, u
		if p != 0 {
			cn++
		}
		if s != 0 {
			cs++
		}
		if u != 0 {
			cu++
		}
		left = p
	}
	switch {
	case cu <= cs && cu <= cn:
		return e.rows[2]
	case cs <= cn:
		return e.rows[1]
	}
	return e.rows[0]
}

func grow(b []byte, n int) []byte {
	if cap(b) < n {
		return make([]byte, n)
	}
	return b[:n]
}

// chunkWriter gathers the zlib stream into IDAT chunks of up to 64 KB.
type chunkWriter struct {
	w   *bufio.Writer
	buf []byte
}

func (c *chunkWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		room := 64<<10 - len(c.buf)
		k := min(room, len(p))
		c.buf = append(c.buf, p[:k]...)
		p = p[k:]
		if len(c.buf) == 64<<10 {
			c.flush()
		}
	}
	return n, nil
}

func (c *chunkWriter) flush() {
	if len(c.buf) > 0 {
		writeChunk(c.w, "IDAT", c.buf)
		c.buf = c.buf[:0]
	}
}

func writeChunk(w *bufio.Writer, kind string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	w.Write(n[:])
	crc := crc32.NewIEEE()
	w.WriteString(kind)
	crc.Write([]byte(kind))
	w.Write(data)
	crc.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	w.Write(n[:])
}
