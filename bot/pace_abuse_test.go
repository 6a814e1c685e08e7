package bot_test

import (
	"strings"
	"testing"
	"time"
)

// Ways to bend the pace, each closed: a stream of pause offers, a word
// every six days that keeps the house in a seat for ever, the end of a
// spell shown before the player was heard, a resume that leaves its
// writer "silent".

// countHas counts the messages to id that contain want.
func (w *world) countHas(id, want string) int {
	n := 0
	for _, s := range textsOf(w.tr.To(id)) {
		if strings.Contains(s, want) {
			n++
		}
	}
	return n
}

// One pause offer at a time: while one stands, a new one is refused and
// the other seat hears nothing more; after a decline, one may be made
// again.
func TestPauseOneOfferAtATime(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "chess 1d")
	for range 5 {
		w.say("ann", "pause 1h")
	}
	w.contains("ann", "is offered already and waits for its answers")
	if n := w.countHas("bob", "offers to stop the clocks"); n != 1 {
		t.Errorf("Black got %d offers of a pause in a row; want 1", n)
	}
	w.say("bob", "pause #1 decline")
	w.say("ann", "pause 1h")
	if n := w.countHas("bob", "offers to stop the clocks"); n != 2 {
		t.Errorf("after a decline Black got %d offers in all; want 2", n)
	}
}

// A seat's week of civil disorder is one for the whole game: a refused
// word from its player every six days takes the seat back, but the
// spells add up, and once the week is spent the seat is out of time.
func TestDisorderWeekPerGame(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "chess 1d cd")
	for round := range 4 {
		if w.game(1).State != "playing" {
			break
		}
		w.now = w.now.Add(day)
		w.tick()
		w.settle() // the house moves for White
		w.now = w.now.Add(3 * day)
		w.say("ann", "a2a3") // not White's turn: refused, yet the seat is back
		w.say("bob", []string{"a7a6", "b7b6", "c7c6", "d7d6"}[round])
	}
	w.now = w.now.Add(8 * day)
	w.tick()
	g := w.game(1)
	if g.State == "playing" {
		t.Fatalf("after %d spells White's player, who never moved, is still in the game", len(g.Pace.Spells))
	}
	if spent := g.Pace.Spent("white"); spent > 7*day+time.Hour {
		t.Errorf("the house sat in for White %v in all; the game's allowance is a week", spent)
	}
}

// The others learn that a player took back a seat in civil disorder when
// the seat is next heard, not before: a private try in dark chess leaves
// "the house plays White" in Black's games.
func TestDisorderBackToldWhenHeard(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "dark 1d cd")
	w.now = w.now.Add(day)
	w.tick()
	w.settle() // the house moves for White
	w.say("bob", "e7e6")
	w.say("ann", "a1a8") // White's player: a private try, impossible
	if g := w.game(1); g.Pace.Spell("white") != nil {
		t.Fatalf("White's try did not take the seat back")
	}
	w.say("bob", "games")
	if !strings.Contains(w.last("bob"), "the house plays White") {
		t.Errorf("Black's games tells at once that White's player acted in private:\n%s", w.last("bob"))
	}
}

// Ending a pause is heard by all: its writer sent something, and gets no
// automatic extension for the decision under way.
func TestResumeIsHeard(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "chess 1d ext1")
	w.say("bob", "pause 1h")
	w.say("ann", "pause #1 accept")
	w.say("ann", "resume #1")
	w.now = w.now.Add(day + 2*time.Hour)
	w.tick()
	if g := w.game(1); g.State == "playing" {
		t.Errorf("White ended the pause, yet got an automatic extension (%v used)", g.Pace.Used)
	}
}

// At a fixed hour time given moves a deadline to the grid's next fixed
// hour, never off it: the reader's own hour in games stays right, and an
// extension after it is the whole day it says.
func TestGiveKeepsTheFixedHour(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("bob", "tz Europe/Berlin") // 21:00 UTC is 23:00 CEST
	w.say("ann", "new chess 1d@21:00 ext1")
	w.say("bob", "join "+tokenOf(t, w, 1, "black"))
	w.now = w.now.Add(day) // 2 May 12:00: the ceiling is 3 May 21:00
	w.say("bob", "give 1h")
	due := turnEnds(w.game(1))
	if h := due.UTC().Hour(); h != 21 {
		t.Errorf("after give 1h White's move is due %v, off the fixed hour", due)
	}
	w.say("bob", "games")
	if s := w.last("bob"); !strings.Contains(s, "(23:00 your time)") {
		t.Errorf("Black's games says the fixed hour wrong in Berlin time:\n%s", s)
	}
	w.now = due
	w.tick()
	if got := turnEnds(w.game(1)); got.Sub(due) != 24*time.Hour {
		t.Errorf("the extension ran from %v to %v (%v); it says 1 d", due, got, got.Sub(due))
	}
}
