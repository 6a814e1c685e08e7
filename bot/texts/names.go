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

// Name is how the player numbered id, called name, is named to others
// in English (the PGN's tags): the name cleaned, or "Player N" where
// nothing of it may be shown.
func Name(name string, id uint64) string {
	if n := Clean(name); n != "" {
		return n
	}
	return "Player " + strconv.FormatUint(id, 10)
}

// nameMark brackets a name that a text says in its reader's words: the
// house player's ("\x1fhouse\x1f") and a nameless player's ("\x1fplayer
// 12\x1f"). No name a person gives holds it: Plain drops control
// characters.
const nameMark = "\x1f"

// Shown is how the player numbered id, called name, is named in a text
// made for its reader (Catalog.Value says it): the name cleaned; the
// house player (house) or a player with no name that may be shown, in
// the reader's words ("name.house", "name.player").
func Shown(name string, id uint64, house bool) string {
	if house {
		return nameMark + "house" + nameMark
	}
	if n := Clean(name); n != "" {
		return n
	}
	return nameMark + "player " + strconv.FormatUint(id, 10) + nameMark
}

// sayNames says the marked names in s (Shown) in lang's words.
func (c *Catalog) sayNames(lang, s string) string {
	parts := strings.Split(s, nameMark)
	for i := 1; i < len(parts); i += 2 {
		what, n, _ := strings.Cut(parts[i], " ")
		parts[i] = c.Text(lang, "name."+what, Args{"n": n})
	}
	return strings.Join(parts, "")
}

// maxEcho bounds, in characters, what the bot repeats of a user's text.
const maxEcho = 64

// EchoWord is one word of a user's (a variant, a rule set, a clock that
// means nothing here) as a refusal repeats it: an Echo of at most 32
// bytes.
func EchoWord(word string) string { return Bounded(Echo(word), 32) }

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
