package post

import (
	"strings"

	"umpire/referee"
	"umpire/referee/board"
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
	rows := BoardRows(v)
	if rows == nil {
		return strings.ReplaceAll(strings.ReplaceAll(v.Board, " | ", "\n"), "/", "\n")
	}
	if v.Geometry == tri.Geometry.Name {
		return triadTextBoard(v, rows, lang)
	}
	files := "a b c d e f g h"
	if v.Bottom == referee.Black {
		files = "h g f e d c b a"
	}
	var sb strings.Builder
	for _, row := range rows {
		sb.WriteByte(byte('1' + row[0]/8))
		for _, c := range row {
			sb.WriteByte(' ')
			sb.WriteString(BoardLetter(lang, v.Cells[c]))
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("  " + files)
	return sb.String()
}

// triadTextBoard draws the three thirds of three-player chess one under
// the other, in BoardRows' order: each as its own seat sees it, the
// reader's own third last, as in its picture. Above each third its files
// are written with the third's letter, so that a cell's full name is the
// letters above it and the rank before it ("we" and 4: we4). A cell holds
// its man's army and piece letters ("rN") or "..".
func triadTextBoard(v referee.View, rows [][]int, lang string) string {
	var sb strings.Builder
	for i, row := range rows {
		if i%4 == 0 {
			if i > 0 {
				sb.WriteByte('\n')
			}
			sb.WriteString(" ")
			for _, c := range row {
				sb.WriteString(" " + tri.Geometry.CellName(board.Cell(c))[:2])
			}
		}
		name := tri.Geometry.CellName(board.Cell(row[0]))
		sb.WriteString("\n" + name[2:])
		for _, c := range row {
			sb.WriteString(" " + string(v.Cells[2*c:2*c+1]) + BoardLetter(lang, v.Cells[2*c+1]))
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

// BoardLetter is the letter of a cell's man in lang: upper case for
// White, lower case for Black; '.', '?' and unknown letters as they are.
func BoardLetter(lang string, c byte) string {
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
