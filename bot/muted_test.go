package bot_test

import (
	"strings"
	"testing"

	"umpire/store"
)

// A seat that muted a game hears nothing its opponent causes it to hear
// by choice — a gift of time, a draw offer, a vacation's news, a message,
// an offer of a rematch — while the giver is told where that matters; a
// draw offer kept back is said with the next news, and may be accepted.
func TestMuteCovers(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "chess 3d")
	w.say("ann", "e2e4")
	w.say("bob", "mute #1")
	w.now = w.now.Add(day)
	heard := len(w.tr.To("bob"))
	for _, text := range []string{"give 12h", "give 1h", "vacation 2d", "back", "tell black hello"} {
		w.say("ann", text)
	}
	w.say("bob", "e7e5")
	w.say("ann", "draw")
	if got := w.tr.To("bob")[heard:]; len(got) != 1 || !strings.Contains(got[0].Text, "You played e5") {
		t.Errorf("muted Black heard %q", textsOf(got))
	}
	if s := groupMessages(w.tr.To("ann"), "has muted the messages of game #1"); len(s) != 2 { // two gifts
		t.Errorf("White was not told of the mute: %q", textsOf(w.tr.To("ann")))
	}
	w.say("ann", "Nf3")
	if s := w.last("bob"); !strings.Contains(s, "White offers a draw") || !strings.Contains(s, "Nf3") {
		t.Fatalf("Black's next news does not carry the offer kept back: %q", s)
	}
	w.say("bob", "draw")
	if g := w.game(1); g.State != store.StateOver || g.Result != "1/2-1/2" {
		t.Fatalf("the offer was not accepted: %s %s", g.State, g.Result)
	}
	heard = len(w.tr.To("bob"))
	w.say("ann", "rematch")
	if got := w.tr.To("bob")[heard:]; len(got) != 0 {
		t.Errorf("muted Black was offered a rematch: %q", textsOf(got))
	}
	if s := w.last("ann"); !strings.Contains(s, "has muted the messages of game #1") {
		t.Errorf("White's offer of a rematch: %q", s)
	}
}
