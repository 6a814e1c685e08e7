package clock

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"umpire/referee"
	"umpire/store"
)

// Deadlines at a fixed hour. A game made with `new … 1d@21:00` has each
// decision due at the first 21:00 at least its period after the decision
// began, in the time zone of the game's maker (store.Pace.Zone, UTC when
// the maker set none): the fixed hours are the game's grid. The grid is
// reckoned in that zone's calendar, so a deadline stays at 21:00 across a
// change to or from daylight-saving time (that day is 23 or 25 hours
// long). A fixed hour goes with a clock of whole days and no increment
// (ReadControl). An automatic extension moves a deadline on by the period
// in whole days of the grid (Extend); a pause by its length in whole days,
// rounded up (Shift, GridDays).

// ReadHour reads an hour of the day, 21:00, 9:30 or 21, as "21:00",
// "09:30", "21:00".
func ReadHour(word string) (string, bool) {
	h, m, colon := strings.Cut(word, ":")
	if !colon {
		m = "00"
	}
	hour, errH := strconv.Atoi(h)
	minute, errM := strconv.Atoi(m)
	if errH != nil || errM != nil || len(h) > 2 || len(m) != 2 || hour < 0 || hour > 23 || minute < 0 || minute > 59 {
		return "", false
	}
	return fmt.Sprintf("%02d:%02d", hour, minute), true
}

// hourOf reads a fixed hour ReadHour wrote; ok is false for none.
func hourOf(at string) (hour, minute int, ok bool) {
	if _, err := fmt.Sscanf(at, "%d:%d", &hour, &minute); err != nil {
		return 0, 0, false
	}
	return hour, minute, true
}

// Zone is the time zone of g's fixed hour: its maker's, UTC when unknown.
func Zone(g *store.Game) *time.Location {
	if loc := ZoneOf(g.Pace.Zone); loc != nil {
		return loc
	}
	return time.UTC
}

// OnGrid is the first moment at g's fixed hour at or after t; t itself
// when g has no fixed hour.
func OnGrid(g *store.Game, t time.Time) time.Time {
	return gridDays(g, t, 0)
}

// gridDays is the fixed hour of g days local days after the day of t,
// else (when that is before t) the first fixed hour after t. t itself
// when g has none.
func gridDays(g *store.Game, t time.Time, days int) time.Time {
	hour, minute, ok := hourOf(g.Pace.At)
	if !ok {
		return t
	}
	loc := Zone(g)
	y, m, d := t.In(loc).Date()
	at := time.Date(y, m, d+days, hour, minute, 0, 0, loc)
	for i := 1; at.Before(t) && i <= 3; i++ {
		at = time.Date(y, m, d+days+i, hour, minute, 0, 0, loc)
	}
	return at
}

// GridDays is how many days of the grid a change d of a game's clocks
// moves its deadlines at a fixed hour: d in days, rounded up (a pause of
// an hour moves 21:00 to the next day's 21:00; ended back early, it moves
// the deadline back the whole days it did not use). The pace charges a
// pause at a fixed hour by the same days (bot/pace).
func GridDays(d time.Duration) int {
	n := int(d / Day)
	if d%Day > 0 {
		n++
	}
	return n
}

// dayShift is t moved n days on the calendar of g's zone, to the same time
// of the day: 21:00 stays 21:00 across a change of daylight-saving time.
func dayShift(g *store.Game, t time.Time, n int) time.Time {
	l := t.In(Zone(g))
	return time.Date(l.Year(), l.Month(), l.Day()+n, l.Hour(), l.Minute(), l.Second(), l.Nanosecond(), l.Location())
}

// Due is when a decision of seat s of g beginning at start runs out: its
// time (the clock, or its bank), then at the next fixed hour of the grid.
// A seat whose spell of civil disorder lasted its week (Spent) has none.
func Due(g *store.Game, s referee.Seat, start time.Time) time.Time {
	if Spent(g, s, start) {
		return start
	}
	return OnGrid(g, start.Add(Bank(g, s)))
}
