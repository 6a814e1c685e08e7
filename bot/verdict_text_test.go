package bot_test

import "testing"

// TestImpossibleVerdictPerVariant: an impossible try is said as the seat's
// own knowledge ruling it out where the board is hidden (Kriegspiel), and as
// the rules forbidding it where the board is open (Korona), in each
// language.
func TestImpossibleVerdictPerVariant(t *testing.T) {
	for _, c := range []struct{ variant, lang, want string }{
		{"kriegspiel english", "en", "e2e5: impossible, as your own men and what you were told already show."},
		{"korona", "en", "e2e5: impossible, the rules do not allow it in this position."},
		{"korona", "ru", "e2e5: невозможно — правила не допускают этого в этой позиции."},
		{"korona", "eo", "e2e5: neeble, la reguloj ne permesas tion en ĉi tiu pozicio."},
	} {
		t.Run(c.variant+"/"+c.lang, func(t *testing.T) {
			w := newWorld(t)
			w.group("club", "p0", "new "+c.variant)
			w.group("club", "p0", "join #1 white")
			w.group("club", "p1", "join #1 black")
			w.say("p0", "lang "+c.lang)
			if c.variant == "korona" {
				w.say("p0", "crown king")
				w.say("p1", "crown king")
			}
			w.say("p0", "e2e5")
			w.contains("p0", c.want)
		})
	}
}
