package board

// Standard is the 8×8 board. Cell a1 is 0, b1 is 1, …, h8 is 63:
// cell = rank*8 + file, with files and ranks counted from 0.
var Standard = newStandard()

// Sq returns the 8×8 cell of file f and rank r (both 0–7).
func Sq(f, r int) Cell { return Cell(r*8 + f) }

// FileOf and RankOf split an 8×8 cell (0–7 each).
func FileOf(c Cell) int { return int(c) & 7 }

// RankOf returns the rank (0–7) of an 8×8 cell.
func RankOf(c Cell) int { return int(c) >> 3 }

// standardDirs are the steps (files, ranks) of the rook's rays, then the
// bishop's, in the order of Standard's tables; standardLeaps the knight's.
var (
	standardDirs  = [8][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}}
	standardLeaps = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
)

func newStandard() *Geometry {
	g := &Geometry{Name: "8x8"}
	on := func(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }
	for c := 0; c < 64; c++ {
		g.Names = append(g.Names, string(rune('a'+c%8))+string(rune('1'+c/8)))
	}
	ray := func(f, r, df, dr int) Ray {
		var out Ray
		for f, r = f+df, r+dr; on(f, r); f, r = f+df, r+dr {
			out = append(out, Sq(f, r))
		}
		return out
	}
	rays := func(f, r int, dirs [][2]int) []Ray {
		var out []Ray
		for _, d := range dirs {
			if x := ray(f, r, d[0], d[1]); len(x) > 0 {
				out = append(out, x)
			}
		}
		return out
	}
	orth, diag, leaps := standardDirs[:4], standardDirs[4:], standardLeaps[:]
	g.Orth = make([][]Ray, 64)
	g.Diag = make([][]Ray, 64)
	g.Knight = make([][]Cell, 64)
	for a := 0; a < 2; a++ {
		g.PawnPush[a] = make([]Cell, 64)
		g.PawnDouble[a] = make([]Cell, 64)
		g.PawnCapture[a] = make([][]Cell, 64)
		g.Promotes[a] = make([]bool, 64)
	}
	for c := 0; c < 64; c++ {
		f, r := c%8, c/8
		g.Orth[c] = rays(f, r, orth)
		g.Diag[c] = rays(f, r, diag)
		for _, l := range leaps {
			if on(f+l[0], r+l[1]) {
				g.Knight[c] = append(g.Knight[c], Sq(f+l[0], r+l[1]))
			}
		}
		for a, dr := range []int{1, -1} {
			g.PawnPush[a][c], g.PawnDouble[a][c] = NoCell, NoCell
			start, last := 1, 7
			if a == 1 {
				start, last = 6, 0
			}
			g.Promotes[a][c] = r == last
			if r == last {
				continue
			}
			g.PawnPush[a][c] = Sq(f, r+dr)
			if r == start {
				g.PawnDouble[a][c] = Sq(f, r+2*dr)
			}
			for _, df := range []int{-1, 1} {
				if on(f+df, r+dr) {
					g.PawnCapture[a][c] = append(g.PawnCapture[a][c], Sq(f+df, r+dr))
				}
			}
		}
	}
	g.finish(2)
	return g
}
