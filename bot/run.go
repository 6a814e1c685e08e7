package bot

import (
	"context"
	"errors"
	"sync"
	"time"
)

// DrainTimeout bounds how long Run keeps sending after every transport
// stopped receiving.
var DrainTimeout = 30 * time.Second

// Run receives on every transport and sends through each until ctx is
// done (then it returns nil) or a transport fails (then it stops the others
// and returns the error). When every transport's Receive has returned nil
// — the console at the end of its input — Run sends what is left, for at
// most DrainTimeout, and returns nil. Meanwhile it runs the games' clocks
// (see Tick) every ClockEvery, and the house player (see House) in the
// games where it holds a seat.
func (b *Bot) Run(ctx context.Context, ts ...Transport) error {
	if len(ts) == 0 {
		return errors.New("bot: no transport")
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	sendCtx, stopSending := context.WithCancel(ctx)
	senders := make([]*Sender, len(ts)+1)
	var sending sync.WaitGroup
	for i, t := range append(ts, b.house) {
		senders[i] = b.Sender(t)
		sending.Go(func() {
			if err := senders[i].Run(sendCtx); err != nil {
				cancel(err)
			}
		})
	}
	clockCtx, stopClocks := context.WithCancel(ctx)
	var clock sync.WaitGroup
	clock.Go(func() { b.runClock(clockCtx) })
	clock.Go(func() { b.runPrune(clockCtx) })
	clock.Go(func() { b.runHouse(clockCtx, cancel) })
	var receiving sync.WaitGroup
	for _, t := range ts {
		receiving.Go(func() {
			if err := t.Receive(ctx, b); err != nil && ctx.Err() == nil {
				cancel(err)
			}
		})
	}
	receiving.Wait()
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
	return b.drain(ctx, senders)
}

// drain sends what is left through every sender.
func (b *Bot) drain(ctx context.Context, senders []*Sender) error {
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
