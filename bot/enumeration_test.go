package bot_test

import (
	"fmt"
	"strings"
	"testing"
)

// gameCommands are the commands that name a game by its number, as a
// stranger would write them; %d is the number.
var gameCommands = []string{
	"board #%d", "moves #%d", "moves %d", "abort #%d", "abort %d", "join #%d", "join #%d black",
	"#%d resign", "#%d e2e4", "#%d draw", "#%d decline", "#%d any?", "invite #%d", "invite #%d black",
	"watch #%d", "unwatch #%d", "#%d crown king",
}

// TestNoGameEnumeration: a private game's number is its players'
// business. For every command that names a game, someone with no right to
// game #1 — while its seats are free, in play, and over — is answered
// exactly as for #99, a number never used.
func TestNoGameEnumeration(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("ann", "new chess white")
	id := w.latest("ann")
	stranger := func(state string) {
		t.Helper()
		for _, c := range gameCommands {
			w.say("eve", fmt.Sprintf(c, id))
			got := strings.ReplaceAll(w.last("eve"), fmt.Sprintf("#%d", id), "#N")
			w.say("eve", fmt.Sprintf(c, 99))
			want := strings.ReplaceAll(w.last("eve"), "#99", "#N")
			if got != want {
				t.Errorf("%s, %q: a stranger is told %q; for a number never used %q", state, fmt.Sprintf(c, id), got, want)
			}
		}
	}
	stranger("seats free")
	w.say("bob", "join "+w.token(id, "black"))
	stranger("in play")
	w.say("ann", fmt.Sprintf("#%d resign", id))
	stranger("over")
	if g := w.game(id); len(g.Watchers) != 0 || len(g.Log) != 1 {
		t.Errorf("the stranger changed the game: watchers %v, log %v", g.Watchers, g.Log)
	}
}
