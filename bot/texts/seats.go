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

// announcementByValue picks the text of an announcement whose words
// depend on its values, not only on the fields present: one stone placed
// or several; which monarch fell and whether it wore the crown; in triad, who made an offer, what a
// declared check did to a bond, whether a Throne is held.
// "" when the catalog's general rule applies.
func announcementByValue(a referee.Announcement) string {
	switch a.Code {
	case "end":
		if a.Str("reason") == "timeout" && a.Str("result") == "1/2-1/2" {
			return "ann.end.timeout-draw" // referee/timeout.go
		}
	case "stones":
		if sq, ok := a.Get("squares").([]string); ok && len(sq) == 1 {
			return "ann.stones.one"
		}
	case "monarch-captured":
		crowned, _ := a.Get("crowned").(bool)
		return "ann.monarch-captured." + a.Str("monarch") + "." + map[bool]string{true: "yes", false: "no"}[crowned]
	case "vassal":
		ev, state := a.Str("event"), a.Str("state")
		switch {
		case ev == "offer" && a.Str("by") == a.Str("lord"):
			return "ann.vassal.offer-lord"
		case ev == "offer":
			return "ann.vassal.offer-servant"
		case state == "restored":
			return "ann.vassal.restored"
		case state != "":
			return "ann.vassal." + ev + "." + state
		}
		return "ann.vassal." + ev
	case "throne":
		switch fell, held := a.Str("reason") != "", a.Str("by") != ""; {
		case fell && held:
			return "ann.throne.fallen-held"
		case fell:
			return "ann.throne.fallen-neutral"
		case held:
			return "ann.throne.taken"
		}
		return "ann.throne.empty"
	}
	return ""
}
