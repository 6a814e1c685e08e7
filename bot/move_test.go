package bot_test

import (
	"fmt"
	"strings"
	"testing"

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
// is at, as chess counts, in its Move and at the start of its first line
// in the reader's language, and keeps one subject for the whole game;
// failed tries and secret choices count for nothing; a notice has no Move
// (the maker's notice that the game is made opens its conversation, with
// its subject), and an invitation the inviter's subject.
func TestMoveNumber(t *testing.T) {
	t.Parallel()
	for _, tt := range moveTests {
		t.Run(tt.variant, func(t *testing.T) {
			w := newWorld(t)
			w.say("bob", "lang eo")
			w.say("alice", "new "+tt.variant+" with bob")
			if m := w.tr.Last("alice"); m.Move != 0 || !strings.HasSuffix(m.Subject, " #1: you play White") {
				t.Errorf("notice %q: Move %d, Subject %q; want no move, and the subject of the maker's conversation about the game", m.Text, m.Move, m.Subject)
			}
			if m := w.tr.Last("bob"); m.Move != 0 || !strings.HasPrefix(m.Subject, "alice invitas vin al ") {
				t.Errorf("invitation %q: Move %d, Subject %q; want no move and the invitation's", m.Text, m.Move, m.Subject)
			}
			w.say("bob", "join "+w.token(1, referee.Black))
			white := fmt.Sprintf("%s #1: you play White", strings.ToUpper(tt.name[:1])+tt.name[1:])
			w.checkMove("alice", 1, "Move 1, ", white)
			w.checkMove("bob", 1, "Movo 1, ", " #1: vi ludas per la nigraj")
			for _, l := range tt.lines {
				w.say(l.who, l.text)
				w.checkMove("alice", l.move, fmt.Sprintf("Move %d, ", l.move), white)
				w.checkMove("bob", l.move, fmt.Sprintf("Movo %d, ", l.move), " #1: vi ludas per la nigraj")
			}
		})
	}
}

// checkMove checks the Move of the latest message to id, that its text
// begins with lead, and that its Subject holds subject.
func (w *world) checkMove(id string, move int, lead, subject string) {
	w.t.Helper()
	if m := w.tr.Last(id); m.Move != move || !strings.HasPrefix(m.Text, lead) || !strings.Contains(m.Subject, subject) {
		w.t.Errorf("latest message to %s: Move %d, Subject %q; want %d, %q, %q…\n%s", id, m.Move, m.Subject, move, lead, subject, m.Text)
	}
}
