package render

// gifLZW compresses a GIF frame's pixels into the codes compress/lzw
// writes (least significant bit first, 8-bit literals, a clear code first
// and whenever the 4096 codes are taken): the same codes, byte for byte.
// It is faster on what a replay's frames hold, long runs of the
// transparent pixel: the code that follows a string and that pixel is
// kept in a table of its own, looked up without hashing.
type gifLZW struct {
	table [lzwTableSize]uint32   // key<<12 | code for every other byte, hashed
	run   [lzwMaxCode + 1]uint16 // the code for code's string and the run byte; 0: none
	runs  uint8                  // the run byte: the transparent pixel
	code  uint32                 // the string read and not yet written
	open  bool                   // whether code holds one
	hi    uint32                 // the last code given
	over  uint32                 // the first code that needs a wider width
	width uint
	bits  uint64
	nbits uint
	out   []byte
}

const (
	lzwClear     = 256
	lzwEOF       = 257
	lzwMaxCode   = 1<<12 - 1
	lzwTableSize = 4 << 12
	lzwTableMask = lzwTableSize - 1
)

// reset starts a new stream, whose run byte is runs, on out.
func (e *gifLZW) reset(runs uint8, out []byte) {
	e.runs, e.out, e.open = runs, out, false
	e.bits, e.nbits = 0, 0
	e.restart()
}

// restart empties the table, as a clear code does.
func (e *gifLZW) restart() {
	clear(e.table[:])
	clear(e.run[:])
	e.width, e.hi, e.over = 9, lzwEOF, 1<<9
}

// write compresses p.
func (e *gifLZW) write(p []byte) {
	if len(p) > 0 && !e.open {
		e.emit(lzwClear)
		e.code, e.open, p = uint32(p[0]), true, p[1:]
	}
	for _, x := range p {
		if x == e.runs {
			if c := e.run[e.code]; c != 0 {
				e.code = uint32(c)
				continue
			}
		} else if c, ok := e.find(e.code<<8 | uint32(x)); ok {
			e.code = c
			continue
		}
		e.emit(e.code)
		prefix := e.code
		e.code = uint32(x)
		if e.next() {
			e.keep(prefix, x)
		}
	}
}

// find looks a string (its prefix's code and its last byte) up.
func (e *gifLZW) find(key uint32) (uint32, bool) {
	for h := (key>>12 ^ key) & lzwTableMask; e.table[h] != 0; h = (h + 1) & lzwTableMask {
		if e.table[h]>>12 == key {
			return e.table[h] & lzwMaxCode, true
		}
	}
	return 0, false
}

// keep gives the string prefix+x the code e.hi.
func (e *gifLZW) keep(prefix uint32, x byte) {
	if x == e.runs {
		e.run[prefix] = uint16(e.hi)
		return
	}
	key := prefix<<8 | uint32(x)
	h := (key>>12 ^ key) & lzwTableMask
	for e.table[h] != 0 {
		h = (h + 1) & lzwTableMask
	}
	e.table[h] = key<<12 | e.hi
}

// next takes the next code, widening the codes when they need it; when
// none is left it writes a clear code, starts again and returns false.
func (e *gifLZW) next() bool {
	e.hi++
	if e.hi == e.over {
		e.width++
		e.over <<= 1
	}
	if e.hi == lzwMaxCode {
		e.emit(lzwClear)
		e.restart()
		return false
	}
	return true
}

// emit writes one code.
func (e *gifLZW) emit(c uint32) {
	e.bits |= uint64(c) << e.nbits
	e.nbits += e.width
	for e.nbits >= 8 {
		e.out = append(e.out, byte(e.bits))
		e.bits >>= 8
		e.nbits -= 8
	}
}

// close writes what is left and the end code, and returns the stream.
func (e *gifLZW) close() []byte {
	if e.open {
		e.emit(e.code)
		e.next()
	} else {
		e.emit(lzwClear)
	}
	e.emit(lzwEOF)
	if e.nbits > 0 {
		e.out = append(e.out, byte(e.bits))
	}
	return e.out
}
