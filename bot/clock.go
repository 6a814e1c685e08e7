package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"umpire/referee"
	"umpire/store"
)

// Correspondence clocks. A game made with a time control (`new dark 3d`,
// `new kriegspiel 12h`) gives the seat to move that much time for each
// move: when the turn passes, the seat's time runs to now + the control
// (store.Game.TurnEnds). The umpire reminds the seat when a quarter of its
// time is left, once a turn, and ends the game when the time runs out by
// playing the referee's `timeout` for that seat, which the log keeps, so
// that a replay ends the game as it ended. The store's Deadline is the
// next of these two moments; Tick finds the games due.
//
// Triad, whose turns pass by diplomacy as well as by moves, has no clock;
// nor have Korona, Korona-2 and Krono, whose seats both seal secrets before
// the first move while the turn is White's, so that White's time would run
// out waiting for Black.

// Bounds of a time control.
const (
	minClock = time.Hour
	maxClock = 14 * 24 * time.Hour
)

// ClockEvery is how often Run looks for games whose time ran out or whose
// seat to move is due a reminder.
var ClockEvery = time.Minute

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

// readClock reads a time control word: a number and a unit, as 3d or 12h.
// ok is false when the word is not one; err when it is one out of bounds.
func readClock(word string) (d time.Duration, ok bool, err error) {
	w := strings.ToLower(word)
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	unit, known := clockUnits[w[i:]]
	if i == 0 || !known {
		return 0, false, nil
	}
	n, perr := strconv.Atoi(w[:i])
	if perr != nil || n <= 0 || time.Duration(n) > maxClock/unit {
		return 0, true, oops("err.bad-clock", "clock", word)
	}
	if d = time.Duration(n) * unit; d < minClock || d > maxClock {
		return 0, true, oops("err.bad-clock", "clock", word)
	}
	return d, true, nil
}

// clocked reports whether games of v may have a clock (see above).
func clocked(v *referee.Variant) bool {
	switch v.Key {
	case "korona", "korona2", "krono":
		return false
	}
	return len(v.Seats) == 2 && !groupOnly(v)
}

// span says a length of time: days and hours, or hours and minutes, the
// minutes rounded up.
func span(d time.Duration) note {
	d = d.Round(time.Minute)
	if d < time.Minute {
		d = time.Minute
	}
	days, hours, mins := int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour), int(d%time.Hour/time.Minute)
	n := func(i int) string { return strconv.Itoa(i) }
	switch {
	case days > 0 && hours == 0:
		return say("span.d", "d", n(days))
	case days > 0:
		return say("span.dh", "d", n(days), "h", n(hours))
	case hours > 0 && mins == 0:
		return say("span.h", "h", n(hours))
	case hours > 0:
		return say("span.hm", "h", n(hours), "m", n(mins))
	}
	return say("span.m", "m", n(mins))
}

// left is the time the seat to move of g has left at now, as a note for
// the argument "left"; nil without a running clock.
func left(g *store.Game, now time.Time) *note {
	if g.Clock == 0 || g.TurnEnds.IsZero() || g.State != store.StatePlaying {
		return nil
	}
	n := span(max(g.TurnEnds.Sub(now), 0))
	return &n
}

// remindAt is when the seat to move is reminded: a quarter of its time
// before the end.
func remindAt(ends time.Time, clock time.Duration) time.Time { return ends.Add(-clock / 4) }

// startTurn sets the clock of g for a turn that passes at now.
func startTurn(g *store.Game, now time.Time) {
	if g.Clock == 0 {
		return
	}
	if g.State != store.StatePlaying {
		stopClock(g)
		return
	}
	g.TurnEnds = now.Add(g.Clock)
	g.Deadline = remindAt(g.TurnEnds, g.Clock)
}

// stopClock stops the clock of a game that is over.
func stopClock(g *store.Game) { g.TurnEnds, g.Deadline = time.Time{}, time.Time{} }

// Tick does what the clocks ask of the games due now: a reminder to the
// seat to move, or the end of its game on time. Run calls it every
// ClockEvery; a transport's own loop may call it too. A game it fails on
// is tried again at the next tick; the others are not held up.
func (b *Bot) Tick(ctx context.Context) error {
	ids, err := b.db.Due(b.now())
	if err != nil {
		return err
	}
	var errs []error
	for _, id := range ids {
		if err := ctx.Err(); err != nil {
			return errors.Join(append(errs, err)...)
		}
		err := b.tickGame(id)
		if errors.Is(err, store.ErrClosed) {
			return errors.Join(append(errs, err)...)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("bot: clock of game %d: %w", id, err))
		}
	}
	return errors.Join(errs...)
}

// tickGame acts on one game due: it plays the timeout when the seat's time
// is up, else reminds the seat. The inbound id names the game and the
// length of its log, so a tick repeated (after a crash, or by two loops)
// applies nothing twice.
func (b *Bot) tickGame(id uint64) error {
	now := b.now()
	g, err := b.db.Game(id)
	if err != nil {
		return err
	}
	kind := "remind"
	if !g.TurnEnds.IsZero() && !now.Before(g.TurnEnds) {
		kind = "clock"
	}
	in := Inbound{Transport: kind, ID: fmt.Sprintf("%d:%d", id, len(g.Log))}
	var last referee.Game
	var n int
	applied, err := b.apply(in, id, func(g *store.Game, t *table) ([]store.Outgoing, error) {
		if g.State != store.StatePlaying || g.Clock == 0 || g.TurnEnds.IsZero() {
			stopClock(g) // nothing to time: drop the stale deadline
			return nil, nil
		}
		if g.Deadline.After(now) {
			return nil, nil // a move came first
		}
		rg, err := b.games.take(g)
		if err != nil {
			return nil, err
		}
		last, n = rg, len(g.Log)
		seat := rg.Turn()
		if now.Before(g.TurnEnds) {
			g.Deadline = g.TurnEnds
			rem := say("clock-reminder", "game", itoa(g.ID))
			rem.Sub = map[string][]note{"left": {*left(g, now)}}
			if r, ok := t.seatRow(g, seat, kindNotice, rem); ok {
				return []store.Outgoing{r}, nil
			}
			return nil, nil
		}
		rows := b.rule(g, t, rg, seat, "timeout", "", false)
		n = len(g.Log)
		if g.State != store.StateOver {
			return nil, fmt.Errorf("the referee did not end the game on %s's timeout", seat)
		}
		return rows, nil
	})
	if applied && last != nil {
		b.games.put(id, last, n)
	}
	return err
}

// runClock calls Tick every ClockEvery until ctx is done, logging its
// errors.
func (b *Bot) runClock(ctx context.Context) {
	tick := time.NewTicker(ClockEvery)
	defer tick.Stop()
	for {
		if err := b.Tick(ctx); err != nil && ctx.Err() == nil {
			b.log.Error("clock", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
