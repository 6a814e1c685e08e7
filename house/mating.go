package house

import "umpire/referee/board"

// Men enough to mate. Where too few men draw the game (Kriegspiel and
// dark chess end it by insufficient material, and a lone knight or bishop
// mates nobody blind), a side ahead in men but without the men to mate is
// not winning: a trade that leaves the house so throws its game away. The
// searches of these variants count the balance of men so (searcher's
// mating): a side that can no longer mate gains nothing by being ahead.

// canMate reports whether army a on p has the men to mate a lone king: a
// pawn, a rook or a queen, or two minor pieces, a bishop among them.
func canMate(p *board.Position, a board.Army) bool {
	minors, bishops := 0, 0
	for c := range board.Cell(p.Geo.Len()) {
		m := p.At(c)
		if m.Empty() || m.Army() != a {
			continue
		}
		switch m.Kind() {
		case board.King:
		case board.Bishop:
			minors, bishops = minors+1, bishops+1
		case board.Knight:
			minors++
		default:
			return true
		}
	}
	return minors >= 2 && bishops >= 1
}

// drawish is the balance sum of men on p, for the side to move, with the
// lead of a side that cannot mate taken away.
func drawish(p *board.Position, sum int) int {
	if sum > 0 && !canMate(p, p.ToMove) || sum < 0 && !canMate(p, p.ToMove^1) {
		return 0
	}
	return sum
}
