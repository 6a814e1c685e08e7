package clock

import (
	"time"

	"umpire/referee"
	"umpire/store"
)

// The arithmetic of a game's pace (store.Pace; the rules and their words
// are bot/pace's): automatic extensions, pauses, and the week a seat may
// spend in civil disorder.

// DisorderWeek is how long the house sits in for a seat in civil disorder
// before the seat leaves the game, as a seat out of time does.
const DisorderWeek = 7 * Day

// Loses reports whether a decision's time running out loses the game for
// its seat (a move, a crown to seal), rather than lapsing (an offer to
// answer, orders held to choose from).
func Loses(w store.Wait) bool {
	k := referee.WaitKindOf(w.Key)
	return k == referee.WaitMove || k == referee.WaitCrown
}

// Spent reports whether seat s of g is in a spell of civil disorder that
// lasted its week at now.
func Spent(g *store.Game, s referee.Seat, now time.Time) bool {
	return g.Pace.Spell(s) != nil && !g.Pace.Sits(s, now)
}

// Extend gives decision w of g, whose time ran out, one more period if its
// seat has an automatic extension left and sent nothing (was never heard,
// store.Wait.Heard) and it would lose: its end moves on by the period from
// where it was (in whole days of the grid at a fixed hour), never from
// now, so that n extensions add n periods and no more; its reminders are
// made anew from now in time zone loc. It reports whether it did.
func Extend(g *store.Game, w *store.Wait, now time.Time, loc *time.Location) bool {
	if g.Pace.ExtLeft(w.Seat) == 0 || w.Heard || !w.Flagged.IsZero() || !Loses(*w) || g.Pace.Spell(w.Seat) != nil {
		return false
	}
	if g.Pace.Used == nil {
		g.Pace.Used = map[referee.Seat]int{}
	}
	g.Pace.Used[w.Seat]++
	if g.Pace.At != "" {
		w.Ends = gridDays(g, w.Ends, int(g.Clock/Day))
	} else {
		w.Ends = w.Ends.Add(g.Clock)
	}
	w.Remind = Reminders(now, w.Ends, loc)
	return true
}

// Shift stops or starts g's clocks to stand still until target (zero: run
// now): every decision's time moves on (or back) by the change from the
// pause g had, its reminders made anew in its seat's zone; so does the
// end of each spell of civil disorder, whose week counts clock time. At a
// fixed hour a decision moves by whole days of the grid's calendar, the
// change rounded up (GridDays), to the same hour of the day across a
// change of daylight-saving time. It reports whether anything moved.
func Shift(g *store.Game, target, now time.Time, zone func(referee.Seat) *time.Location) bool {
	from, to := later(g.Paused, now), later(target, now)
	g.Paused = target
	if from.Equal(to) {
		return false
	}
	shift := to.Sub(from)
	for i := range g.Waits {
		w := &g.Waits[i]
		ends := w.Ends.Add(shift)
		if g.Pace.At != "" {
			ends = dayShift(g, w.Ends, GridDays(shift))
		}
		began := w.Ends.Add(-g.Clock)
		if !w.Began.IsZero() {
			w.Began = w.Began.Add(ends.Sub(w.Ends)) // a bank is not charged for the pause
			began = w.Began
		}
		w.Ends = ends
		w.Remind = Reminders(later(began, now), w.Ends, zone(w.Seat))
	}
	for i := range g.Pace.Spells {
		if sp := &g.Pace.Spells[i]; sp.To == 0 {
			sp.Ends = sp.Ends.Add(shift)
		}
	}
	g.Deadline = Deadline(g)
	return true
}

// later is the later of two times.
func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// Deadline is the next moment g's clock must act at: the first end or
// reminder of its decisions, a decision of a seat in civil disorder
// ending at the latest when the spell's week does; zero when none.
func Deadline(g *store.Game) time.Time {
	next := NextDeadline(g.Waits)
	for _, w := range g.Waits {
		if at, ok := weekEnds(g, w.Seat); ok && Loses(w) && at.Before(next) {
			next = at
		}
	}
	return next
}

// weekEnds is when seat s's spell of civil disorder in g lasts its week;
// ok is false when s is in none.
func weekEnds(g *store.Game, s referee.Seat) (time.Time, bool) {
	if sp := g.Pace.Spell(s); sp != nil {
		return sp.Ends, true
	}
	return time.Time{}, false
}

// Cut ends at now each decision that would lose for a seat whose spell of
// civil disorder lasted its week by now: its seat leaves the game as one
// out of time does.
func Cut(g *store.Game, now time.Time) {
	for i := range g.Waits {
		if w := &g.Waits[i]; Loses(*w) && Spent(g, w.Seat, now) && w.Ends.After(now) {
			w.Ends = now
		}
	}
}
