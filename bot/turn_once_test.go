package bot_test

import (
	"slices"
	"strings"
	"testing"

	"umpire/referee"
)

// TestTurnSaidOnce plays Korona, with and without a clock, in each
// language: every message of the game to a player says whose turn it is
// once, in its first line ("Move 2, White to move. Game #1 …"), and never
// again as a line of its own at the end; the reader to move is told its
// time left, the guidance lines stay.
func TestTurnSaidOnce(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		lang, lead, timeLeft, guide string
		turns                       []string // the turn said as a line of its own
	}{
		{"en", "Move ", "Time left for your move: 1 d.", "Before the first move, crown",
			[]string{"Your move.", "White to move.", "Black to move."}},
		{"ru", "Ход ", "Время на ваш ход: осталось 1 дн.", "До первого хода тайно коронуйте",
			[]string{"Ваш ход.", "Ход белых.", "Ход чёрных."}},
		{"eo", "Movo ", "Tempo por via movo: restas 1 t.", "Antaŭ la unua movo",
			[]string{"Via movo.", "Movas la blankaj.", "Movas la nigraj."}},
	} {
		for _, clock := range []string{"", " 1d"} {
			w := newWorld(t)
			for _, p := range []string{"alice", "bob"} {
				w.say(p, "lang "+c.lang)
			}
			w.say("alice", "new korona"+clock+" with bob")
			w.say("bob", "join "+w.token(1, referee.Black))
			for _, line := range [][2]string{{"alice", "crown king"}, {"bob", "crown king"}, {"alice", "e4"},
				{"bob", "e5"}, {"alice", "f2f5"}, {"alice", "Nf3"}} {
				w.say(line[0], line[1])
			}
			var all []string
			for _, p := range []string{"alice", "bob"} {
				for _, m := range w.tr.To(p) {
					if m.Game == 1 && m.Image != nil {
						all = append(all, m.Text)
					}
				}
			}
			if len(all) < 10 {
				t.Fatalf("%s%s: %d views of the game; want one per player and turn", c.lang, clock, len(all))
			}
			timed := 0
			for _, text := range all {
				lines := strings.Split(text, "\n")
				if !strings.HasPrefix(lines[0], c.lead) {
					t.Errorf("%s%s: the first line does not say the move and turn:\n%s", c.lang, clock, text)
				}
				for _, turn := range c.turns {
					if slices.Contains(lines, turn) {
						t.Errorf("%s%s: the turn is said twice (%q):\n%s", c.lang, clock, turn, text)
					}
				}
				if slices.Contains(lines, c.timeLeft) {
					timed++
				}
			}
			if want := clock != ""; (timed > 0) != want {
				t.Errorf("%s%s: %d messages tell the time left", c.lang, clock, timed)
			}
			if !strings.Contains(all[0], c.guide) {
				t.Errorf("%s%s: the first view lost its guidance:\n%s", c.lang, clock, all[0])
			}
		}
	}
}
