package house

import (
	"strings"

	"umpire/referee"
	"umpire/referee/board"
)

// belief is where a Kriegspiel seat thinks the enemy's men may be, a
// weight from 0 to 1 per cell for its pawns, its pieces and its king. It
// is rebuilt from the seat's score sheet every time: the enemy starts on
// its first two ranks, spreads a little with each of its moves, stands
// where it was heard to capture, and is not where the seat's own men went.
type belief struct {
	pawn, piece, king [64]float32
	retake            board.Cell // where the enemy's last move took a man
	pawnTry           bool       // the umpire said a pawn capture is there
	trySquares        map[board.Cell]bool
}

// believe builds the belief of a seat from its view.
func believe(s *sight) *belief {
	b := &belief{retake: board.NoCell}
	home, pawns := 7, 6
	if s.us == 1 {
		home, pawns = 0, 1
	}
	for f := range 8 {
		b.pawn[board.Sq(f, pawns)] = 1
		b.piece[board.Sq(f, home)] = 1
	}
	b.king[board.Sq(4, home)] = 1
	for _, l := range s.v.Sheet {
		b.line(s.v.Seat, l)
	}
	for c := range board.Cell(64) {
		if !s.unknown[c] {
			b.pawn[c], b.piece[c], b.king[c] = 0, 0, 0
		}
	}
	b.hear(s.v.Said)
	b.checked(s)
	return b
}

// checked narrows the enemy king down to the lines the seat's own last
// move checked it along, when the umpire said so: the checks said before
// the first pawn-try information belong to the seat's move, those after
// it to the enemy's. The enemy has moved once since, so the belief then
// spreads by a step.
func (b *belief) checked(s *sight) {
	if len(s.v.LastMove) < 2 {
		return
	}
	from, ok := board.Standard.Lookup(s.v.LastMove[1])
	if !ok {
		return
	}
	var dirs []string
	for _, a := range s.v.Said {
		if a.Code == "pawn-tries" || a.Code == "pawn-capture" || a.Code == "try-squares" {
			break
		}
		if a.Code == "check" {
			dirs = append(dirs, a.Str("direction"))
		}
	}
	if len(dirs) == 0 || !separated(s.v.Said) {
		return
	}
	var king [64]float32
	for _, c := range lines(s, from, dirs) {
		king[c] = 1
	}
	b.king = diffuse(king, 0.5)
}

// separated reports whether the umpire's words mark where the seat's move
// ends and the enemy's begins (the pawn-try information of the rule set).
func separated(said []referee.Announcement) bool {
	for _, a := range said {
		if a.Code == "pawn-tries" || a.Code == "pawn-capture" || a.Code == "try-squares" {
			return true
		}
	}
	return false
}

// lines lists the cells a man on from reaches along the directions of
// the checks said: rays of the rank, the file, the diagonals (long and
// short alike), or knight leaps, each ray up to a man of the seat's own.
func lines(s *sight, from board.Cell, dirs []string) []board.Cell {
	var out []board.Cell
	for _, d := range dirs {
		var steps [][2]int
		switch d {
		case "rank":
			steps = [][2]int{{1, 0}, {-1, 0}}
		case "file":
			steps = [][2]int{{0, 1}, {0, -1}}
		case "knight":
			for _, k := range [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
				if c, ok := offset(from, k); ok && s.unknown[c] {
					out = append(out, c)
				}
			}
		default:
			steps = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
		}
		for _, st := range steps {
			for c, ok := offset(from, st); ok && s.unknown[c]; c, ok = offset(c, st) {
				out = append(out, c)
			}
		}
	}
	return out
}

// offset is the cell df, dr away from c, if on the board.
func offset(c board.Cell, d [2]int) (board.Cell, bool) {
	f, r := board.FileOf(c)+d[0], board.RankOf(c)+d[1]
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return board.NoCell, false
	}
	return board.Sq(f, r), true
}

// line takes one line of the score sheet into the belief.
func (b *belief) line(us referee.Seat, l referee.SheetLine) {
	if l.Seat == us {
		if l.Verdict == referee.Accepted && len(l.Text) >= 4 && isMove(l.Text) {
			b.crossed(l.Text)
		}
		return
	}
	b.spread()
	b.retake = board.NoCell
	if sq, ok := strings.CutPrefix(l.Text, "?x"); ok {
		if c, ok := board.Standard.Lookup(sq); ok {
			b.piece[c], b.retake = 1, c
		}
	}
}

// crossed empties the cells an accepted move of the seat's own went
// through and to: no enemy man stood there.
func (b *belief) crossed(text string) {
	from, ok1 := board.Standard.Lookup(text[0:2])
	to, ok2 := board.Standard.Lookup(text[2:4])
	if !ok1 || !ok2 {
		return
	}
	for _, c := range between(from, to) {
		b.pawn[c], b.piece[c], b.king[c] = 0, 0, 0
	}
}

// between lists the cells from a move's first to its last, the last
// included, when they lie on a line; else only the last.
func between(from, to board.Cell) []board.Cell {
	df, dr := board.FileOf(to)-board.FileOf(from), board.RankOf(to)-board.RankOf(from)
	if df != 0 && dr != 0 && abs(df) != abs(dr) {
		return []board.Cell{to}
	}
	n := max(abs(df), abs(dr))
	var out []board.Cell
	for i := 1; i <= n; i++ {
		out = append(out, board.Sq(board.FileOf(from)+df/n*i, board.RankOf(from)+dr/n*i))
	}
	return out
}

// spread moves a little of every weight to the neighbouring cells: the
// enemy made a move the seat did not see.
func (b *belief) spread() {
	b.piece = diffuse(b.piece, 0.2)
	b.king = diffuse(b.king, 0.3)
	var p [64]float32
	for c := range 64 {
		p[c] += b.pawn[c] * 0.92
		if fwd := c - 8; fwd >= 0 && b.pawn[c] > 0 && c < 56 && c >= 8 {
			p[fwd] += b.pawn[c] * 0.04
		}
		if fwd := c + 8; fwd < 64 && b.pawn[c] > 0 {
			p[fwd] += b.pawn[c] * 0.04
		}
	}
	b.pawn = p
}

// diffuse keeps 1-k of each weight and gives k to its eight neighbours,
// no weight above 1.
func diffuse(w [64]float32, k float32) [64]float32 {
	var out [64]float32
	for c := range 64 {
		out[c] += w[c] * (1 - k)
		f, r := c&7, c>>3
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if (df != 0 || dr != 0) && f+df >= 0 && f+df < 8 && r+dr >= 0 && r+dr < 8 {
					out[(r+dr)*8+f+df] += w[c] * k / 8 * 2
				}
			}
		}
	}
	for c := range out {
		out[c] = min(out[c], 1)
	}
	return out
}

// hear takes the umpire's last words on pawn captures.
func (b *belief) hear(said []referee.Announcement) {
	for _, a := range said {
		switch a.Code {
		case "pawn-tries":
			n, _ := a.Get("count").(int)
			b.pawnTry = n > 0
		case "pawn-capture":
			b.pawnTry, _ = a.Get("yes").(bool)
		case "try-squares":
			b.trySquares = trySquares(a)
			b.pawnTry = len(b.trySquares) > 0
		}
	}
}

// at is the weight of any enemy man on a cell.
func (b *belief) at(c board.Cell) float32 {
	return min(1, b.pawn[c]+b.piece[c]+b.king[c])
}

// trySquares reads rand's try-squares: the cells of the pawns that may
// take.
func trySquares(a referee.Announcement) map[board.Cell]bool {
	sq, _ := a.Get("squares").([]string)
	out := map[board.Cell]bool{}
	for _, name := range sq {
		if c, ok := board.Standard.Lookup(name); ok {
			out[c] = true
		}
	}
	return out
}
