package bot_test

import (
	"strings"
	"testing"

	"umpire/referee"
)

// An old Resign button, pressed under a game that ended since, says the
// game is over instead of asking whether to resign it; under a game in
// play it asks.
func TestResignButtonAfterTheEnd(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	v, _ := referee.Lookup("chess")
	w.startGame(v, "club")
	w.say("p0", "?resign #1")
	if got := w.last("p0"); !strings.Contains(got, "Resign game #1?") {
		t.Errorf("the button in play: %q", got)
	}
	w.say("p1", "resign")
	w.say("p0", "?resign #1")
	if got := w.last("p0"); got != "Game #1 is over already: there is nothing to resign. board #1 shows its end." {
		t.Errorf("the button after the end: %q", got)
	}
}
