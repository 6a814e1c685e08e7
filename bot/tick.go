package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"umpire/bot/clock"
	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/internal/metrics"
	"umpire/referee"
	"umpire/store"
)

// ClockEvery is how often Run looks for games whose time ran out or whose
// seats are due a reminder.
const ClockEvery = time.Minute

// Tick does what the clocks ask of the games due now: reminders, and the
// umpire's timeout for each decision whose time ran out; it moves the
// club's tournaments on (club.Tick: sign-ups that lapse, tournaments whose
// time is up); and it queues the daily digests due (digest.go). Run calls it
// every ClockEvery; a transport's own loop may call it too. A game it
// fails on is tried again at the next tick; the others are not held up.
func (b *Bot) Tick(ctx context.Context) error {
	ids, err := b.db.Due(b.now())
	if err != nil {
		return err
	}
	defer b.settleClub() // the games the clocks ended, and ends a crash left unsettled
	errs := []error{b.digests(ctx), b.club.Tick()}
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

// maxTimeouts bounds the timeouts one tick plays in one game: each may
// end decisions or start new ones, but never more than a game has.
const maxTimeouts = 8

// tickGame acts on one game due: it plays the timeout of every decision
// whose time is up, then sends the reminders due. Each step is applied on
// its own, named by the game, the length of its log and its deadline, so
// that a tick repeated (after a crash, or by two loops) applies nothing
// twice.
func (b *Bot) tickGame(id uint64) error {
	for range maxTimeouts {
		g, err := b.db.Game(id)
		if err != nil {
			return err
		}
		now := b.now()
		if g.Deadline.IsZero() || g.Deadline.After(now) {
			return nil
		}
		in := wire.Inbound{Transport: "clock", ID: fmt.Sprintf("%d:%d:%d", id, len(g.Log), g.Deadline.UnixNano())}
		if err := b.tickOnce(in, id, now); err != nil {
			return err
		}
	}
	return nil
}

// tickOnce plays the first timeout due in game id at now (unless the
// game's pace keeps its seat in the game: pace.OutOfTime), or else sends
// the reminders due.
func (b *Bot) tickOnce(in wire.Inbound, id uint64, now time.Time) error {
	var last referee.Game
	var n int
	applied, err := b.apply(in, id, func(g *store.Game, t *table) ([]store.Outgoing, error) {
		if g.State == store.StatePlaying && g.Clock == 0 && !g.Deadline.After(now) {
			return abandon(g, t), nil
		}
		if g.Clock == 0 || g.State != store.StatePlaying {
			stopClock(g) // nothing to time: drop the stale deadline
			return nil, nil
		}
		rg, err := b.games.take(g)
		if err != nil {
			return nil, err
		}
		last, n = rg, len(g.Log)
		clock.Cut(g, now) // a week of civil disorder is up: the seat leaves
		var rows []store.Outgoing
		kept := false
		w := firstEnded(g.Waits, now)
		if w != nil {
			rows, kept, err = b.pace.OutOfTime(g, t, w, now) // an extension, civil disorder
		}
		switch {
		case err != nil || kept:
		case w != nil && g.TimeRule == claimRule && w.Flagged.IsZero():
			rows = flag(g, t, w, now) // the opponents choose: claim, or give more time
		case w != nil:
			rows, err = b.timeout(g, t, rg, *w)
		default:
			rows = remind(g, t, now)
		}
		n = len(g.Log)
		syncClock(b.now(), g, rg, t)
		return rows, err
	})
	if applied && last != nil {
		b.games.put(id, last, n)
	}
	if applied {
		metrics.ClockFires.Inc()
	}
	return err
}

// timeUp plays in game id the umpire's timeout of every decision it waits
// for now, clock or none, as tickOnce does for one whose time ran out: a
// tournament's time is up (club.Env.TimeUp). The game's log length goes
// into key, so that each round of timeouts is played once, and a game of
// three whose timeouts leave two playing is ended by the next.
func (b *Bot) timeUp(key string, id uint64) error {
	g, err := b.db.Game(id)
	if err != nil || g.State != store.StatePlaying {
		return err
	}
	var last referee.Game
	var n int
	in := wire.Inbound{Transport: "clock", ID: fmt.Sprintf("%s:%d", key, len(g.Log))}
	applied, err := b.apply(in, id, func(g *store.Game, t *table) ([]store.Outgoing, error) {
		rg, err := b.games.take(g)
		if err != nil || g.State != store.StatePlaying {
			return nil, err
		}
		var rows []store.Outgoing
		for range maxTimeouts {
			waits := referee.Waiting(rg)
			if g.State != store.StatePlaying || len(waits) == 0 {
				break
			}
			more, err := b.timeout(g, t, rg, store.Wait{Seat: waits[0].Seat, Action: waits[0].Action})
			if err != nil {
				return nil, err
			}
			rows = append(rows, more...)
		}
		last, n = rg, len(g.Log)
		syncClock(b.now(), g, rg, t)
		return rows, nil
	})
	if applied && last != nil {
		b.games.put(id, last, n)
	}
	return err
}

// AbandonAfter is how long a game without a clock waits for anyone to act
// in it: then the umpire ends it as abandoned (PGN "*", Termination
// "abandoned"), so that a game everyone left stops costing the umpire
// and the players' lists. Every action (syncClock) sets the game's
// Deadline that far ahead; Tick finds it due like any other.
const AbandonAfter = 60 * 24 * time.Hour

// abandon ends game g, which nobody acted in for AbandonAfter, and tells
// its seats and its chat.
func abandon(g *store.Game, t *table) []store.Outgoing {
	g.State, g.Result, g.Reason = store.StateOver, "*", "abandoned"
	stopClock(g)
	n := post.Say("abandoned", "game", itoa(g.ID), "days", strconv.Itoa(int(AbandonAfter/(24*time.Hour))))
	n.End = true
	return append(t.seatRows(g, post.KindNotice, n), t.publicRows(g, post.KindNotice, n)...)
}

// firstEnded is the wait of waits that ended first by now; nil when none
// has.
func firstEnded(waits []store.Wait, now time.Time) *store.Wait {
	var first *store.Wait
	for i, w := range waits {
		if !w.Ends.After(now) && (first == nil || w.Ends.Before(first.Ends)) {
			first = &waits[i]
		}
	}
	return first
}

// timeout plays the umpire's action for a decision whose time ran out, as
// its seat's action, and returns the rows to send.
func (b *Bot) timeout(g *store.Game, t *table, rg referee.Game, w store.Wait) ([]store.Outgoing, error) {
	from := len(g.Log)
	m := &move{seat: w.Seat, line: referee.ReadLine(w.Action)}
	var rows []store.Outgoing
	if inGroup(g) {
		rows = b.ruleInGroup(wire.Inbound{Transport: "clock"}, g, t, rg, m)
	} else {
		rows = b.rule(g, t, rg, m)
	}
	if len(g.Log) == from {
		return nil, fmt.Errorf("the referee refused the umpire's %q for %s", w.Action, w.Seat)
	}
	return rows, nil
}

// remind sends the reminders due at now, one per decision, and drops
// them from the waits.
func remind(g *store.Game, t *table, now time.Time) []store.Outgoing {
	var rows []store.Outgoing
	for i := range g.Waits {
		w := &g.Waits[i]
		due := 0
		for due < len(w.Remind) && !w.Remind[due].After(now) {
			due++
		}
		if due == 0 {
			continue
		}
		w.Remind = w.Remind[due:]
		n := post.Say("clock-reminder."+post.WaitKind(w), "game", itoa(g.ID))
		n.Sub = map[string][]post.Note{"left": {post.Span(max(w.Ends.Sub(now), 0))}}
		if r, ok := t.seatRow(g, w.Seat, post.KindNotice, n); ok {
			rows = append(rows, r)
		}
	}
	return rows
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
