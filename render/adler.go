package render

import "encoding/binary"

// The Adler-32 checksum of a zlib stream (RFC 1950), taken a block at a
// time: over a block x of L bytes the checksum's sums a and b grow by Σx
// and by L·a + Σ(L-k)·x[k], so these two sums of a block are all the
// checksum needs of it. A row that repeats the row above adds what that
// row added, unread; a row being remapped gives its sums as it is written.

const adlerMod = 65521

// adler is a running checksum.
type adler struct{ a, b uint64 }

func newAdler() adler { return adler{a: 1} }

// add takes a block of n bytes whose sums are sum and weighted
// (blockSums).
func (s *adler) add(n int, sum, weighted uint64) {
	s.b = (s.b + uint64(n)*s.a + weighted) % adlerMod
	s.a = (s.a + sum) % adlerMod
}

func (s adler) sum32() uint32 { return uint32(s.b<<16 | s.a) }

// blockSums returns Σx and Σ(len(x)-k)·x[k], eight bytes a step. Blocks
// up to a few megabytes keep the sums within 64 bits.
func blockSums(x []byte) (sum, weighted uint64) {
	for ; len(x) >= 8; x = x[8:] {
		s, ws := wordSums(binary.LittleEndian.Uint64(x))
		weighted += 8*sum + ws
		sum += s
	}
	for _, v := range x {
		sum += uint64(v)
		weighted += sum
	}
	return sum, weighted
}

// wordSums returns the sums of the eight bytes of w, the first the least
// significant: the even and the odd bytes, spread into 16-bit lanes, are
// summed, and weighted 8 6 4 2 and 7 5 3 1, by multiplications whose top
// lane gathers the lanes.
func wordSums(w uint64) (sum, weighted uint64) {
	const (
		lanes = 0x00ff00ff00ff00ff
		ones  = 0x0001000100010001
		even  = 2 | 4<<16 | 6<<32 | 8<<48 // weights of bytes 6 4 2 0
		odd   = 1 | 3<<16 | 5<<32 | 7<<48 // of bytes 7 5 3 1
	)
	e, o := w&lanes, w>>8&lanes
	return ((e + o) * ones) >> 48, (e*even)>>48 + (o*odd)>>48
}
