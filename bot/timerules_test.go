package bot_test

import (
	"strings"
	"testing"
	"time"

	"umpire/bot/record"
	"umpire/store"
)

const day = 24 * time.Hour

// With an increment a seat's time is a bank: each move spends what it
// took and adds the increment, never above twice the clock; the PGN says
// the control in its incremental form.
func TestIncrementBank(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "chess 2d+1d")
	if g := w.game(1); g.Increment != day || g.Clock != 2*day {
		t.Fatalf("control: %v + %v", g.Clock, g.Increment)
	}
	if got := turnEnds(w.game(1)); !got.Equal(w.now.Add(2 * day)) {
		t.Fatalf("White's first move is due %v, want in 2 d", got)
	}
	w.now = w.now.Add(6 * time.Hour)
	w.say("ann", "e2e4") // 2d - 6h + 1d = 2d 18h
	if b := w.game(1).Banks["white"]; b != 2*day+18*time.Hour {
		t.Errorf("White's bank after a move of 6 h: %v", b)
	}
	w.now = w.now.Add(time.Hour)
	w.say("bob", "e7e5") // Black: 2d - 1h + 1d = 2d 23h
	g := w.game(1)
	if b := g.Banks["black"]; b != 2*day+23*time.Hour {
		t.Errorf("Black's bank: %v", b)
	}
	if got := turnEnds(g); !got.Equal(w.now.Add(2*day + 18*time.Hour)) {
		t.Errorf("White's move is due %v, want its bank of 2 d 18 h from now", got)
	}
	for range 4 { // quick moves: the bank stops at twice the clock
		w.say("ann", "Nf3")
		w.say("bob", "Nf6")
		w.say("ann", "Ng1")
		w.say("bob", "Ng8")
	}
	if b := w.game(1).Banks["white"]; b != 4*day {
		t.Errorf("White's bank after quick moves: %v, want the cap of 4 d", b)
	}
	pgn, err := record.PGN(w.db, 1)
	if err != nil || !strings.Contains(pgn, `[TimeControl "172800+86400"]`) {
		t.Errorf("PGN TimeControl: %v\n%s", err, pgn)
	}
	w.say("ann", "new chess 1d+2d")
	if s := w.last("ann"); !strings.Contains(s, "1d+2d") {
		t.Errorf("an increment longer than the clock: %q", s)
	}
}

// give adds time to the opponent's decision under way; a seat cannot give
// itself time; a game without a clock has none to give.
func TestGive(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "chess 1d")
	w.say("ann", "e2e4")
	due := turnEnds(w.game(1))
	w.say("ann", "give 2d")
	if got := turnEnds(w.game(1)); !got.Equal(due.Add(2 * day)) {
		t.Errorf("after give 2d Black's move is due %v, want %v", got, due.Add(2*day))
	}
	if s := w.last("bob"); !strings.Contains(s, "White gave you 2 d more in game #1") {
		t.Errorf("Black was told %q", s)
	}
	if s := w.last("ann"); !strings.Contains(s, "You gave 2 d more in game #1") {
		t.Errorf("White was told %q", s)
	}
	w.say("ann", "new chess")
	w.say("ann", "#2 give 1d")
	if s := w.last("ann"); !strings.Contains(s, "needs a clock") {
		t.Errorf("give without a clock: %q", s)
	}
}

// Under the claim rule a seat out of time does not lose at once: the
// opponent is told, may claim the win, or give time; unanswered, the loss
// is ruled after a day.
func TestClaimRule(t *testing.T) {
	t.Parallel()
	for _, how := range []string{"claim", "give", "silence", "move"} {
		t.Run(how, func(t *testing.T) {
			w := newWorld(t)
			w.say("ann", "new chess 1d claim")
			w.say("bob", "join "+tokenOf(t, w, 1, "black"))
			w.say("ann", "e2e4")
			w.say("ann", "claim")
			if s := w.last("ann"); !strings.Contains(s, "Nobody's time has run out") {
				t.Errorf("an early claim: %q", s)
			}
			w.now = w.now.Add(day + time.Minute)
			w.tick()
			if g := w.game(1); g.State != store.StatePlaying {
				t.Fatalf("the flag fell at once under the claim rule: %s %s", g.Result, g.Reason)
			}
			if s := w.last("ann"); !strings.Contains(s, "Black's time in game #1 ran out") || !strings.Contains(s, "claim #1") {
				t.Fatalf("White was told %q", s)
			}
			if s := w.last("bob"); !strings.Contains(s, "Your time in game #1 ran out") {
				t.Errorf("Black was told %q", s)
			}
			switch how {
			case "claim":
				w.say("ann", "claim")
				if g := w.game(1); g.State != store.StateOver || g.Result != "1-0" {
					t.Errorf("after the claim: %s %s %s", g.State, g.Result, g.Reason)
				}
			case "give":
				w.say("ann", "give 1d")
				w.now = w.now.Add(day + time.Hour)
				w.tick()
				if g := w.game(1); g.State != store.StatePlaying || len(g.Waits) != 1 || g.Waits[0].Flagged.IsZero() {
					t.Errorf("given a day, then out again: %s, waits %+v", g.State, g.Waits)
				}
			case "silence":
				w.now = w.now.Add(day + time.Minute)
				w.tick()
				if g := w.game(1); g.State != store.StateOver || g.Result != "1-0" {
					t.Errorf("a day without a claim: %s %s", g.State, g.Result)
				}
			case "move":
				w.say("bob", "e7e5")
				if g := w.game(1); g.State != store.StatePlaying || !g.Waits[0].Flagged.IsZero() {
					t.Errorf("a move while flagged: %s %+v", g.State, g.Waits)
				}
			}
		})
	}
}
