// Package tri is the 96-cell board of three-player chess (rules/triad.md
// §1): three thirds of 4×8 cells that meet at a centre point, one third per
// army.
//
// A cell is a Coord: third T (0 white, 1 red, 2 black), rank R 1–4 (1 the
// back rank, 4 at the centre) and file F 1–8 (a–h). Every cell uses its own
// third's frame: F goes toward the centre, B toward rank 1, L toward file a,
// R toward file h. Only F from rank 4 crosses the seam into another third,
// and a man that crosses keeps going the same way on the board, which is the
// reverse in the new frame: Walk carries that "flip" from step to step.
//
// Geometry turns these rules into the tables of a board.Geometry once, at
// start: rook and bishop rays (a diagonal through the centre forks into two
// rays that share their first cells), knight leaps and the pawn tables of
// each army. Everything else in this package serves the rules and the
// pictures: cell names, colours, the start position, the board string.
package tri

import (
	"fmt"
	"strings"

	"umpire/referee/board"
)

// Cells is the number of cells.
const Cells = 96

// Armies is the number of armies and thirds.
const Armies = 3

// Letters are the letters of the thirds and armies: white, red, black.
const Letters = "wrb"

// Coord is a cell as third, rank and file. The zero Coord is no cell.
type Coord struct{ T, R, F int }

// Valid reports whether c is on the board.
func (c Coord) Valid() bool {
	return c.T >= 0 && c.T < Armies && c.R >= 1 && c.R <= 4 && c.F >= 1 && c.F <= 8
}

// Cell is the cell's index: third, then rank 1–4, then file a–h.
func (c Coord) Cell() board.Cell { return board.Cell(c.T*32 + (c.R-1)*8 + c.F - 1) }

// At splits a cell index into its Coord.
func At(c board.Cell) Coord { return Coord{int(c) / 32, int(c)%32/8 + 1, int(c)%8 + 1} }

// Name is the full cell name, "wa1" … "bh4".
func (c Coord) Name() string {
	return string([]byte{Letters[c.T], byte('a' + c.F - 1), byte('0' + c.R)})
}

// String is the name.
func (c Coord) String() string { return c.Name() }

// Dark reports the cell's colour (§1.10): dark when file + rank is even.
func (c Coord) Dark() bool { return (c.F+c.R)%2 == 0 }

// Dir is a step direction in a cell's own frame.
type Dir int

// The four directions.
const (
	F Dir = iota // toward the centre (rank + 1)
	B            // toward the back rank (rank − 1)
	L            // toward file a
	R            // toward file h
)

// Opposite turns F into B and L into R, and back.
func (d Dir) Opposite() Dir { return d ^ 1 }

// Step takes one step from c in direction d of c's own frame (§1.3). It
// reports whether the step crossed the seam, and ok false off the board.
func Step(c Coord, d Dir) (to Coord, crossed, ok bool) {
	switch d {
	case F:
		if c.R < 4 {
			return Coord{c.T, c.R + 1, c.F}, false, true
		}
		t := c.T + 2
		if c.F <= 4 {
			t = c.T + 1
		}
		return Coord{t % Armies, 4, 9 - c.F}, true, true
	case B:
		c.R--
	case L:
		c.F--
	case R:
		c.F++
	}
	return c, false, c.Valid()
}

// Walk is one step of a moving man: the direction is reversed while flip
// is set, and crossing the seam toggles flip.
func Walk(c Coord, flip bool, d Dir) (to Coord, flip2, ok bool) {
	if flip {
		d = d.Opposite()
	}
	to, crossed, ok := Step(c, d)
	return to, flip != crossed, ok
}

// Pos is a moving man's place: its cell and its flip.
type Pos struct {
	C    Coord
	Flip bool
}

// DiagStep takes the diagonal step (a, b), a one of F, B and b one of L, R
// (§1.6): walk a then b, and b then a. It returns the distinct cells reached
// (none, one, or two at the fork), each with its flip.
func DiagStep(p Pos, a, b Dir) []Pos {
	var out []Pos
	for _, order := range [2][2]Dir{{a, b}, {b, a}} {
		q, ok := walks(p, order[:]...)
		if !ok || (len(out) == 1 && out[0].C == q.C) {
			continue
		}
		out = append(out, q)
	}
	return out
}

// walks applies Walk once per direction, in order.
func walks(p Pos, dirs ...Dir) (Pos, bool) {
	for _, d := range dirs {
		c, flip, ok := Walk(p.C, p.Flip, d)
		if !ok {
			return p, false
		}
		p = Pos{c, flip}
	}
	return p, true
}

// Knight returns the knight's targets from c (§1.9): for each direction a
// and each b at right angles to it, walk a, a, b and b, a, a.
func Knight(c Coord) []Coord {
	var out []Coord
	for _, a := range []Dir{F, B, L, R} {
		for _, b := range rightAngles(a) {
			for _, path := range [2][3]Dir{{a, a, b}, {b, a, a}} {
				if q, ok := walks(Pos{C: c}, path[:]...); ok && !contains(out, q.C) {
					out = append(out, q.C)
				}
			}
		}
	}
	return out
}

func rightAngles(a Dir) [2]Dir {
	if a == F || a == B {
		return [2]Dir{L, R}
	}
	return [2]Dir{F, B}
}

func contains(list []Coord, c Coord) bool {
	for _, x := range list {
		if x == c {
			return true
		}
	}
	return false
}

// Geometry is the board as generator tables. Rays are listed depth first,
// so a ray that forks off shares its first cells with the ray before it.
var Geometry = build()

func build() *board.Geometry {
	g := &board.Geometry{Name: "triad"}
	g.Orth = make([][]board.Ray, Cells)
	g.Diag = make([][]board.Ray, Cells)
	g.Knight = make([][]board.Cell, Cells)
	for i := 0; i < Cells; i++ {
		c := At(board.Cell(i))
		g.Names = append(g.Names, c.Name())
		for _, d := range []Dir{F, B, L, R} {
			if r := orthRay(c, d); len(r) > 0 {
				g.Orth[i] = append(g.Orth[i], r)
			}
		}
		for _, a := range []Dir{F, B} {
			for _, b := range []Dir{L, R} {
				g.Diag[i] = diagRays(g.Diag[i], nil, Pos{C: c}, a, b)
			}
		}
		for _, k := range Knight(c) {
			g.Knight[i] = append(g.Knight[i], k.Cell())
		}
	}
	for a := 0; a < Armies; a++ {
		pawnTables(g, a)
	}
	g.Finish(Armies)
	return g
}

// orthRay repeats Walk in direction d until the board ends.
func orthRay(c Coord, d Dir) board.Ray {
	var r board.Ray
	for p, ok := (Pos{C: c}), true; ; {
		if p, ok = walks(p, d); !ok {
			return r
		}
		r = append(r, p.C.Cell())
	}
}

// diagRays appends to rays every ray that continues prefix from p with the
// diagonal step (a, b), one ray per branch after a fork.
func diagRays(rays []board.Ray, prefix board.Ray, p Pos, a, b Dir) []board.Ray {
	next := DiagStep(p, a, b)
	if len(next) == 0 {
		if len(prefix) > 0 {
			rays = append(rays, prefix)
		}
		return rays
	}
	for _, q := range next {
		ray := append(prefix[:len(prefix):len(prefix)], q.C.Cell())
		rays = diagRays(rays, ray, q, a, b)
	}
	return rays
}

// Forward is the way a pawn of army a standing on c moves (§1.11): F in its
// own third, B in any other.
func Forward(a int, c Coord) Dir {
	if c.T == a {
		return F
	}
	return B
}

// pawnTables fills the pawn tables of army a.
func pawnTables(g *board.Geometry, a int) {
	g.PawnPush[a] = make([]board.Cell, Cells)
	g.PawnDouble[a] = make([]board.Cell, Cells)
	g.PawnCapture[a] = make([][]board.Cell, Cells)
	g.Promotes[a] = make([]bool, Cells)
	for i := 0; i < Cells; i++ {
		c := At(board.Cell(i))
		g.PawnPush[a][i], g.PawnDouble[a][i] = board.NoCell, board.NoCell
		g.Promotes[a][i] = c.T != a && c.R == 1
		fwd := Forward(a, c)
		if to, _, ok := Step(c, fwd); ok {
			g.PawnPush[a][i] = to.Cell()
		}
		if c.T == a && c.R == 2 {
			g.PawnDouble[a][i] = Coord{a, 4, c.F}.Cell()
		}
		for _, side := range []Dir{L, R} {
			for _, q := range DiagStep(Pos{C: c}, fwd, side) {
				g.PawnCapture[a][i] = append(g.PawnCapture[a][i], q.C.Cell())
			}
		}
	}
}

// Lookup reads a full cell name, "wd4".
func Lookup(name string) (Coord, bool) {
	if len(name) != 3 {
		return Coord{}, false
	}
	t := strings.IndexByte(Letters, name[0])
	c := Coord{t, int(name[2] - '0'), int(name[1]-'a') + 1}
	return c, t >= 0 && name[1] >= 'a' && name[1] <= 'h' && c.Valid()
}

// Bare reads a bare cell name, "d4", in third t.
func Bare(name string, t int) (Coord, bool) {
	if len(name) != 2 {
		return Coord{}, false
	}
	return Lookup(string(Letters[t]) + name)
}

// Name is the full name of a cell index, "-" for board.NoCell.
func Name(c board.Cell) string { return Geometry.CellName(c) }

// back is the back rank, files a–h (§1.14).
var back = []board.Kind{board.Rook, board.Knight, board.Bishop, board.Queen, board.King, board.Bishop, board.Knight, board.Rook}

// Setup puts the men of every army on their start cells (§1.14).
func Setup(p *board.Position) {
	for a := 0; a < Armies; a++ {
		for f := 1; f <= 8; f++ {
			p.Put(Coord{a, 1, f}.Cell(), board.NewMan(board.Army(a), back[f-1]))
			p.Put(Coord{a, 2, f}.Cell(), board.NewMan(board.Army(a), board.Pawn))
		}
	}
}

// Rules are the generator rules of the three-player board, shared by the
// referee and any player that reasons about a position: three armies,
// promotion to Q R B N, each army's castlings, en passant, the king royal.
// Castling is still the referee's to judge (it knows which men are
// hostile). Treat it as read-only.
var Rules = &board.Rules{
	Armies:     Armies,
	Promotions: []board.Kind{board.Queen, board.Rook, board.Bishop, board.Knight},
	Castlings:  Castlings(),
	EnPassant:  true,
	Royal:      board.King,
}

// Castlings are the two castlings of every army inside its own third
// (§1.13), short then long, white, red, black.
func Castlings() []board.Castling {
	var out []board.Castling
	for a := 0; a < Armies; a++ {
		out = append(out, castling(a, 8, 7, 6, "KLk"[a]), castling(a, 1, 3, 4, "QMq"[a]))
	}
	return out
}

// castling makes the castling of army a with the rook on file rf: the king
// goes from e1 to file kt, the rook to file rt.
func castling(a, rf, kt, rt int, letter byte) board.Castling {
	cell := func(f int) board.Cell { return Coord{a, 1, f}.Cell() }
	c := board.Castling{Army: board.Army(a), Monarch: cell(5), Rook: cell(rf), MonarchTo: cell(kt), RookTo: cell(rt), Letter: letter, Long: rf < 5}
	for f := min(5, rf, kt, rt); f <= max(5, rf, kt, rt); f++ {
		if f != 5 && f != rf {
			c.Empty = append(c.Empty, cell(f))
		}
	}
	for f := min(5, kt); f <= max(5, kt); f++ {
		c.Pass = append(c.Pass, cell(f))
	}
	return c
}

// String writes the board string of triad.md §5.1: the thirds of white,
// red and black separated by " | ", each its ranks 4 to 1 separated by
// "/", two characters a cell (army letter and piece letter, ".." empty).
func String(p *board.Position) string {
	var b strings.Builder
	for t := 0; t < Armies; t++ {
		if t > 0 {
			b.WriteString(" | ")
		}
		for r := 4; r >= 1; r-- {
			if r < 4 {
				b.WriteByte('/')
			}
			for f := 1; f <= 8; f++ {
				b.WriteString(ManText(p.Cells[Coord{t, r, f}.Cell()]))
			}
		}
	}
	return b.String()
}

// ManText is a man as two characters, "wK", or ".." for an empty cell.
func ManText(m board.Man) string {
	if m.Empty() {
		return ".."
	}
	return string([]byte{Letters[m.Army()], m.Kind().Letter()})
}

// Parse reads a board string written by String into the cells of p,
// replacing what stood there.
func Parse(s string, p *board.Position) error {
	thirds := strings.Split(s, " | ")
	if len(thirds) != Armies {
		return fmt.Errorf("tri: want 3 thirds, have %d", len(thirds))
	}
	for t, third := range thirds {
		ranks := strings.Split(third, "/")
		if len(ranks) != 4 || len(third) != 4*16+3 {
			return fmt.Errorf("tri: third %c: want 4 ranks of 8 cells", Letters[t])
		}
		for i, row := range ranks {
			for f := 1; f <= 8; f++ {
				m, err := readMan(row[2*f-2 : 2*f])
				if err != nil {
					return err
				}
				p.Cells[Coord{t, 4 - i, f}.Cell()] = m
			}
		}
	}
	p.FindKings()
	return nil
}

func readMan(s string) (board.Man, error) {
	if s == ".." {
		return 0, nil
	}
	a, k := strings.IndexByte(Letters, s[0]), board.KindOf(s[1])
	if a < 0 || k == board.NoKind {
		return 0, fmt.Errorf("tri: bad man %q", s)
	}
	return board.NewMan(board.Army(a), k), nil
}
