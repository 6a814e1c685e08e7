package board

// Kind is a kind of man. The letters are those of rules/README.md.
type Kind uint8

// The kinds of men. Dame, General, Crownless, Amazon, Stone and Mine serve
// the variants (korona, krono, progressive).
const (
	NoKind    Kind = iota
	King           // K
	Queen          // Q
	Rook           // R
	Bishop         // B
	Knight         // N
	Pawn           // P
	Dame           // D: korona's queen, moves like a king
	General        // G: generalissimo, moves like a queen
	Crownless      // C: an uncrowned monarch from a krono promotion, moves like a king
	Amazon         // A: queen plus knight
	Stone          // S: never moves
	Mine           // X: a mined stone, never moves
	numKinds
)

const kindLetters = ".KQRBNPDGCASX"

// Letter is the upper-case letter of a kind.
func (k Kind) Letter() byte { return kindLetters[k] }

// KindOf reads an upper-case letter; NoKind when unknown.
func KindOf(letter byte) Kind {
	for k := King; k < numKinds; k++ {
		if kindLetters[k] == letter {
			return k
		}
	}
	return NoKind
}

// moves describes how a kind moves; the generator reads nothing else.
type moves struct {
	orth, diag bool // slides along rook / bishop rays
	step       bool // one step to any neighbour
	leap       bool // knight leaps
	pawn       bool
}

var kindMoves = [numKinds]moves{
	King:      {step: true},
	Queen:     {orth: true, diag: true},
	Rook:      {orth: true},
	Bishop:    {diag: true},
	Knight:    {leap: true},
	Pawn:      {pawn: true},
	Dame:      {step: true},
	General:   {orth: true, diag: true},
	Crownless: {step: true},
	Amazon:    {orth: true, diag: true, leap: true},
}

// Slides reports whether a kind slides along rook rays (orth) or bishop rays.
func (k Kind) Slides(orth bool) bool {
	if orth {
		return kindMoves[k].orth
	}
	return kindMoves[k].diag
}

// Steps reports whether a kind moves one step to any neighbour.
func (k Kind) Steps() bool { return kindMoves[k].step }

// Leaps reports whether a kind makes knight leaps.
func (k Kind) Leaps() bool { return kindMoves[k].leap }

// Army is a side: 0 white, 1 black (in three-player chess 0 white, 1 red, 2 black).
type Army uint8

// Man is a man on a cell: an army and a kind. The zero Man is an empty cell.
type Man uint8

// NewMan makes a man.
func NewMan(a Army, k Kind) Man { return Man(uint8(a)<<4 | uint8(k)) }

// Kind of the man; NoKind for an empty cell.
func (m Man) Kind() Kind { return Kind(m & 15) }

// Army of the man (meaningless for an empty cell).
func (m Man) Army() Army { return Army(m >> 4) }

// Empty reports whether the cell holds no man.
func (m Man) Empty() bool { return m == 0 }

// Letter is the man's letter: upper case for army 0, lower case otherwise,
// '.' for empty. Three-player boards write armies differently (see triad).
func (m Man) Letter() byte {
	if m == 0 {
		return '.'
	}
	l := m.Kind().Letter()
	if m.Army() != 0 {
		l += 'a' - 'A'
	}
	return l
}
