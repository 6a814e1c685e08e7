package referee

import "umpire/referee/board"

// Check directions, in the order double checks are announced (kriegspiel.md §4).
var directionOrder = []string{"rank", "file", "long-diagonal", "short-diagonal", "knight"}

// direction names the line from an 8×8 king to a man checking it: rank,
// file, knight, or the longer or shorter diagonal through the king.
func direction(king, from board.Cell) string {
	kf, kr := board.FileOf(king), board.RankOf(king)
	df, dr := board.FileOf(from)-kf, board.RankOf(from)-kr
	switch {
	case dr == 0:
		return "rank"
	case df == 0:
		return "file"
	case df != dr && df != -dr:
		return "knight"
	}
	up := 8 - abs(kf-kr)     // squares on the a1–h8 diagonal through the king
	down := 8 - abs(kf+kr-7) // squares on the a8–h1 diagonal
	mine, theirs := up, down
	if df != dr {
		mine, theirs = down, up
	}
	if mine > theirs {
		return "long-diagonal"
	}
	return "short-diagonal"
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// checks lists the check announcements for the king of the side to move,
// one per checking man, in directionOrder, addressed to to.
func checks(p *board.Position, to []Seat) []Announcement {
	king := p.King[p.ToMove]
	if king == board.NoCell {
		return nil
	}
	count := map[string]int{}
	for _, c := range p.Attackers(king, p.ToMove) {
		count[direction(king, c)]++
	}
	var out []Announcement
	for _, d := range directionOrder {
		for i := 0; i < count[d]; i++ {
			out = append(out, Say("check", to, "direction", d))
		}
	}
	return out
}

// checkers lists the cells of the men checking the side to move.
func checkers(p *board.Position) []string {
	king := p.King[p.ToMove]
	if king == board.NoCell {
		return nil
	}
	var out []string
	for _, c := range p.Attackers(king, p.ToMove) {
		out = append(out, p.Geo.CellName(c))
	}
	return out
}

// endRules say which automatic ends a rule set applies after each move.
type endRules struct {
	stalemateLoses bool // rand: the stalemated seat loses
	noRepetition   bool // berkeley: neither repetition nor the fifty-move rule
}

// judge applies the end of the game after an accepted move, in the order of
// kriegspiel.md 2.4: checkmate, stalemate, insufficient material,
// repetition, fifty moves. It reports whether the game ended.
func judge(t *table, r endRules) bool {
	mover := other(t.turn())
	switch {
	case len(t.pos.Legal(nil)) == 0 && t.pos.InCheck():
		t.end(winFor(mover), "checkmate")
	case len(t.pos.Legal(nil)) == 0 && r.stalemateLoses:
		t.end(winFor(mover), "stalemate-loss")
	case len(t.pos.Legal(nil)) == 0:
		t.end("1/2-1/2", "stalemate")
	case t.insufficient():
		t.end("1/2-1/2", "insufficient-material")
	case !r.noRepetition && t.repeated():
		t.end("1/2-1/2", "repetition")
	case !r.noRepetition && t.fifty():
		t.end("1/2-1/2", "fifty-move")
	default:
		return false
	}
	return true
}

// captureSaid describes the man a move takes, before it is played: the
// square it is removed from and whether it is a pawn or a piece.
func captureSaid(p *board.Position, m board.Move, to []Seat, what bool) []Announcement {
	c := p.Captured(m)
	if c == board.NoCell {
		return nil
	}
	if !what {
		return []Announcement{Say("capture", to, "square", p.Geo.CellName(c))}
	}
	kind := "piece"
	if p.Cells[c].Kind() == board.Pawn {
		kind = "pawn"
	}
	return []Announcement{Say("capture", to, "square", p.Geo.CellName(c), "what", kind)}
}

// match returns the moves of list that the tries name. A try without a
// promotion letter matches every promotion of its move.
func match(tries []Try, list []board.Move) []board.Move {
	var out []board.Move
	for _, m := range list {
		for _, t := range tries {
			if t.From == m.From && t.To == m.To && (t.Promo == m.Promo || t.Promo == board.NoKind) {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

// coords writes moves in coordinates.
func coords(g *board.Geometry, ms []board.Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Coord(g))
	}
	return out
}
