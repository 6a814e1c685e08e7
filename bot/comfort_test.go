package bot_test

import "testing"

// The small comforts of issue 20: games names the opponents, a game's
// number may go without its "#" after watch, board and abort, and the
// maker of a game may abort it, seated or not, until somebody else joins.
func TestGamesNamesOpponents(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.group("club", "alice", "new chess")
	w.group("club", "alice", "join #1 white")
	w.group("club", "bob", "join #1")
	w.say("alice", "games")
	w.contains("alice", "#1 chess against bob (Black): your move")
	w.say("bob", "games")
	w.contains("bob", "#1 chess against alice (White): White to move")
}

func TestGameNumberWithoutHash(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.group("club", "alice", "new chess")
	w.group("club", "alice", "join #1 white")
	w.group("club", "bob", "join #1")
	w.say("alice", "watch 1")
	w.contains("alice", "You are watching game #1.")
	w.say("alice", "board 1")
	w.contains("alice", "Game #1 (chess), you play White.")
}

func TestMakerAbortsAlone(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.group("club", "alice", "new chess")
	w.say("carol", "abort #1")
	w.contains("carol", "There is no game #1 that you may see.")
	w.say("alice", "abort 1")
	w.contains("club", "Game #1 is aborted.")

	w.group("club", "alice", "new chess")
	w.group("club", "bob", "join #2 black")
	w.say("alice", "abort #2")
	w.contains("alice", "You have no seat in game #2.")
}
