package referee

import (
	"regexp"
	"strings"
	"unicode"
)

// Moves as books print them. The seed games and the players who learnt
// from such books write habits a reader takes in stride, and ParseMove
// reads them too, besides the move as written:
//
//   - a space inside a move: "е 4", "Дс 2", "п : f6", "Cx f3" (castling
//     with its monarch, "0-0 (Кр)", keeps its spaces: its own reader needs
//     them);
//   - a capital file letter on a square: "Л B1", "п : B4", "D3";
//   - (a pawn capture named by its two files, "gf", is read where the
//     mover sees the whole board: kriegspiel.md §6.6, fullViewTries);
//   - Latin look-alikes of Cyrillic letters in a Russian seat's notation
//     (NotationRussian): "Kc6", "Ce2", "Kph7".

// printedForms are the forms of a move text to read: as written, then
// without its spaces, then with its capital files in lower case; for a
// Russian seat also with a bishop printed as a small Latin c ("cc5", the
// look-alike of a small с) in its capital Cyrillic letter.
func printedForms(s, lang string) []string {
	out := []string{s}
	if !strings.ContainsFunc(s, unicode.IsSpace) && !hasCapitalFile(s) && (lang != NotationRussian || !strings.HasPrefix(s, "c")) {
		return out // as most moves are written: nothing else to read
	}
	add := func(f string) {
		for _, o := range out {
			if o == f {
				return
			}
		}
		out = append(out, f)
	}
	if !strings.Contains(s, "(") {
		add(strings.Join(strings.Fields(s), ""))
	}
	for _, f := range out {
		add(lowerFiles(f))
	}
	if lang == NotationRussian {
		for _, f := range out {
			if smallBishop.MatchString(f) {
				add("С" + f[1:])
			}
		}
	}
	return out
}

// smallBishop is a move that starts with a small Latin c before a square
// or a capture mark: the bishop С, printed small.
var smallBishop = regexp.MustCompile(`^c(?:[a-h][1-8]|[:x])`)

// hasCapitalFile reports whether a capital file letter stands before a
// rank digit in s.
func hasCapitalFile(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'H' && s[i+1] >= '1' && s[i+1] <= '8' {
			return true
		}
	}
	return false
}

// lowerFiles writes every capital file letter that stands before a rank
// digit in lower case: "ЛB1" is "Лb1". A piece letter never stands before
// a digit, so none is changed.
func lowerFiles(s string) string {
	r := []rune(s)
	for i := 0; i+1 < len(r); i++ {
		if r[i] >= 'A' && r[i] <= 'H' && r[i+1] >= '1' && r[i+1] <= '8' {
			r[i] = unicode.ToLower(r[i])
		}
	}
	return string(r)
}
