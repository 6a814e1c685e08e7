package render

import (
	"encoding/binary"
	"hash/crc32"
	"image"
	"io"
	"sync"
)

// writePNG writes a paletted picture as an 8-bit paletted PNG, with only
// the palette entries it uses, compressed by a deflater made for pictures
// (image/png's compress/zlib takes about twice the time for the same size).
// Rows are not filtered: a board's rows repeat the row above, which the
// deflater finds directly, and unfiltered palette indexes pack better than
// the differences Sub and Up would leave.
//
// rowRepeats, if any, are numbers of rows after which the picture tends to
// repeat itself (the fog's hatching): the deflater looks there too.
func writePNG(w io.Writer, img *image.Paletted, rowRepeats ...int) error {
	e := encoders.Get().(*pngEncoder)
	defer encoders.Put(e)
	return e.encode(w, img, rowRepeats)
}

type pngEncoder struct {
	d    deflater
	data []byte // the rows, each after its filter byte
	out  []byte // the PNG
}

var encoders = sync.Pool{New: func() any { return &pngEncoder{} }}

func (e *pngEncoder) encode(w io.Writer, img *image.Paletted, rowRepeats []int) error {
	width, height := img.Rect.Dx(), img.Rect.Dy()
	pal, remap := usedPalette(img)
	e.data = grow(e.data, (width+1)*height)
	for y := 0; y < height; y++ {
		row := e.data[y*(width+1) : (y+1)*(width+1)]
		row[0] = 0 // filter: none
		for x, p := range img.Pix[y*img.Stride : y*img.Stride+width] {
			row[1+x] = remap[p]
		}
	}

	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, 3 // bit depth, colour type: paletted
	out := append(e.out[:0], "\x89PNG\r\n\x1a\n"...)
	out = appendChunk(out, "IHDR", ihdr[:])
	out = appendChunk(out, "PLTE", pal)
	// The IDAT chunk: its length is known once the stream is made.
	start := len(out)
	out = append(out, 0, 0, 0, 0, 'I', 'D', 'A', 'T')
	e.d.cands = append(e.d.cands[:0], 1, width+1, width, width+2)
	for _, r := range rowRepeats {
		e.d.cands = append(e.d.cands, r*(width+1))
	}
	out = e.d.zlib(out, e.data)
	binary.BigEndian.PutUint32(out[start:], uint32(len(out)-start-8))
	out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start+4:]))
	out = appendChunk(out, "IEND", nil)
	e.out = out
	_, err := w.Write(out)
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

func grow(b []byte, n int) []byte {
	if cap(b) < n {
		return make([]byte, n)
	}
	return b[:n]
}

func appendChunk(out []byte, kind string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	start := len(out)
	out = append(out, kind...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
}
