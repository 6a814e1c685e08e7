package bot_test

import (
	"strings"
	"testing"

	"umpire/referee"
)

// A private game is its players' alone: a stranger who watches it or asks
// for its board is told there is no such game, hears nothing of its
// moves, and the players play on.
func TestPrivateGameNotWatched(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("alice", "new chess white")
	w.say("bob", "join "+w.token(1, referee.Black))
	for _, cmd := range []string{"watch #1", "board #1", "board 1"} {
		w.say("eve", cmd)
		w.contains("eve", "There is no game #1 that you may see.")
		w.say("eve", strings.Replace(cmd, "1", "9", 1))
		w.contains("eve", "There is no game #9 that you may see.") // the same words as for a game never made
	}
	w.group("den", "eve", "watch #1")
	w.contains("eve", "There is no game #1 that you may see.") // a refusal in a group goes to its writer
	n := len(w.tr.To("eve")) + len(w.tr.To("den"))
	w.say("alice", "e4")
	w.contains("bob", "White played e4.")
	if got := len(w.tr.To("eve")) + len(w.tr.To("den")); got != n {
		t.Errorf("a stranger heard of a private game's move: %q", w.last("eve"))
	}
	w.say("bob", "board #1")
	w.contains("bob", "Game #1 (chess), you play Black.")
}

// A game its maker opened (new … public) is watched by anyone.
func TestPublicGameWatched(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("alice", "new chess white public")
	w.say("bob", "join "+w.token(1, referee.Black))
	w.say("eve", "watch #1")
	w.contains("eve", "You are watching game #1.")
	w.say("alice", "e4")
	w.contains("eve", "White played e4.")
}

// A group's game is followed in that group, not from elsewhere; games in a
// group lists the games made there, never the writer's private ones.
func TestGroupGameStaysInGroup(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("alice", "new chess white")
	w.group("club", "alice", "new chess")
	w.group("club", "alice", "join #2 white")
	w.group("club", "bob", "join #2")
	w.group("club", "alice", "board #2")
	w.contains("club", "Game #2 (chess)")
	w.say("eve", "watch #2")
	w.contains("eve", "There is no game #2 that you may see.")
	w.group("elsewhere", "eve", "board #2")
	w.contains("eve", "There is no game #2 that you may see.")
	if len(w.tr.To("elsewhere")) != 0 {
		t.Errorf("another group was shown game #2: %q", w.last("elsewhere"))
	}
	w.group("club", "alice", "games")
	if got := w.last("club"); !strings.Contains(got, "#2") || strings.Contains(got, "#1") {
		t.Errorf("games in the group says %q; want #2 and not alice's private #1", got)
	}
	w.say("alice", "games")
	if got := w.last("alice"); !strings.Contains(got, "#1") || !strings.Contains(got, "#2") {
		t.Errorf("games in private says %q; want both of alice's games", got)
	}
}
