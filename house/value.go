package house

import "umpire/referee/board"

// Values of men in pawns, for the house's sums. A royal man's loss ends
// the game, so it is worth more than all the rest together.
const (
	royalValue = 1000
	mateValue  = 5000
)

var values = [...]int{
	board.King: 0, board.Queen: 9, board.Rook: 5, board.Bishop: 3, board.Knight: 3,
	board.Pawn: 1, board.Dame: 4, board.General: 9, board.Crownless: 3, board.Amazon: 12,
	board.Stone: -2, board.Mine: -2,
}

// worth is what a man is worth to the side that keeps it; royal tells
// whether it is the man whose capture loses (a king in dark chess, a
// crowned monarch, a monarch whose crown is not known).
func worth(m board.Man, royal bool) int {
	if royal {
		return royalValue
	}
	if int(m.Kind()) < len(values) {
		return values[m.Kind()]
	}
	return 0
}
