package render

import (
	"bytes"
	"image"
	"image/png"
	"math/rand/v2"
	"testing"
)

// TestUsedPalette: a PNG lists in its palette exactly the colours its
// picture uses, whether they stand in runs (index 0 too) or alone, and
// decodes to the picture.
func TestUsedPalette(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	for _, w := range []int{1, 7, 8, 9, 16, 17, 64, 70} {
		img := image.NewPaletted(image.Rect(0, 0, w, 4), palette())
		used := map[uint8]bool{}
		for i := range img.Pix {
			switch x := i % w; {
			case w == 16 && x >= 8: // the first colour only in the first eight
				img.Pix[i] = uint8(1 + x)
			case w != 16 && rng.IntN(5) == 0: // else runs of the first colour
				img.Pix[i] = uint8(rng.IntN(len(palette())))
			}
			used[img.Pix[i]] = true
		}
		if pal, _ := usedPalette(img); len(pal) != 3*len(used) {
			t.Errorf("width %d: %d colours in the palette; the picture uses %d", w, len(pal)/3, len(used))
		}
		var b bytes.Buffer
		if err := writePNG(&b, img); err != nil {
			t.Fatal(err)
		}
		if back, err := png.Decode(&b); err != nil || !samePixels(back, img) {
			t.Errorf("width %d: the PNG does not decode to the picture (%v)", w, err)
		}
	}
}
