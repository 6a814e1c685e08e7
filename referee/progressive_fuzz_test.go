package referee

import (
	"testing"
	"unicode/utf8"
)

// FuzzProgressiveAction plays any text as an action of either seat in a
// game where White owes a growing pawn and in one where it has chosen
// one: Play never panics, a refused action changes nothing, and the same
// action on the same game is ruled the same way.
func FuzzProgressiveAction(f *testing.F) {
	for _, s := range []string{
		"grow h2 N salt=01", "grow H2 n", "grow e1 Q salt=ab", "grow a1 Кн salt=00", "grow b2 Cx salt=01",
		"grow b2 K salt=01", "grow b2", "grow", "grow b2 N N salt=01", "e2e4", "f1f3", "O-O", "a8=A", "a7a8a",
		"Aa8", "resign", "draw", "decline", "salt=01", "grow b2 Ф salt=" + "ab",
	} {
		f.Add(s, true, false)
		f.Add(s, false, true)
	}
	f.Fuzz(func(t *testing.T, text string, white, grown bool) {
		if !utf8.ValidString(text) {
			return
		}
		seat := Black
		if white {
			seat = White
		}
		start := func() Game {
			g := newGameT(t, "progressive", "r3k2r/pPp2ppp/8/3pP3/8/8/PpP2PPP/R3K2R w KQkq d6 0 1")
			if grown {
				playAll(t, g, "white grow h2 N salt=01")
			}
			return g
		}
		g, h := start(), start()
		before := viewJSON(t, g, God)
		r := g.Play(Action{Seat: seat, Text: text, Salt: "cafe"})
		if r.Verdict == Refused && viewJSON(t, g, God) != before {
			t.Errorf("refused %q changed the game", text)
		}
		if r2 := h.Play(Action{Seat: seat, Text: text, Salt: "cafe"}); heardJSON(t, r, seat, seat) != heardJSON(t, r2, seat, seat) {
			t.Errorf("%q ruled two ways", text)
		}
	})
}

// FuzzProgressiveGrow reads any text as a grow action without panicking.
func FuzzProgressiveGrow(f *testing.F) {
	for _, s := range []string{"grow b2 N", "grow H2 n", "grow b2 Кн", "grow z9 N", "grow b2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if c, kinds, ok := parseGrow(text, NotationEsperanto); ok && (c < 0 || c > 63 || len(kinds) == 0) {
			t.Errorf("parseGrow(%q) = %v, %v", text, c, kinds)
		}
	})
}
