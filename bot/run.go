package bot

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"
	"umpire/bot/lobby"
	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/store"
)

// DrainTimeout bounds how long Run keeps sending after every transport
// stopped receiving.
const DrainTimeout = 30 * time.Second

// Run receives on every transport and sends through each until ctx is
// done (then it returns nil) or a transport fails (then it stops the others
// and returns the error). When every transport's Receive has returned nil
// — the console at the end of its input — Run waits for the answers
// already due (awaitDue), sends what is left, for at most DrainTimeout, and
// returns nil. Meanwhile it runs the games' clocks
// (see Tick) every ClockEvery — starting once the transports have read
// what came while the umpire was down (see CatchingUp) — prunes the ids
// seen (see Prune) every PruneEvery, and runs the house player (see House)
// in the games where it holds a seat.
func (b *Bot) Run(ctx context.Context, ts ...wire.Transport) error {
	if len(ts) == 0 {
		return errors.New("bot: no transport")
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	// The senders outlive a stop (SIGTERM) by up to SettleTimeout, to send
	// what is due; a failure stops them at once.
	sendCtx, stopSending := context.WithCancel(context.WithoutCancel(ctx))
	context.AfterFunc(ctx, func() {
		if !errors.Is(context.Cause(ctx), context.Canceled) {
			stopSending()
		}
	})
	senders := make([]*post.Sender, len(ts)+1)
	var sending sync.WaitGroup
	for i, t := range append(ts, b.lobby.House()) {
		senders[i] = b.Sender(t)
		sending.Go(func() {
			if err := senders[i].Run(sendCtx); err != nil {
				cancel(err)
			}
		})
	}
	clockCtx, stopClocks := context.WithCancel(ctx)
	var clock sync.WaitGroup
	clock.Go(func() {
		if caughtUp(b.log, clockCtx, ts) {
			b.runClock(clockCtx)
		}
	})
	clock.Go(func() { b.runPrune(clockCtx) })
	clock.Go(func() { // the house player; a store failure stops the bot
		if err := b.lobby.House().Receive(clockCtx, b); err != nil {
			cancel(err)
		}
	})
	var receiving sync.WaitGroup
	for _, t := range ts {
		receiving.Go(func() {
			if err := t.Receive(ctx, b); err != nil && ctx.Err() == nil {
				cancel(err)
			}
		})
	}
	receiving.Wait()
	if ctx.Err() == nil {
		awaitDue(ctx, b.db, b.lobby.House(), b.now)
	} else if errors.Is(context.Cause(ctx), context.Canceled) {
		awaitDue(sendCtx, b.db, nil, b.now) // stopped: no more input, but what is due goes out
	}
	stopClocks()
	clock.Wait()
	stopSending()
	sending.Wait()
	if err := context.Cause(ctx); ctx.Err() != nil {
		if errors.Is(err, context.Canceled) {
			return nil
		}
		return err
	}
	return drain(ctx, senders)
}

// SettleTimeout bounds how long Run, once every transport stopped
// receiving (the console's :quit or the end of its input), waits for the
// answers already due: the rows queued, the house's moves to them.
const SettleTimeout = 10 * time.Second

// awaitDue waits until no row is due and the house (when h is not nil) has
// nothing to do, for at most SettleTimeout, so that a console session that
// ends right after a move still gets the house's answer, and a stopped
// umpire sends what it owes.
func awaitDue(ctx context.Context, db *store.DB, h *lobby.House, now func() time.Time) {
	deadline := time.NewTimer(SettleTimeout)
	defer deadline.Stop()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		due, err := db.Pending(now(), 1)
		if err != nil || len(due) == 0 && (h == nil || h.Idle()) {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-deadline.C:
			return
		case <-tick.C:
		}
	}
}

// CatchUpTimeout bounds how long Run waits for the transports to catch up
// (see CatchingUp) before it starts the clocks: a transport that cannot
// reach its server must not stop every game's clock.
const CatchUpTimeout = 5 * time.Minute

// caughtUp waits until every transport that can tell has handed over the
// messages that waited, or CatchUpTimeout has passed; it reports false
// when ctx is done first.
func caughtUp(log *slog.Logger, ctx context.Context, ts []wire.Transport) bool {
	timeout := time.NewTimer(CatchUpTimeout)
	defer timeout.Stop()
	for _, t := range ts {
		c, ok := t.(wire.CatchingUp)
		if !ok {
			continue
		}
		select {
		case <-c.CaughtUp():
		case <-timeout.C:
			log.Warn("clock: starting before a transport read what waited", "transport", t.Name(), "waited", CatchUpTimeout)
			return ctx.Err() == nil
		case <-ctx.Done():
			return false
		}
	}
	return true
}

// drain sends what is left through every sender.
func drain(ctx context.Context, senders []*post.Sender) error {
	ctx, cancel := context.WithTimeout(ctx, DrainTimeout)
	defer cancel()
	var errs []error
	for _, s := range senders {
		if err := s.Drain(ctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
