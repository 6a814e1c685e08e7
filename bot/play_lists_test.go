package bot_test

import (
	"strings"
	"testing"

	"umpire/referee"
)

// TestSeparatorsOnly: a message of list separators only, from a seated
// player, is answered like any unreadable text, in every variant; it used
// to panic inside the store's transaction.
func TestSeparatorsOnly(t *testing.T) {
	t.Parallel()
	for _, v := range referee.Variants() {
		t.Run(v.Key, func(t *testing.T) {
			w := newWorld(t)
			id := w.startGame(v, "club")
			for _, text := range []string{",", ";", ", ;", "#1 ,"} {
				w.say("p0", text)
				w.contains("p0", "cannot read this")
			}
			if g, _ := w.replay(id); len(g.Log) != 0 {
				t.Errorf("the log has %d entries; want none", len(g.Log))
			}
		})
	}
}

// TestCrownInEveryLanguage: a crown chosen in Russian or Esperanto is
// sealed like one in English in private, and refused in a group chat
// before the referee sees it.
func TestCrownInEveryLanguage(t *testing.T) {
	t.Parallel()
	v, _ := referee.Lookup("korona")
	for crown, holder := range map[string]string{"корона король": "king", "krono damo": "dame", "kronu reĝon": "king",
		"crown queen": "dame", "короновать даму": "dame"} {
		w := newWorld(t)
		w.startGame(v, "club")
		w.group("club", "p0", crown)
		w.contains("p0", "private chat, never here")
		w.say("p0", crown)
		w.contains("p0", "You crown your "+holder+" in secret.")
		w.contains("p1", "White made a sealed choice.")
	}
}

// TestOwnSaltRefused: a player cannot seal a secret with a salt of their
// own. A short one (the rules' example is salt=5e) lets the opponent try
// every salt against the published commitment and read the secret; the
// bot's 32 random bytes are always used instead.
func TestOwnSaltRefused(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ variant, text string }{
		{"korona", "crown king salt=5e"},
		{"korona", "корона дама salt=00"},
		{"progressive", "grow b2 N salt=5e"},
	} {
		v, _ := referee.Lookup(tt.variant)
		w := newWorld(t)
		id := w.startGame(v, "club")
		before := len(w.tr.To("p1"))
		w.say("p0", tt.text)
		w.contains("p0", "salt of my own")
		if g, _ := w.replay(id); len(g.Log) != 0 {
			t.Errorf("%s: %q was logged", tt.variant, tt.text)
		}
		if n := len(w.tr.To("p1")); n != before {
			t.Errorf("%s: the opponent got %d messages after %q", tt.variant, n-before, tt.text)
		}
	}
}

// TestLongListCut: one message cannot append thousands of tries to a
// game's log (which every later move loads, and every reply to the mover
// repeats): only the first items of a long attempt list are tried, the
// rest are dropped like items after an accepted move, and the mover is
// told so.
func TestLongListCut(t *testing.T) {
	t.Parallel()
	v, _ := referee.Lookup("kriegspiel")
	w := newWorld(t)
	id := w.startGame(v, "club")
	before := len(w.tr.To("p1"))
	w.say("p0", strings.Repeat("Ke2, ", 500)+"e4")
	w.contains("p0", "only the first 64 items")
	g, rg := w.replay(id)
	if len(g.Log) != 64 {
		t.Errorf("the log has %d entries; want 64", len(g.Log))
	}
	if rg.Turn() != referee.White {
		t.Errorf("%s to move; want white (e4 was not reached)", rg.Turn())
	}
	if n := len(w.tr.To("p1")); n != before {
		t.Errorf("Black got %d messages about White's failed tries", n-before)
	}
	w.say("p0", strings.Repeat("Ke2, ", 10)+"e4")
	if g, rg := w.replay(id); len(g.Log) != 75 || rg.Turn() != referee.Black {
		t.Errorf("a short list after the long one: log %d, %s to move; want 75, black", len(g.Log), rg.Turn())
	}
	if strings.Contains(w.last("p0"), "only the first") {
		t.Errorf("a short list is said to be cut:\n%s", w.last("p0"))
	}
}

// TestLongListCutTriad: the cut holds in a three-player game played in its
// group too.
func TestLongListCutTriad(t *testing.T) {
	t.Parallel()
	v, _ := referee.Lookup("triad")
	w := newWorld(t)
	id := w.startGame(v, "club")
	w.group("club", "p0", strings.Repeat("Ke2, ", 200))
	if g, _ := w.replay(id); len(g.Log) > 64 {
		t.Errorf("the log has %d entries; want at most 64", len(g.Log))
	}
}
