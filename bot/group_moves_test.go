package bot_test

import (
	"testing"
)

// In Kriegspiel and dark chess a move typed in the group chat is refused
// there and not played: everyone would read it. Game commands that tell
// nothing hidden are fine anywhere.
func TestHiddenMovesOnlyInPrivate(t *testing.T) {
	t.Parallel()
	for _, variant := range []string{"kriegspiel", "dark"} {
		t.Run(variant, func(t *testing.T) {
			w := newWorld(t)
			w.group("club", "alice", "new "+variant)
			w.group("club", "alice", "join #1 white")
			w.group("club", "bob", "join #1 black")
			w.group("club", "alice", "e2e4")
			w.contains("alice", "Send your moves to me in a private chat") // to the writer alone
			if g, _ := w.db.Game(1); len(g.Log) != 0 {
				t.Fatalf("a move typed in the group was logged: %+v", g.Log)
			}
			w.say("alice", "e2e4")
			w.group("club", "bob", "draw")
			if g, _ := w.db.Game(1); len(g.Log) != 2 {
				t.Errorf("log after a private move and a draw offer in the group: %+v", g.Log)
			}
		})
	}
}
