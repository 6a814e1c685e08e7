package render

import (
	"bytes"
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

// pictures lends Encode the pictures it draws on: one of 640 pixels is
// half a megabyte, and the next picture is most often of the same size.
// It is safe for concurrent use.
var pictures picturePool

type picturePool struct{ p sync.Pool }

// get returns a picture of r on render's palette, its pixels anything.
func (pp *picturePool) get(r image.Rectangle) *image.Paletted {
	img, _ := pp.p.Get().(*image.Paletted)
	n := r.Dx() * r.Dy()
	if img == nil || cap(img.Pix) < n {
		return image.NewPaletted(r, palette())
	}
	img.Pix, img.Stride, img.Rect = img.Pix[:n], r.Dx(), r
	return img
}

// put gives back a picture from get, which the caller no longer uses.
func (pp *picturePool) put(img *image.Paletted) { pp.p.Put(img) }

func (e *pngEncoder) encode(w io.Writer, img *image.Paletted, rowRepeats []int) error {
	width, height := img.Rect.Dx(), img.Rect.Dy()
	pal, remap := usedPalette(img)
	e.data = grow(e.data, (width+1)*height)
	check := newAdler()
	var sum, weighted uint64 // of the row above
	for y := range height {
		row := e.data[y*(width+1) : (y+1)*(width+1)]
		row[0] = 0 // filter: none
		if y > 0 && sameAsAbove(img, y) {
			copy(row, e.data[(y-1)*(width+1):])
		} else {
			sum, weighted = remapRow(row[1:], pixels(img, y), remap)
		}
		check.add(len(row), sum, weighted) // the filter byte 0 adds nothing
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
	out = e.d.zlib(out, e.data, check.sum32())
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
	var used [256]bool
	for y := range img.Rect.Dy() {
		if y > 0 && sameAsAbove(img, y) {
			continue
		}
		src, last := pixels(img, y), uint64(0)
		for i := 0; len(src) >= 8; i, src = i+1, src[8:] {
			w := binary.LittleEndian.Uint64(src)
			if i > 0 && w == last {
				continue // a run: nothing new
			}
			last = w
			used[byte(w)], used[byte(w>>8)], used[byte(w>>16)], used[byte(w>>24)] = true, true, true, true
			used[byte(w>>32)], used[byte(w>>40)], used[byte(w>>48)], used[byte(w>>56)] = true, true, true, true
		}
		for _, p := range src {
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

// remapRow sets dst[x] to remap[src[x]], eight pixels a step (eight that
// repeat the eight before, a run, are copied), and returns the sums of
// dst for its checksum (blockSums).
func remapRow(dst, src []uint8, remap *[256]byte) (sum, weighted uint64) {
	var in, out, s, ws uint64
	for i := 0; len(src) >= 8 && len(dst) >= 8; i++ {
		if w := binary.LittleEndian.Uint64(src); i == 0 || w != in {
			in = w
			out = uint64(remap[byte(w)]) | uint64(remap[byte(w>>8)])<<8 |
				uint64(remap[byte(w>>16)])<<16 | uint64(remap[byte(w>>24)])<<24 |
				uint64(remap[byte(w>>32)])<<32 | uint64(remap[byte(w>>40)])<<40 |
				uint64(remap[byte(w>>48)])<<48 | uint64(remap[byte(w>>56)])<<56
			s, ws = wordSums(out)
		}
		binary.LittleEndian.PutUint64(dst, out)
		weighted += 8*sum + ws
		sum += s
		src, dst = src[8:], dst[8:]
	}
	for x, p := range src {
		dst[x] = remap[p]
		sum += uint64(dst[x])
		weighted += sum
	}
	return sum, weighted
}

// pixels is row y of img, counted from its top.
func pixels(img *image.Paletted, y int) []uint8 {
	return img.Pix[y*img.Stride:][:img.Rect.Dx()]
}

// sameAsAbove reports whether row y of img repeats the row above: on a
// board, about half the rows do.
func sameAsAbove(img *image.Paletted, y int) bool {
	return bytes.Equal(pixels(img, y), pixels(img, y-1))
}

// grow returns b with length n, reusing its array when it is large enough.
func grow[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, n)
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
