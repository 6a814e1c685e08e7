package texts

import (
	"strconv"
	"strings"
	"unicode"
)

// Names. What a player is called is shown to others — opponents,
// spectators, invitees, PGN tags — so it is cleaned when shown: no
// control, format (bidi overrides, zero-width) or line-breaking
// characters, runs of spaces made one, at most maxName characters, and
// never an address (an e-mail address, or a transport's id given as a
// name). A player with no such name is "Player N", N its number.

// maxName is the most characters a shown name has.
const maxName = 32

// Clean is s as it may be shown as a name, or "" when nothing of it may:
// Plain, no address, at most maxName characters.
func Clean(s string) string {
	s = Plain(s)
	if strings.Contains(s, "@") {
		return "" // an address, or looks like one
	}
	if r := []rune(s); len(r) > maxName {
		s = strings.TrimSpace(string(r[:maxName]))
	}
	return s
}

// Plain is s as it may be shown in a line of the umpire's text: every run
// of white space one space, and no control, private or invisible
// formatting character (which could reverse the text around it or hide
// part of it).
func Plain(s string) string {
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
	return strings.Join(strings.Fields(s), " ")
}

// Bounded cuts s to at most n bytes on a rune boundary.
func Bounded(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }

// Name is how the player numbered id, called name, is named to others:
// the name cleaned, or "Player N" where nothing of it may be shown.
func Name(name string, id uint64) string {
	if n := Clean(name); n != "" {
		return n
	}
	return "Player " + strconv.FormatUint(id, 10)
}

// maxEcho bounds, in characters, what the bot repeats of a user's text.
const maxEcho = 64

// Echo is a user's text as the bot repeats it: Plain (no right-to-left
// override or zero-width character turns the bot's sentence around it),
// at most maxEcho characters, with "…" where it was cut, so that a long
// word costs a caption no more than a short one.
func Echo(text string) string {
	text = Plain(text)
	n := 0
	for i := range text {
		if n == maxEcho {
			return text[:i] + "…"
		}
		n++
	}
	return text
}
