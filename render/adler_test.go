package render

import (
	"hash/adler32"
	"math/rand/v2"
	"testing"
)

// TestAdler: the checksum taken a block at a time, from the blocks' sums,
// is hash/adler32's, for blocks of every length, the largest bytes too.
func TestAdler(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 7, 8, 9, 100, 5000, 70000} {
		for _, block := range []int{1, 9, 641, 2049} {
			data := make([]byte, n)
			for i := range data {
				data[i] = byte(rng.UintN(256))
				if n == 70000 {
					data[i] = 0xff
				}
			}
			s := newAdler()
			for start := 0; start < n; start += block {
				x := data[start:min(start+block, n)]
				sum, weighted := blockSums(x)
				s.add(len(x), sum, weighted)
			}
			if got, want := s.sum32(), adler32.Checksum(data); got != want {
				t.Errorf("%d bytes in blocks of %d: %#x; want %#x", n, block, got, want)
			}
		}
	}
}
