package referee

import (
	"testing"
	"unicode/utf8"
)

// koronaFuzzStart is a korona2 (or krono) game in which both crowns are
// sealed and Black has lost its dame, with the seat to move that the fuzzer
// asks for, so that every kind of action is possible: moves, castling of
// both monarchs, promotion, stone placements, commands.
func koronaFuzzStart(t *testing.T, key string, white bool) Game {
	g := newGameT(t, key, "r3k2r/1P3ppp/8/4P3/8/8/1p1d1PPP/R2DK2R w KQAHkq - 0 1")
	playAll(t, g, "white crown king salt=01", "black crown king salt=02", "white Kxd2")
	if white {
		playAll(t, g, "black f7f5")
	}
	return g
}

// FuzzKoronaAction plays any text as an action of either seat in korona2
// and krono: Play never panics, a refused action changes nothing, and the
// same action on the same game is ruled the same way.
func FuzzKoronaAction(f *testing.F) {
	for _, s := range []string{
		"crown king salt=01", "crown dame", "корона д salt=ab", "S@c3 salt=01", "S@c3,X@e5 salt=0a",
		"s@C3 , x@e5,S@f6 salt=ff", "X@a1,X@b1 salt=01", "S@", "@", "S@c3,", "O-O(K)", "O-O-O (D)",
		"D 0-0", "R 0-0-0", "0-0(Кр)", "O-O()", "O-O(", "b7b8", "b8=G", "bxa8=Ф", "b8=C", "Cxf3", "C f3",
		"Gd4", "exf6", "Qd2", "a8=q", "resign", "draw", "salt=01", " salt=", "Ф", "G", "Ж@e4",
	} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, text string, white bool) {
		if !utf8.ValidString(text) {
			return
		}
		seat := Black
		if white {
			seat = White
		}
		for _, key := range []string{"korona2", "krono"} {
			g, h := koronaFuzzStart(t, key, white), koronaFuzzStart(t, key, white)
			before := viewJSON(t, g, God)
			r := g.Play(Action{Seat: seat, Text: text, Salt: "cafe"})
			if r.Verdict == Refused && viewJSON(t, g, God) != before {
				t.Errorf("%s: refused %q changed the game", key, text)
			}
			if r.Verdict != Accepted && g.Board() != h.Board() {
				t.Errorf("%s: %s %q changed the board", key, r.Verdict, text)
			}
			if r2 := h.Play(Action{Seat: seat, Text: text, Salt: "cafe"}); heardJSON(t, r, seat, seat) != heardJSON(t, r2, seat, seat) {
				t.Errorf("%s: %q ruled two ways", key, text)
			}
		}
	})
}

// FuzzKoronaCastle reads any text as korona castling without panicking;
// whatever it reads as castling has the shape of O-O.
func FuzzKoronaCastle(f *testing.F) {
	for _, s := range []string{"O-O(K)", "0-0 ( Д )", "R 0-0", "D0-0-0", "O-O(Q)", "O-O)", "(K)O-O", "Кр0-0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, lang := range []string{"", NotationEnglish, NotationEsperanto} {
			if long, monarch, ok := koronaCastle(text, lang); ok && (monarch != 0 && monarch != 1 && monarch != 7) {
				t.Errorf("koronaCastle(%q, %q) = %v, %v", text, lang, long, monarch)
			}
		}
	})
}

// FuzzSplitSalt: a salt that comes back is always 1 to 64 bytes of
// lower-case hex, and the body never carries the salt field.
func FuzzSplitSalt(f *testing.F) {
	for _, c := range saltTests {
		f.Add(c.text, c.given)
	}
	f.Fuzz(func(t *testing.T, text, given string) {
		body, salt, err := splitSalt(text, given)
		if err != nil {
			return
		}
		if !validSalt(salt) {
			t.Errorf("splitSalt(%q, %q) gave salt %q", text, given, salt)
		}
		if b2, s2, err := splitSalt(body+" salt="+salt, ""); err != nil || b2 != body || s2 != salt {
			t.Errorf("splitSalt(%q, %q) = %q, %q; written back: %q, %q, %v", text, given, body, salt, b2, s2, err)
		}
	})
}
