package telegram

import (
	"strings"
	"testing"

	"umpire/store"
)

// kriegspiel40 are 40 moves of each side that end nothing: knights out and
// back between pawn steps, so that no position comes a third time and no
// pawn is taken.
func kriegspiel40() []string {
	white := []string{"e3", "e4", "f3", "f4", "g3", "g4", "h3", "h4", "d3", "d4", "a3", "a4", "b3"}
	black := []string{"e6", "e5", "f6", "f5", "g6", "g5", "h6", "h5", "d6", "d5", "a6", "a5", "b6"}
	var moves []string
	for i := range white {
		moves = append(moves, "Nc3", "Nc6", "Nb1", "Nb8", white[i], black[i])
	}
	return append(moves, "Nc3", "Nc6")
}

// TestQuietKriegspielGroup plays 40 moves of Kriegspiel made in a group:
// the group gets no picture before the end, and its news of the game is
// one status message edited in place, so it gets few new messages.
func TestQuietKriegspielGroup(t *testing.T) {
	t.Parallel()
	g := newGame(t)
	id := g.newInGroup("kriegspiel public") // public: anyone may watch
	started := len(g.srv.To(club))
	g.step(g.srv.Start(carol))
	g.step(g.srv.Private(carol, "/watch #1"))
	moves := kriegspiel40()
	g.play(moves[:20]...)
	watched := len(g.srv.To(carol))
	g.step(g.srv.Private(carol, "/unwatch #1"))
	g.play(moves[20:]...)
	for _, m := range g.srv.To(carol) {
		if m.Photo != nil {
			t.Errorf("a spectator got a picture during the game: %q", m.Text)
		}
	}
	if n := len(g.srv.To(carol)) - watched; n != 1 {
		t.Errorf("after unwatch the spectator got %d messages; want the one that says so", n)
	}
	if n := len(g.stored(id).Log); n != 80 {
		t.Fatalf("%d log entries after 40 moves; want 80", n)
	}
	var during []string
	edits := 0
	for _, m := range g.srv.To(club)[started:] {
		switch {
		case m.Photo != nil:
			t.Errorf("the group got a picture during the game: %q", m.Text)
		case m.Edited:
			edits++
		default:
			during = append(during, m.Text)
		}
	}
	if len(during) > 1 || edits < 79 {
		t.Errorf("during 40 moves the group got %d new messages and %d edits; want one status, edited:\n%s",
			len(during), edits, strings.Join(during, "\n---\n"))
	}
	g.step(g.srv.Group(club, ann, "/resign"))
	if sg := g.stored(id); sg.State != store.StateOver {
		last, _ := g.srv.Last(club)
		mine, _ := g.srv.Last(ann)
		t.Fatalf("game is %s after resign: group %q, ann %q", sg.State, last.Text, mine.Text)
	}
	news := 0
	for _, m := range g.srv.To(club) {
		if !m.Edited {
			news++
		}
	}
	t.Logf("the group got %d new messages in all (the invitation and the start included), %d edits", news, edits)
	for _, m := range g.srv.To(club) {
		if !m.Edited {
			t.Logf("%s: %.60q", m.Method, m.Text)
		}
	}
	if news >= 10 {
		t.Errorf("the group got %d new messages; want under 10", news)
	}
}
