package post

import (
	"strings"

	"umpire/referee"
	"umpire/referee/tri"
)

// TextBoard draws a view as text, for transports without pictures: on
// the 8×8 board, ranks 8 to 1 (1 to 8 when Black is at the bottom) with
// their numbers and the files' letters, a man's letter on its square, '.'
// for an empty one and '?' for one the seat cannot see. The letters are
// the reader's (boardLetters), as its moves are written: upper case for
// White, lower case for Black. Three-player chess draws its thirds as
// triadTextBoard does. Other geometries show their board string, a part a
// line.
func TextBoard(v referee.View, lang string) string {
	if v.Geometry == tri.Geometry.Name && len(v.Cells) == 2*tri.Cells {
		return triadTextBoard(v, lang)
	}
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
			sb.WriteString(boardLetter(lang, v.Cells[r*8+f]))
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("  " + files)
	return sb.String()
}

// triadTextBoard draws the three thirds of three-player chess one under
// the other, each as its own seat sees it (rank 4 at the top, files a to
// h), the reader's own third last, as in its picture: the next seat's
// third, the previous seat's, its own. Above each third its files are
// written with the third's letter, so that a cell's full name is the
// letters above it and the rank before it ("we" and 4: we4). A cell holds
// its man's army and piece letters ("rN") or "..".
func triadTextBoard(v referee.View, lang string) string {
	own := 0
	for t, s := range []referee.Seat{referee.White, referee.Red, referee.Black} {
		if v.Bottom == s {
			own = t
		}
	}
	var sb strings.Builder
	for i := 1; i <= tri.Armies; i++ {
		t := (own + i) % tri.Armies
		if i > 1 {
			sb.WriteByte('\n')
		}
		sb.WriteString(" ")
		for f := 1; f <= 8; f++ {
			sb.WriteString(" " + tri.Coord{T: t, R: 1, F: f}.Name()[:2])
		}
		for r := 4; r >= 1; r-- {
			sb.WriteString("\n" + string(rune('0'+r)))
			for f := 1; f <= 8; f++ {
				c := int(tri.Coord{T: t, R: r, F: f}.Cell())
				sb.WriteString(" " + string(v.Cells[2*c:2*c+1]) + boardLetter(lang, v.Cells[2*c+1]))
			}
		}
	}
	return sb.String()
}

// boardLetters are the letters of the men on a text board in a language
// whose piece letters are not the English ones, by the English letter of
// the view's cells: the letters its moves are written with (Esperanto R D
// T K Ĉ, so that the board's K is the kuriero of a move), one letter a
// square. Russian writes the king Кр in a move; on the board, one letter
// a square, it is К and the knight Н, as the board's legend says
// (board-legend). The variants' own men: the dame D (Д), the
// generalissimo G (Ф), krono's uncrowned monarch C (М); stones keep S and
// X, the letters they are placed with.
var boardLetters = map[string]map[byte]string{
	"ru": {'K': "К", 'Q': "Ф", 'R': "Л", 'B': "С", 'N': "Н", 'P': "П", 'D': "Д", 'G': "Ф", 'C': "М"},
	"eo": {'K': "R", 'Q': "D", 'R': "T", 'B': "K", 'N': "Ĉ", 'P': "P", 'D': "D", 'G': "G", 'C': "C"},
}

// boardLetter is the letter of a cell's man in lang: upper case for
// White, lower case for Black; '.', '?' and unknown letters as they are.
func boardLetter(lang string, c byte) string {
	letters := boardLetters[lang]
	up := c &^ 0x20
	l, ok := letters[up]
	if !ok || c < 'A' {
		return string(c)
	}
	if c != up { // lower case: Black
		return strings.ToLower(l)
	}
	return l
}
