package bot

import (
	"strconv"
	"strings"
	"time"

	"umpire/referee"
	"umpire/store"
)

// Correspondence clocks. A game made with a time control (`new dark 3d`,
// `new triad 12h`) gives each decision the game waits for that much time:
// a move, and where the rules have them, a crown to seal (Korona), an
// offer to answer or an order to choose (triad). The referee says what a
// game waits for (referee.Waiting); after every change the bot times each
// new decision from now (store.Game.Waits) and keeps the times of those
// still waiting. Before a decision's time runs out its seat is reminded
// (reminders.go); when it runs out, the umpire plays the referee's timeout
// action for that seat (tick.go), which the log keeps, so that a replay
// ends the game, or drops the order, as it happened. A player's vacation
// stops the clocks of its games (vacation.go). The store's Deadline is the
// next of all these moments; Tick finds the games due.

// Bounds of a time control.
const (
	minClock = time.Hour
	maxClock = 14 * 24 * time.Hour
)

// clockUnits are the unit words of a time control, in every language:
// 3d, 3д, 3t; 12h, 12ч.
var clockUnits = map[string]time.Duration{
	"d": 24 * time.Hour, "day": 24 * time.Hour, "days": 24 * time.Hour,
	"д": 24 * time.Hour, "дн": 24 * time.Hour, "день": 24 * time.Hour, "дня": 24 * time.Hour, "дней": 24 * time.Hour,
	"t": 24 * time.Hour, "tago": 24 * time.Hour, "tagoj": 24 * time.Hour,
	"h": time.Hour, "hour": time.Hour, "hours": time.Hour,
	"ч": time.Hour, "час": time.Hour, "часа": time.Hour, "часов": time.Hour,
	"horo": time.Hour, "horoj": time.Hour,
}

// readSpan reads a length of time: a number and a unit of clockUnits, as
// 3d or 12h. ok is false when the word is not one, or its number is out
// of reach.
func readSpan(word string) (time.Duration, bool) {
	w := strings.ToLower(word)
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	unit, known := clockUnits[w[i:]]
	if i == 0 || !known {
		return 0, false
	}
	n, err := strconv.Atoi(w[:i])
	if err != nil || n > 1000 {
		return -1, true
	}
	return time.Duration(n) * unit, true
}

// readClock reads a time control word: a number and a unit, as 3d or 12h.
// ok is false when the word is not one; err when it is one out of bounds.
func readClock(word string) (d time.Duration, ok bool, err error) {
	d, ok = readSpan(word)
	if ok && (d < minClock || d > maxClock) {
		return 0, true, oops("err.bad-clock", "clock", word)
	}
	return d, ok, nil
}

// syncClock times the decisions game g (rg in the referee) waits for now:
// the new ones from now (or from the end of a pause), the others as they
// were; and sets the Deadline. t gives the seats' time zones.
func syncClock(now time.Time, g *store.Game, rg referee.Game, t *table) {
	if g.Clock == 0 || g.State != store.StatePlaying {
		stopClock(g)
		if g.State == store.StatePlaying {
			g.Deadline = now.Add(AbandonAfter) // a game without a clock: see abandon
		}
		return
	}
	start := now
	if start.Before(g.Paused) {
		start = g.Paused
	}
	old := map[string]store.Wait{}
	for _, w := range g.Waits {
		old[w.Key] = w
	}
	var waits []store.Wait
	for _, w := range referee.Waiting(rg) {
		sw, ok := old[w.Key]
		if !ok {
			ends := start.Add(g.Clock)
			sw = store.Wait{Key: w.Key, Seat: w.Seat, Action: w.Action, Ends: ends,
				Remind: reminders(start, ends, t.zone(w.Seat))}
		}
		waits = append(waits, sw)
	}
	g.Waits = waits
	g.Deadline = nextDeadline(waits)
}

// nextDeadline is the first end or reminder of waits; zero when none.
func nextDeadline(waits []store.Wait) time.Time {
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

// stopClock stops the clock of a game that is over, or has none.
func stopClock(g *store.Game) { g.Waits, g.Deadline, g.Paused = nil, time.Time{}, time.Time{} }
