package clock

import (
	"time"

	"umpire/referee"
	"umpire/store"
)

// Time given. `give 1d` adds time to another seat, by one rule whether the
// game has an increment or not: to the decision it has under way when it
// is to act, else to its next decision; never beyond the most one
// decision may have under the game's own control (its ceiling, Top), and
// never taking time away, so that no number of gifts keeps a game waiting
// longer than its clock could.
//
// Under an increment a seat's time is its bank: a gift to a decision under
// way goes into the bank too, so that what the seat does not use of it is
// left for its next decision, as a gift made before the decision began
// would be. Without one each decision has the clock afresh, which is the
// ceiling: a next decision has no room for more.

// Ceiling is the most time one decision of g may have: the clock, or with
// an increment a full bank (twice the clock, as Spend caps it).
func Ceiling(g *store.Game) time.Duration {
	if g.Increment > 0 {
		return 2 * g.Clock
	}
	return g.Clock
}

// Top is the latest a decision of g may end at now: its ceiling from now
// (from the end of a pause, a vacation, when one is on), then at the next
// fixed hour of the grid.
func Top(g *store.Game, now time.Time) time.Time {
	return OnGrid(g, later(g.Paused, now).Add(Ceiling(g)))
}

// Give adds d to seat s's time in g at now, up to the ceiling: to each
// decision s has under way (a flagged one from now, and unflagged), its
// reminders made anew in time zone loc; else to its next decision. It
// returns what it added (the most, over s's decisions), 0 when s is at the
// ceiling already, and whether it went to a decision under way. At a fixed
// hour a decision given time ends at the grid's next fixed hour after it
// (OnGrid), as every deadline there does: `give 1h` moves it a day.
func Give(g *store.Game, s referee.Seat, d time.Duration, now time.Time, loc *time.Location) (added time.Duration, underWay bool) {
	top := Top(g, now)
	for i := range g.Waits {
		w := &g.Waits[i]
		if w.Seat != s {
			continue
		}
		underWay = true
		if !w.Flagged.IsZero() {
			w.Ends, w.Flagged = now, time.Time{}
		}
		ends := OnGrid(g, w.Ends.Add(d))
		if ends.After(top) {
			ends = top
		}
		if ends.After(w.Ends) {
			added = max(added, ends.Sub(w.Ends))
			w.Ends = ends
			w.Remind = Reminders(now, w.Ends, loc)
		}
	}
	if underWay || g.Increment <= 0 {
		if added > 0 && g.Increment > 0 {
			bank(g)[s] = Bank(g, s) + added
		}
		return added, underWay
	}
	was := Bank(g, s)
	bank(g)[s] = max(was, min(was+d, Ceiling(g)))
	return g.Banks[s] - was, false
}

// bank is g's banks, made when it has none.
func bank(g *store.Game) map[referee.Seat]time.Duration {
	if g.Banks == nil {
		g.Banks = map[referee.Seat]time.Duration{}
	}
	return g.Banks
}
