package post

import (
	"strings"

	"umpire/referee"
)

// TextBoard draws a view as text, for transports without pictures: on
// the 8×8 board, ranks 8 to 1 (1 to 8 when Black is at the bottom) with
// their numbers and the files' letters, a man's letter on its square, '.'
// for an empty one and '?' for one the seat cannot see. Other geometries
// show their board string, a part a line.
func TextBoard(v referee.View) string {
	if v.Geometry != "8x8" || len(v.Cells) != 64 {
		return strings.ReplaceAll(strings.ReplaceAll(v.Board, " | ", "\n"), "/", "\n")
	}
	files := "a b c d e f g h"
	ranks := []int{7, 6, 5, 4, 3, 2, 1, 0}
	order := []int{0, 1, 2, 3, 4, 5, 6, 7}
	if v.Bottom == referee.Black {
		ranks, order, files = order, ranks, "h g f e d c b a"
	}
	var sb strings.Builder
	for _, r := range ranks {
		sb.WriteByte(byte('1' + r))
		for _, f := range order {
			sb.WriteByte(' ')
			sb.WriteByte(v.Cells[r*8+f])
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("  " + files)
	return sb.String()
}
