package render

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// deflater writes a zlib stream (RFC 1950, 1951) for picture rows. Its
// matcher knows that pictures repeat: at each position it tries first the
// run to the left and the same place in the row above (and one pixel to
// either side), remembering how far each of these goes on (a span) so that
// no byte is compared twice at one distance, then the last few positions
// the next four bytes were seen at; it codes each block with its own
// Huffman trees. On boards that packs about as tightly as compress/zlib's
// level 6 in under a fifth of the time. A deflater is reused between
// pictures; it is not safe for concurrent use.
type deflater struct {
	head [1 << hashBits][ways]int32 // last positions+1 of each 4-byte hash
	toks []token
	lit  [286]int32 // literal/length frequencies of the block
	dist [30]int32  // distance frequencies of the block
	bw   bitWriter
	// cands are the distances tried at every position, before the hash
	// table's: for rows of width w, 1, w+1 (the row above), w and w+2.
	cands []int
	spans []span // what is known of the match at each candidate distance
}

const (
	ways      = 4 // positions remembered per hash
	insStep   = 8 // inside a match, every insStep-th position is hashed
	hashBits  = 14
	minMatch  = 4
	maxMatch  = 258
	window    = 1 << 15
	blockToks = 1 << 15 // tokens per block
	lazyBelow = 32      // a match shorter than this waits to see the next
)

// A token is a literal byte, or a match: 1<<31 | length<<16 | distance.
type token uint32

const matchFlag = 1 << 31

// zlib appends to out the zlib stream of data, whose Adler-32 checksum is
// check.
func (d *deflater) zlib(out, data []byte, check uint32) []byte {
	d.bw = bitWriter{out: append(out, 0x78, 0x9c)}
	clear(d.head[:])
	d.toks = d.toks[:0]
	d.match(data)
	d.block(true)
	d.bw.flush()
	return binary.BigEndian.AppendUint32(d.bw.out, check)
}

// match turns data into tokens, writing a block whenever enough gather.
func (d *deflater) match(data []byte) {
	d.newSpans()
	for i := 0; i < len(data); {
		l, dist := d.longest(data, i)
		if l >= minMatch && l < lazyBelow && i+1 < len(data) {
			if l2, d2 := d.longest(data, i+1); l2 > l+1 {
				d.literal(data, i)
				i++
				l, dist = l2, d2
			}
		}
		if l < minMatch {
			d.literal(data, i)
			i++
			continue
		}
		d.insert(data, i)
		d.emit(token(matchFlag) | token(l)<<16 | token(dist))
		for k := i + insStep; k < i+l; k += insStep {
			d.insert(data, k)
		}
		i += l
	}
}

func (d *deflater) literal(data []byte, i int) {
	d.insert(data, i)
	d.emit(token(data[i]))
}

func (d *deflater) emit(t token) {
	d.toks = append(d.toks, t)
	if len(d.toks) == blockToks {
		d.block(false)
	}
}

func hash4(data []byte, i int) uint32 {
	return binary.LittleEndian.Uint32(data[i:i+4]) * 0x1e35a7bd >> (32 - hashBits)
}

func (d *deflater) insert(data []byte, i int) {
	if i+4 <= len(data) {
		h := &d.head[hash4(data, i)]
		copy(h[1:], h[:ways-1])
		h[0] = int32(i + 1)
	}
}

// longest returns the longest match at i among the candidate distances and
// the hash table's, preferring the earlier candidate on a tie.
func (d *deflater) longest(data []byte, i int) (int, int) {
	n := min(maxMatch, len(data)-i)
	if n < minMatch {
		return 0, 0
	}
	best, bestD := 0, 0
	for c := range d.spans {
		s := &d.spans[c]
		if s.dist > i {
			continue
		}
		if i > s.end {
			s.end, s.exact = i, false
		}
		if s.end <= i+best && data[i+best] != data[i+best-s.dist] {
			continue // no longer than best: not worth knowing how long
		}
		if !s.exact && s.end < i+n {
			s.end += matchLen(data[s.end:i+n], data[s.end-s.dist:])
			s.exact = s.end < i+n
		}
		if l := min(s.end-i, n); l > best {
			best, bestD = l, s.dist
			if best == n {
				return best, bestD
			}
		}
	}
	cur := data[i : i+n]
	head := binary.LittleEndian.Uint32(cur)
	for _, p := range d.head[hash4(data, i)] {
		dist := i - int(p) + 1
		if p == 0 || dist > window {
			continue
		}
		// To beat best, a match shares the first four bytes and the byte at best.
		prev := data[i-dist:]
		if binary.LittleEndian.Uint32(prev) != head || prev[best] != cur[best] {
			continue
		}
		if l := matchLen(cur, prev); l > best {
			best, bestD = l, dist
			if best == n {
				break
			}
		}
	}
	return best, bestD
}

// A span remembers how far data repeats itself at one candidate distance
// dist: data[k] == data[k-dist] for every k from the position it was
// last asked about up to end, and if exact, not at end. The positions
// asked about only grow, so each byte is compared at most once a
// candidate.
type span struct {
	dist, end int
	exact     bool
}

// newSpans starts a span for each candidate distance within the window.
func (d *deflater) newSpans() {
	d.spans = d.spans[:0]
	for _, c := range d.cands {
		if c > 0 && c <= window {
			d.spans = append(d.spans, span{dist: c})
		}
	}
}

// matchLen counts the leading bytes a and b share; b is at least as long.
func matchLen(a, b []byte) int {
	b = b[:len(a)]
	k := 0
	for ; k+8 <= len(a); k += 8 {
		if x := binary.LittleEndian.Uint64(a[k:k+8]) ^ binary.LittleEndian.Uint64(b[k:k+8]); x != 0 {
			return k + bits.TrailingZeros64(x)/8
		}
	}
	for ; k < len(a) && a[k] == b[k]; k++ {
	}
	return k
}

// Length and distance codes of RFC 1951 3.2.5.
var (
	lengthBase = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
		35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
		3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
		257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
		7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
	// lengthCode[l-3] is the code of match length l, less 257.
	lengthCode = func() (t [256]uint8) {
		for c := range lengthBase {
			for l := int(lengthBase[c]); l < 259 && (c == 28 || l < int(lengthBase[c+1])); l++ {
				t[l-3] = uint8(c)
			}
		}
		return t
	}()
)

// distCodes[d-1] is the code of distance d.
var distCodes = func() (t [window]uint8) {
	for c := range distBase {
		end := window + 1
		if c+1 < len(distBase) {
			end = int(distBase[c+1])
		}
		for d := int(distBase[c]); d < end; d++ {
			t[d-1] = uint8(c)
		}
	}
	return t
}()

func distCode(dist int) int { return int(distCodes[dist-1]) }

// codeLenOrder is the order code length code lengths are sent in.
var codeLenOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// block writes the gathered tokens as one block with dynamic Huffman codes.
func (d *deflater) block(final bool) {
	clear(d.lit[:])
	clear(d.dist[:])
	d.lit[256] = 1
	for _, t := range d.toks {
		if t&matchFlag == 0 {
			d.lit[t]++
			continue
		}
		d.lit[257+int(lengthCode[int(t>>16&0x1ff)-3])]++
		d.dist[distCode(int(t&0xffff))]++
	}
	litLens := huffLengths(d.lit[:], 15)
	distLens := huffLengths(d.dist[:], 15)
	if slices.Max(distLens) == 0 {
		distLens[0] = 1 // one unused code, as RFC 1951 3.2.7 allows
	}
	nlit := max(257, lastNonZero(litLens)+1)
	ndist := max(1, lastNonZero(distLens)+1)
	syms := runLengths(append(append([]uint8(nil), litLens[:nlit]...), distLens[:ndist]...))
	var clFreq [19]int32
	for _, s := range syms {
		clFreq[s&0x1f]++
	}
	clLens := huffLengths(clFreq[:], 7)
	ncl := 4
	for i, s := range codeLenOrder {
		if clLens[s] != 0 {
			ncl = max(ncl, i+1)
		}
	}

	w := &d.bw
	fin := uint64(0)
	if final {
		fin = 1
	}
	w.write(fin|2<<1, 3)
	w.write(uint64(nlit-257), 5)
	w.write(uint64(ndist-1), 5)
	w.write(uint64(ncl-4), 4)
	for _, s := range codeLenOrder[:ncl] {
		w.write(uint64(clLens[s]), 3)
	}
	clCodes := huffCodes(clLens)
	for _, s := range syms {
		sym := s & 0x1f
		w.write(uint64(clCodes[sym]), uint(clLens[sym]))
		switch sym {
		case 16:
			w.write(uint64(s>>5), 2)
		case 17:
			w.write(uint64(s>>5), 3)
		case 18:
			w.write(uint64(s>>5), 7)
		}
	}
	litCodes, dCodes := huffCodes(litLens), huffCodes(distLens)
	for _, t := range d.toks {
		if t&matchFlag == 0 {
			w.write(uint64(litCodes[t]), uint(litLens[t]))
			continue
		}
		l, dist := int(t>>16&0x1ff), int(t&0xffff)
		lc := int(lengthCode[l-3])
		w.write(uint64(litCodes[257+lc]), uint(litLens[257+lc]))
		w.write(uint64(l-int(lengthBase[lc])), uint(lengthExtra[lc]))
		dc := distCode(dist)
		w.write(uint64(dCodes[dc]), uint(distLens[dc]))
		w.write(uint64(dist-int(distBase[dc])), uint(distExtra[dc]))
	}
	w.write(uint64(litCodes[256]), uint(litLens[256]))
	d.toks = d.toks[:0]
}

func lastNonZero(l []uint8) int {
	for i := len(l) - 1; i >= 0; i-- {
		if l[i] != 0 {
			return i
		}
	}
	return -1
}

// runLengths codes a sequence of code lengths with the code length
// alphabet: each symbol is code | extra<<5.
func runLengths(lens []uint8) []uint16 {
	var out []uint16
	for i := 0; i < len(lens); {
		l := lens[i]
		run := 1
		for i+run < len(lens) && lens[i+run] == l {
			run++
		}
		i += run
		if l == 0 {
			for run >= 11 {
				r := min(run, 138)
				out = append(out, 18|uint16(r-11)<<5)
				run -= r
			}
			if run >= 3 {
				out = append(out, 17|uint16(run-3)<<5)
				run = 0
			}
		} else {
			out = append(out, uint16(l))
			run--
			for run >= 3 {
				r := min(run, 6)
				out = append(out, 16|uint16(r-3)<<5)
				run -= r
			}
		}
		for ; run > 0; run-- {
			out = append(out, uint16(l))
		}
	}
	return out
}

// huffLengths returns Huffman code lengths of at most maxBits for freq; a
// lone symbol gets length 1.
func huffLengths(freq []int32, maxBits int) []uint8 {
	lens := make([]uint8, len(freq))
	var syms []int
	for s, f := range freq {
		if f > 0 {
			syms = append(syms, s)
		}
	}
	switch len(syms) {
	case 0:
		return lens
	case 1:
		lens[syms[0]] = 1
		return lens
	}
	// Least frequent first; the two-queue construction of a Huffman tree.
	slices.SortStableFunc(syms, func(a, b int) int { return int(freq[a] - freq[b]) })
	type node struct {
		f    int64
		kids [2]int // a leaf is -1-index into syms
	}
	nodes := make([]node, 0, len(syms)-1)
	li, qi := 0, 0
	pick := func() (int64, int) {
		if li < len(syms) && (qi >= len(nodes) || int64(freq[syms[li]]) <= nodes[qi].f) {
			li++
			return int64(freq[syms[li-1]]), -li
		}
		qi++
		return nodes[qi-1].f, qi - 1
	}
	for len(nodes) < len(syms)-1 {
		f1, a := pick()
		f2, b := pick()
		nodes = append(nodes, node{f1 + f2, [2]int{a, b}})
	}
	// Depths of the leaves, counted per length.
	var count [64]int
	depth := make([]int, len(nodes))
	for n := len(nodes) - 1; n >= 0; n-- {
		for _, k := range nodes[n].kids {
			if k >= 0 {
				depth[k] = depth[n] + 1
			} else {
				count[min(depth[n]+1, 63)]++
			}
		}
	}
	limitLengths(count[:], maxBits)
	// The most frequent symbols get the shortest codes.
	i := len(syms) - 1
	for l := 1; l <= maxBits; l++ {
		for c := 0; c < count[l]; c++ {
			lens[syms[i]] = uint8(l)
			i--
		}
	}
	return lens
}

// limitLengths moves codes longer than maxBits up to it and restores the
// Kraft sum by lengthening shorter codes (as miniz does).
func limitLengths(count []int, maxBits int) {
	for l := maxBits + 1; l < len(count); l++ {
		count[maxBits] += count[l]
		count[l] = 0
	}
	total := 0
	for l := maxBits; l > 0; l-- {
		total += count[l] << (maxBits - l)
	}
	for total > 1<<maxBits {
		count[maxBits]--
		for l := maxBits - 1; l > 0; l-- {
			if count[l] > 0 {
				count[l]--
				count[l+1] += 2
				break
			}
		}
		total--
	}
}

// huffCodes returns the canonical codes for lens, bit-reversed for writing
// least significant bit first.
func huffCodes(lens []uint8) []uint16 {
	var count [16]int
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	var next [16]int
	code := 0
	for l := 1; l < 16; l++ {
		code = (code + count[l-1]) << 1
		next[l] = code
	}
	codes := make([]uint16, len(lens))
	for s, l := range lens {
		if l > 0 {
			codes[s] = bits.Reverse16(uint16(next[l])) >> (16 - l)
			next[l]++
		}
	}
	return codes
}

// bitWriter packs bits least significant first.
type bitWriter struct {
	out  []byte
	acc  uint64
	nacc uint
}

func (w *bitWriter) write(v uint64, n uint) {
	w.acc |= v << w.nacc
	w.nacc += n
	for w.nacc >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.nacc -= 8
	}
}

func (w *bitWriter) flush() {
	if w.nacc > 0 {
		w.out = append(w.out, byte(w.acc))
	}
	w.acc, w.nacc = 0, 0
}
