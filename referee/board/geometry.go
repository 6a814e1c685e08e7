package board

// Cell is an index into a Geometry's cells. NoCell marks "no such cell".
type Cell int8

// NoCell is the cell beyond an edge.
const NoCell Cell = -1

// MaxCells bounds the number of cells of any Geometry (the 96-cell board fits).
const MaxCells = 128

// MaxArmies bounds the number of armies (three-player chess has three).
const MaxArmies = 3

// A Ray is the list of cells a slider passes, nearest first. Rays may share a
// prefix where a board forks (a diagonal through the centre of the
// three-player board), so a slider simply follows every ray of its kind.
// The rays of a fork come one after the other: the cells a ray shares with
// the ray before it (see SharedPrefix) are listed, and attack, only once.
type Ray []Cell

// Geometry describes a board by tables. All tables are indexed by Cell and,
// for pawns, by army. The tables must be symmetric where chess is: if a cell
// B is on a ray from A, then A is on a ray of the same kind from B, and the
// same for knight leaps. Attack detection relies on it.
type Geometry struct {
	Name   string   // a stable name, "8x8" or "triad"
	Names  []string // cell names, as players write them
	Orth   [][]Ray  // rook rays from each cell
	Diag   [][]Ray  // bishop rays from each cell
	Knight [][]Cell // knight leaps from each cell
	King   [][]Cell // all neighbours (first cells of every ray, distinct)

	// Pawn tables, per army then per cell.
	PawnPush    [MaxArmies][]Cell   // one step forward, or NoCell
	PawnDouble  [MaxArmies][]Cell   // the double step from a start cell, or NoCell
	PawnCapture [MaxArmies][][]Cell // the cells a pawn captures on
	PawnAttack  [MaxArmies][][]Cell // the cells from which a pawn of the army captures onto a cell
	Promotes    [MaxArmies][]bool   // a pawn of the army arriving here promotes

	index map[string]Cell
}

// Len reports the number of cells.
func (g *Geometry) Len() int { return len(g.Names) }

// Name of a cell, or "-" for NoCell.
func (g *Geometry) CellName(c Cell) string {
	if c < 0 || int(c) >= len(g.Names) {
		return "-"
	}
	return g.Names[c]
}

// Lookup finds a cell by its name.
func (g *Geometry) Lookup(name string) (Cell, bool) {
	c, ok := g.index[name]
	return c, ok
}

// Finish derives the tables that follow from the others (see finish). A
// Geometry built outside this package calls it once, after filling Names,
// Orth, Diag, Knight and the pawn tables of every army.
func (g *Geometry) Finish(armies int) { g.finish(armies) }

// finish derives the tables that follow from the others: the name index,
// king steps (the first cell of every ray) and the reverse pawn table.
func (g *Geometry) finish(armies int) {
	n := len(g.Names)
	g.index = make(map[string]Cell, n)
	for i, name := range g.Names {
		g.index[name] = Cell(i)
	}
	g.King = make([][]Cell, n)
	for c := 0; c < n; c++ {
		seen := map[Cell]bool{}
		for _, rays := range [][]Ray{g.Orth[c], g.Diag[c]} {
			for _, r := range rays {
				if len(r) > 0 && !seen[r[0]] {
					seen[r[0]] = true
					g.King[c] = append(g.King[c], r[0])
				}
			}
		}
	}
	for a := 0; a < armies; a++ {
		g.PawnAttack[a] = make([][]Cell, n)
		for c := 0; c < n; c++ {
			for _, t := range g.PawnCapture[a][c] {
				g.PawnAttack[a][t] = append(g.PawnAttack[a][t], Cell(c))
			}
		}
	}
}
