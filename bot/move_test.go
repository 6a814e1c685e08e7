package bot_test

import (
	"fmt"
	"strings"
	"testing"

	"umpire/bot"
	"umpire/referee"
)

// moveTests are games with failed tries and secret choices, and the move
// each player's latest message is at after each line.
var moveTests = []struct {
	variant, name string
	lines         []moveLine
}{
	{"kriegspiel", "Kriegspiel", []moveLine{{"alice", "e4", 1}, {"bob", "Qh4", 1}, {"bob", "e5", 2},
		{"alice", "Qd3", 2}, {"alice", "Ke3, Kf3", 2}, {"alice", "d3", 2}, {"bob", "Nc6", 3}}},
	{"dark", "dark chess", []moveLine{{"alice", "e4", 1}, {"bob", "Ke7", 1}, {"bob", "e5", 2}, {"alice", "Nf3", 2}, {"bob", "Nc6", 3}}},
	{"korona", "Korona", []moveLine{{"alice", "crown king", 1}, {"bob", "crown dame", 1}, {"alice", "e4", 1}, {"bob", "e5", 2}}},
}

type moveLine struct {
	who, text string
	move      int
}

// TestMoveNumber: a message that shows a position says the move the game
// is at, as chess counts, in its Move and in its Subject in the reader's
// language; failed tries and secret choices count for nothing; a notice
// has neither.
func TestMoveNumber(t *testing.T) {
	for _, tt := range moveTests {
		t.Run(tt.variant, func(t *testing.T) {
			w := newWorld(t)
			w.say("bob", "lang eo")
			w.say("alice", "new "+tt.variant+" with bob")
			for _, m := range []bot.Message{w.tr.Last("alice"), w.tr.Last("bob")} {
				if m.Move != 0 || m.Subject != "" {
					t.Errorf("notice %q: Move %d, Subject %q; want neither", m.Text, m.Move, m.Subject)
				}
			}
			w.say("bob", "join "+w.token(1, referee.Black))
			w.checkMove("alice", 1, fmt.Sprintf("Game #1, move 1 (%s)", tt.name))
			w.checkMove("bob", 1, "Ludo #1, movo 1 (")
			for _, l := range tt.lines {
				w.say(l.who, l.text)
				w.checkMove("alice", l.move, fmt.Sprintf("Game #1, move %d (", l.move))
				w.checkMove("bob", l.move, fmt.Sprintf("Ludo #1, movo %d (", l.move))
			}
		})
	}
}

// checkMove checks the Move of the latest message to id, and that its
// Subject starts with subject.
func (w *world) checkMove(id string, move int, subject string) {
	w.t.Helper()
	if m := w.tr.Last(id); m.Move != move || !strings.HasPrefix(m.Subject, subject) {
		w.t.Errorf("latest message to %s: Move %d, Subject %q; want %d, %q…\n%s", id, m.Move, m.Subject, move, subject, m.Text)
	}
}
