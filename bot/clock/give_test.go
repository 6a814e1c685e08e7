package clock

import (
	"testing"
	"time"

	"umpire/referee"
	"umpire/store"
)

// TestGive: time given goes to the receiver's decision under way when it
// is to act, else to its next decision, never above the control's cap,
// by the same rule with an increment or without. Under an increment a
// gift to a decision under way goes into the bank too, so that what is
// not used of it is left for the next decision, as a gift made on the
// giver's own turn is.
func TestGive(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	under := func(left time.Duration) []store.Wait { // black's move under way, begun a day ago
		return []store.Wait{{Key: "move black 1", Seat: "black", Began: now.Add(-Day), Ends: now.Add(left)}}
	}
	h := time.Hour
	for _, tt := range []struct {
		name     string
		inc      time.Duration
		waits    []store.Wait
		give     time.Duration
		added    time.Duration
		underWay bool
		ends     time.Duration // black's move now due, from now; 0 for none under way
		bank     time.Duration // black's bank after; 0 for none kept
	}{
		{"no increment, black to move", 0, under(2 * Day), Day, Day, true, 3 * Day, 0},
		{"no increment, black to move, against the cap", 0, under(2 * Day), 5 * Day, Day, true, 3 * Day, 0},
		{"no increment, white to move: the next move has the clock, the cap", 0, nil, Day, 0, false, 0, 0},
		{"increment, black to move: the bank too", h, under(2 * Day), Day, Day, true, 3 * Day, 4 * Day},
		{"increment, black to move, against the cap of a full bank", h, under(2 * Day), 9 * Day, 4 * Day, true, 6 * Day, 7 * Day},
		{"increment, white to move: the next decision's bank", h, nil, Day, Day, false, 0, 4 * Day},
		{"increment, white to move, against the cap", h, nil, 9 * Day, 3 * Day, false, 0, 6 * Day},
	} {
		g := &store.Game{Clock: 3 * Day, Increment: tt.inc, Waits: tt.waits}
		added, underWay := Give(g, referee.Black, tt.give, now, nil)
		if added != tt.added || underWay != tt.underWay {
			t.Errorf("%s: Give(%v) = %v, %v; want %v, %v", tt.name, tt.give, added, underWay, tt.added, tt.underWay)
		}
		if len(g.Waits) > 0 && !g.Waits[0].Ends.Equal(now.Add(tt.ends)) {
			t.Errorf("%s: black's move is due in %v; want %v", tt.name, g.Waits[0].Ends.Sub(now), tt.ends)
		}
		if got := g.Banks[referee.Black]; got != tt.bank {
			t.Errorf("%s: black's bank %v; want %v", tt.name, got, tt.bank)
		}
	}
}
