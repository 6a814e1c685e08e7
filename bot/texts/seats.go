package texts

import (
	"strings"
	"umpire/referee"
)

// SeatStem reads a seat named in any language, also in another case or
// number of the same word ("чёрным", "blanka"): a word that shares its
// first four letters with the names of one seat only. "" when it names
// none.
func (c *Catalog) SeatStem(word string) referee.Seat {
	if s := c.SeatWord(word); s != "" {
		return s
	}
	stem := func(w string) string {
		r := []rune(strings.ReplaceAll(strings.ToLower(w), "ё", "е"))
		return string(r[:min(4, len(r))])
	}
	w := stem(word)
	if len([]rune(w)) < 4 {
		return ""
	}
	found := referee.Seat("")
	for _, s := range []referee.Seat{referee.White, referee.Black, referee.Red} {
		for _, l := range Languages {
			name := "seat." + string(s)
			if c.Has(l, name+"@word") {
				name += "@word"
			}
			if stem(c.Text(l, name, nil)) == w && found != s {
				if found != "" {
					return ""
				}
				found = s
			}
		}
	}
	return found
}
