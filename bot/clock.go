package bot

import (
	"time"
	"umpire/bot/clock"

	"umpire/referee"
	"umpire/store"
)

// Correspondence clocks. A game made with a time control (`new dark 3d`,
// `new triad 12h`) gives each decision the game waits for that much time:
// a move, and where the rules have them, a crown to seal (Korona), an
// offer to answer or an order to choose (triad). The referee says what a
// game waits for (referee.Waiting); after every change the bot times each
// new decision from now (store.Game.Waits) and keeps the times of those
// still waiting, each due when its time is up (at the next fixed hour
// after that, in a game made with one: clock.Due). Before a decision's
// time runs out its seat is reminded (reminders.go); when it runs out,
// the game's pace may keep the seat in (an extension, civil disorder:
// bot/pace), else the umpire plays the referee's timeout action for that
// seat (tick.go), which the log keeps, so that a replay ends the game, or
// drops the order, as it happened. A player's vacation, and a pause its
// players agreed, stop the clocks of a game (vacation.go, bot/pace). The store's Deadline is the
// next of all these moments; Tick finds the games due.

// zone is the time zone of the player in seat s, nil when unknown.
func (t *table) zone(s referee.Seat) *time.Location {
	if p := t.players[s]; p != nil {
		return clock.ZoneOf(p.TZ)
	}
	return nil
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
			ends := clock.Due(g, w.Seat, start)
			sw = store.Wait{Key: w.Key, Seat: w.Seat, Action: w.Action, Ends: ends, Began: start,
				Remind: clock.Reminders(start, ends, t.zone(w.Seat))}
		}
		delete(old, w.Key)
		waits = append(waits, sw)
	}
	for _, done := range old {
		clock.Spend(g, done, now) // with an increment: the time it took, from its seat's bank
	}
	g.Waits = waits
	g.Deadline = clock.Deadline(g)
}

// stopClock stops the clock of a game that is over, or has none.
func stopClock(g *store.Game) { g.Waits, g.Deadline, g.Paused = nil, time.Time{}, time.Time{} }
