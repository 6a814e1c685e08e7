package render

import (
	"bytes"
	"compress/lzw"
	"math/rand/v2"
	"testing"
)

// TestGIFLZW: the codes are compress/lzw's, byte for byte, for pictures
// of runs of the run byte and of others, long enough to use up the codes
// many times, written at once or a row at a time.
func TestGIFLZW(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{0, 1, 2, 300, 5000, 200000} {
		for _, kinds := range []int{1, 2, 8, 256} {
			data := make([]byte, n)
			for i := range data {
				if rng.IntN(4) > 0 {
					data[i] = 255 // the run byte
				} else {
					data[i] = byte(rng.IntN(kinds))
				}
			}
			var want bytes.Buffer
			w := lzw.NewWriter(&want, lzw.LSB, 8)
			w.Write(data)
			w.Close()
			var e gifLZW
			for _, rows := range []int{1, 7} {
				e.reset(255, nil)
				for part := range rows {
					e.write(data[part*n/rows : (part+1)*n/rows])
				}
				if got := e.close(); !bytes.Equal(got, want.Bytes()) {
					t.Errorf("%d bytes of %d kinds in %d writes: %d bytes of codes; compress/lzw wrote %d", n, kinds, rows, len(got), want.Len())
				}
			}
		}
	}
}
