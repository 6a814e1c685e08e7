package bot_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// stonesWritten is a stone placement as the guidance shows it.
var stonesWritten = regexp.MustCompile(`[SX]@[a-h][1-8](,[SX]@[a-h][1-8])*`)

// TestStonesGuidance plays Korona-2 through the bot until Black's
// uncrowned dame falls: Black's next message tells it, in its language,
// that its stones are free and how to write them (the referee's view says
// so); the placement it shows is accepted; the next turn does not say it
// again, and White is never told.
func TestStonesGuidance(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ lang, free string }{
		{"en", "You may now place your stones"}, {"ru", "Теперь вы можете ставить камни"}, {"eo", "Nun vi rajtas meti viajn ŝtonojn"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			w := newWorld(t)
			w.group("club", "p0", "new korona2")
			w.group("club", "p0", "join #1 white")
			w.group("club", "p1", "join #1 black")
			w.say("p1", "lang "+c.lang)
			for _, line := range [][2]string{{"p0", "crown king"}, {"p1", "crown king"}, {"p0", "e4"}, {"p1", "d6"},
				{"p0", "Bb5"}, {"p1", "Dd7"}} {
				w.say(line[0], line[1])
				if strings.Contains(w.last("p1"), c.free) {
					t.Fatalf("after %q Black is told its stones are free:\n%s", line[1], w.last("p1"))
				}
			}
			w.say("p0", "Bxd7")
			got := w.last("p1")
			example := stonesWritten.FindString(got)
			if !strings.Contains(got, c.free) || !strings.Contains(example, "X@") {
				t.Fatalf("after its dame fell Black got:\n%s", got)
			}
			w.say("p1", example)
			if g, _ := w.db.Game(1); len(g.Log) != 8 || g.Log[7].Text != example {
				t.Fatalf("the placement %q was not played: log %v\n%s", example, g.Log, w.last("p1"))
			}
			w.say("p0", "d4")
			if got := w.last("p1"); strings.Contains(got, c.free) {
				t.Errorf("Black is told again after placing:\n%s", got)
			}
			for _, m := range w.tr.To("p0") {
				if stonesWritten.MatchString(m.Text) && strings.Contains(m.Text, "X@") {
					t.Errorf("White was told of a mined stone:\n%s", m.Text)
				}
			}
		})
	}
}

// TestStonesSaidOnce: when Black places stones in Korona-2, White is told
// it once, in words of its language ("Black placed stones on d4 and
// e5."), not also as a move written "S@d4,S@e5"; one stone is "a stone".
// Black's own message acknowledges its sealed placement and repeats
// neither the placement nor that a choice was sealed.
func TestStonesSaidOnce(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ lang, place, want string }{
		{"en", "S@d4,X@e5", "Black placed stones on d4 and e5."},
		{"ru", "X@e5,S@d4,S@c5", "Чёрные поставили камни на d4, c5 и e5."},
		{"eo", "S@d4,X@e5", "La nigraj metis ŝtonojn sur d4 kaj e5."},
		{"en", "S@d4", "Black placed a stone on d4."},
	} {
		w := newWorld(t)
		w.group("club", "p0", "new korona2")
		w.group("club", "p0", "join #1 white")
		w.group("club", "p1", "join #1 black")
		w.say("p0", "lang "+c.lang)
		for _, line := range [][2]string{{"p0", "crown king"}, {"p1", "crown king"}, {"p0", "e4"}, {"p1", "d6"},
			{"p0", "Bb5"}, {"p1", "Dd7"}, {"p0", "Bxd7"}, {"p1", c.place}} {
			w.say(line[0], line[1])
		}
		white, black := w.last("p0"), w.last("p1")
		if strings.Count(white, "d4") != 1 || !slices.Contains(strings.Split(white, "\n"), c.want) || strings.Contains(white, "@") {
			t.Errorf("%s %s: White was told:\n%s\nwant the placement once: %q", c.lang, c.place, white, c.want)
		}
		if !strings.Contains(black, "Your sealed choice is made: "+c.place+".") || strings.Count(black, "d4") != 1 || strings.Contains(black, "sealed choice.") {
			t.Errorf("%s %s: Black was told:\n%s", c.lang, c.place, black)
		}
	}
}
