package clock

import (
	"time"

	"umpire/referee"
	"umpire/store"
)

// Time given. `give 1d` adds time to another seat's clock: to each
// decision it has under way, else (with an increment) to its bank. What a
// gift may reach has a ceiling, the clock's longest form: the most one
// decision can have under the game's own control (Ceiling). A gift tops a
// decision up to it and no further, and never takes time away, so that
// no number of gifts keeps a game waiting longer than its clock could.

// Ceiling is the most time one decision of g may have: the clock, or with
// an increment a full bank (twice the clock, as Spend caps it).
func Ceiling(g *store.Game) time.Duration {
	if g.Increment > 0 {
		return 2 * g.Clock
	}
	return g.Clock
}

// Give adds d to seat s's time in g at now, up to the ceiling: to each
// decision s has under way (a flagged one from now, and unflagged), its
// reminders made anew in time zone loc; else, with an increment, to its
// bank. It returns what it added (the most, over s's decisions): 0 when s
// has nothing under way and no bank, or is at the ceiling already. The
// ceiling counts from the end of a pause (a vacation) when one is on.
func Give(g *store.Game, s referee.Seat, d time.Duration, now time.Time, loc *time.Location) time.Duration {
	top := now
	if g.Paused.After(now) {
		top = g.Paused
	}
	top = top.Add(Ceiling(g))
	var added time.Duration
	waiting := false
	for i := range g.Waits {
		w := &g.Waits[i]
		if w.Seat != s {
			continue
		}
		waiting = true
		if !w.Flagged.IsZero() {
			w.Ends, w.Flagged = now, time.Time{}
		}
		ends := w.Ends.Add(d)
		if ends.After(top) {
			ends = top
		}
		if ends.After(w.Ends) {
			added = max(added, ends.Sub(w.Ends))
			w.Ends = ends
			w.Remind = Reminders(now, w.Ends, loc)
		}
	}
	if waiting || g.Increment <= 0 {
		return added
	}
	bank := Bank(g, s)
	if g.Banks == nil {
		g.Banks = map[referee.Seat]time.Duration{}
	}
	g.Banks[s] = max(bank, min(bank+d, Ceiling(g)))
	return g.Banks[s] - bank
}
