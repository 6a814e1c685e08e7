// Package clock is the arithmetic of correspondence clocks, apart from
// any game's rules or messages: the words of a time control (3d, 12h,
// 1d@21:00), the banks of a control with an increment, the deadlines of
// what a game waits for (on a grid of fixed hours, grid.go), time given
// (give.go), the arithmetic of a game's pace (pace.go: extensions, pauses,
// the week of civil disorder), and when to remind a seat (never in its
// night). The bot times its games with it (bot/clock.go,
// bot/timerules.go), and so does the pace room (bot/pace).
package clock

import (
	"strconv"
	"strings"
	"time"

	"umpire/referee"
	"umpire/store"
)

// Min and Max bound a time control; Day is a day of the clock.
const (
	Min = time.Hour
	Max = 14 * Day
	Day = 24 * time.Hour
)

// units are the unit words of a time control, in every language:
// 3d, 3д, 3t; 12h, 12ч.
var units = map[string]time.Duration{
	"d": 24 * time.Hour, "day": 24 * time.Hour, "days": 24 * time.Hour,
	"д": 24 * time.Hour, "дн": 24 * time.Hour, "день": 24 * time.Hour, "дня": 24 * time.Hour, "дней": 24 * time.Hour,
	"t": 24 * time.Hour, "tago": 24 * time.Hour, "tagoj": 24 * time.Hour,
	"h": time.Hour, "hour": time.Hour, "hours": time.Hour,
	"ч": time.Hour, "час": time.Hour, "часа": time.Hour, "часов": time.Hour,
	"horo": time.Hour, "horoj": time.Hour,
}

// ReadSpan reads a length of time: a number and a unit of units, as
// 3d or 12h. ok is false when the word is not one, or its number is out
// of reach.
func ReadSpan(word string) (time.Duration, bool) {
	w := strings.ToLower(word)
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	unit, known := units[w[i:]]
	if i == 0 || !known {
		return 0, false
	}
	n, err := strconv.Atoi(w[:i])
	if err != nil || n > 1000 {
		return -1, true
	}
	return time.Duration(n) * unit, true
}

// NextDeadline is the first end or reminder of waits; zero when none.
func NextDeadline(waits []store.Wait) time.Time {
	var next time.Time
	for _, w := range waits {
		for _, at := range append([]time.Time{w.Ends}, w.Remind...) {
			if next.IsZero() || at.Before(next) {
				next = at
			}
		}
	}
	return next
}

// Bank is the time seat s has for a new decision: the clock, or with an
// increment what is left of its bank.
func Bank(g *store.Game, s referee.Seat) time.Duration {
	if left, ok := g.Banks[s]; ok && g.Increment > 0 {
		return left
	}
	return g.Clock
}

// Spend charges a decision done at now to its seat's bank, with the
// increment, the bank capped at twice the clock (Ceiling).
func Spend(g *store.Game, w store.Wait, now time.Time) {
	if g.Increment <= 0 || w.Began.IsZero() {
		return
	}
	left := max(Bank(g, w.Seat)-max(now.Sub(w.Began), 0), 0) // a decision within a pause took nothing
	bank(g)[w.Seat] = min(left+g.Increment, Ceiling(g))
}

// Control is a time control as written: Clock for each decision, Inc the
// increment after it (0 for none), At the fixed hour decisions are due at
// ("21:00", "" for none: see grid.go).
type Control struct {
	Clock, Inc time.Duration
	At         string
}

// ReadControl reads a time control: a clock (3d), a clock and an
// increment (3d+1d), each from Min to Max, the increment no longer than
// the clock; or a clock of whole days at a fixed hour (1d@21:00). ok is
// false when the word is not one; bad when it is one out of bounds.
func ReadControl(word string) (c Control, ok, bad bool) {
	base, at, fixed := strings.Cut(word, "@")
	c.Clock, c.Inc, ok, bad = readBase(base)
	if !ok || bad || !fixed {
		return c, ok, bad
	}
	hour, hourOK := ReadHour(at)
	if !hourOK || c.Inc > 0 || c.Clock%Day != 0 {
		return Control{}, true, true
	}
	c.At = hour
	return c, true, false
}

// readBase reads a control without its fixed hour.
func readBase(word string) (clock, inc time.Duration, ok, bad bool) {
	c, i, plus := strings.Cut(word, "+")
	clock, ok = ReadSpan(c)
	inBounds := func(d time.Duration) bool { return d >= Min && d <= Max }
	if !ok || !inBounds(clock) {
		return 0, 0, ok, ok
	}
	if !plus {
		return clock, 0, true, false
	}
	inc, incOK := ReadSpan(i)
	if !incOK || !inBounds(inc) || inc > clock {
		return 0, 0, true, true
	}
	return clock, inc, true, false
}
