package bot_test

import "testing"

// TestImpossibleVerdictPerVariant: an impossible try is said as the seat's
// own knowledge ruling it out where the board is hidden (Kriegspiel), and as
// the rules forbidding it where the board is open (Korona), in each
// language.
func TestImpossibleVerdictPerVariant(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ variant, lang, want string }{
		{"kriegspiel english", "en", "e2e5: impossible.\nYour man there does not move that way."},
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

// TestImpossibleReasons: a Kriegspiel try that the seat's own men or what
// it was told rule out says which, in the seat's language: after "yes" to
// any?, a move that is not a pawn capture; a piece through one's own men;
// a second any?.
func TestImpossibleReasons(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.group("club", "p0", "new kriegspiel english")
	w.group("club", "p0", "join #1 white")
	w.group("club", "p1", "join #1 black")
	// The start names the rule set and what it has that others lack.
	w.contains("p0", "Game #1 (Kriegspiel, english rules) begins")
	w.contains("p0", "english: both hear a try that is not legal; you may ask any? once a turn")
	w.say("p1", "язык ru")
	for _, step := range []struct{ who, text, want string }{
		{"p0", "e4", "You played e4"},
		{"p1", "d5", "Вы сыграли d5"},
		{"p0", "any?", "Yes"},
		{"p0", "Nf3", "Nf3: impossible.\nAfter “yes” to any?, you must now try a pawn capture."},
		{"p0", "any?", "any?: impossible.\nYou may ask any? once a turn, and only while you have pawns."},
		{"p0", "exd5", "You played exd5"},
		{"p1", "Фh4", "Фh4: невозможно.\nНа пути стоит ваша же фигура."},
		{"p1", "e5e4", "e5e4: невозможно.\nНа поле, откуда начинается этот ход, нет вашей фигуры."},
	} {
		w.say(step.who, step.text)
		w.contains(step.who, step.want)
	}
}
