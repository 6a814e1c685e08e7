package bot

import (
	"strconv"
	"strings"
	"unicode"

	"umpire/store"
)

// Names. What a player is called is shown to others — opponents,
// spectators, invitees, PGN tags — so it is cleaned when shown: no
// control, format (bidi overrides, zero-width) or line-breaking
// characters, runs of spaces made one, at most maxName characters, and
// never an address (an e-mail address, or a transport's id given as a
// name). A player with no such name is "Player N", N its number. Two
// players of one game with the same name are told apart (seatNames).

// maxName is the most characters a shown name has.
const maxName = 32

// cleanName is s as it may be shown, or "" when nothing of it may.
func cleanName(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case unicode.IsSpace(r):
			return ' '
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r), unicode.Is(unicode.Co, r),
			unicode.Is(unicode.Cs, r), r == unicode.ReplacementChar, r == '\u3164', r == '\u115f', r == '\u1160':
			return -1 // includes U+202E and friends, U+200B…U+200F, U+2060, U+FEFF
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if strings.Contains(s, "@") {
		return "" // an address, or looks like one
	}
	if r := []rune(s); len(r) > maxName {
		s = strings.TrimSpace(string(r[:maxName]))
	}
	return s
}

// shownName is how player p is named to others.
func shownName(p *store.Player) string {
	if n := cleanName(p.Name); n != "" {
		return n
	}
	return "Player " + strconv.FormatUint(p.ID, 10)
}

// namedFrom is the name a newcomer starts with: the transport's display
// name cleaned, never its address ("" shows as "Player N").
func namedFrom(in Inbound) string { return cleanName(in.Name) }

// seatNames names each player of a game: two with the same shown name
// are told apart by their numbers ("Ann (Player 3)").
func seatNames(players []*store.Player) []string {
	out := make([]string, len(players))
	count := map[string]int{}
	for i, p := range players {
		if p != nil {
			out[i] = shownName(p)
			count[strings.ToLower(out[i])]++
		}
	}
	for i, p := range players {
		if p != nil && count[strings.ToLower(out[i])] > 1 {
			out[i] += " (Player " + strconv.FormatUint(p.ID, 10) + ")"
		}
	}
	return out
}
