package clock

import (
	"slices"
	"time"
	_ "time/tzdata" // time zones for `tz`, also where the system has none
)

// Reminders. A seat is reminded of a decision twice: when a quarter of its
// time is left, and in its last hour. Where the player's time zone is
// known (`tz Europe/Moscow`), no reminder comes in its night: one due then
// comes at the night's start instead, or at its end when the decision was
// not waiting yet at the start, or not at all when the time runs out
// before the morning. Two reminders closer than half an hour are one.

// Night is from nightStarts to nightEnds o'clock, the player's time.
const (
	nightStarts = 22
	nightEnds   = 8
)

// Reminders are the times to remind a seat of a decision waiting from
// start until ends, in time zone loc (nil when unknown).
func Reminders(start, ends time.Time, loc *time.Location) []time.Time {
	var out []time.Time
	for _, at := range []time.Time{ends.Add(-ends.Sub(start) / 4), ends.Add(-time.Hour)} {
		at, ok := awake(at, start, ends, loc)
		if ok && !slices.ContainsFunc(out, func(o time.Time) bool { return near(o, at) }) {
			out = append(out, at)
		}
	}
	slices.SortFunc(out, func(a, b time.Time) int { return a.Compare(b) })
	return out
}

// near reports whether two reminders are less than half an hour apart.
func near(a, b time.Time) bool { d := a.Sub(b); return d < 30*time.Minute && d > -30*time.Minute }

// awake moves a reminder at at out of the night of loc: to the night's
// start when that is after start, else to its end when that is before
// ends. ok is false when the reminder falls outside (start, ends).
func awake(at, start, ends time.Time, loc *time.Location) (time.Time, bool) {
	in := func(t time.Time) bool { return t.After(start) && t.Before(ends) }
	if loc == nil {
		return at, in(at)
	}
	local := at.In(loc)
	h := local.Hour()
	if h >= nightEnds && h < nightStarts {
		return at, in(at)
	}
	day := local
	if h < nightEnds {
		day = local.AddDate(0, 0, -1)
	}
	y, m, d := day.Date()
	dusk := time.Date(y, m, d, nightStarts, 0, 0, 0, loc)
	if in(dusk) {
		return dusk, true
	}
	dawn := time.Date(y, m, d+1, nightEnds, 0, 0, 0, loc)
	return dawn, in(dawn)
}

// ZoneOf loads a time zone by name; nil for "" or an unknown name.
func ZoneOf(name string) *time.Location {
	if name == "" {
		return nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil
	}
	return loc
}
