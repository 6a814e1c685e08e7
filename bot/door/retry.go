package door

import (
	"context"
	"time"

	"umpire/bot/wire"
	"umpire/internal/metrics"
	"umpire/store"
)

// Faults of the disk. A write the file system refuses (a full disk, an I/O
// error) fails with store.ErrWrite and writes nothing, so the same write
// may simply be tried again. The door does so, with backoff, for as long
// as it takes: Handle does not return until the message is handled (so a
// transport never gives up on a message, nor acknowledges one not
// handled). The process stays up, and what waited is handled once the
// disk takes writes again.

// FaultBackoff is the wait before the attempt-th retry (from 1) of a write
// the disk refused: one second, doubling, up to a minute, with jitter
// (wire.Backoff).
func FaultBackoff(attempt int) time.Duration { return faultBackoff.Delay(attempt) }

var faultBackoff = wire.Backoff{Base: time.Second, Max: time.Minute}

// untilStored calls fn until it returns anything but a fault of the
// store, waiting FaultBackoff between calls and logging each fault, or
// until ctx is done (then it returns the last fault).
func (d *Door) untilStored(ctx context.Context, what string, fn func() error) error {
	for attempt := 1; ; attempt++ {
		err := fn()
		if !store.IsFault(err) {
			if attempt > 1 && err == nil {
				d.log.Warn(what+": the database takes writes again", "attempts", attempt)
			}
			return err
		}
		metrics.WriteRetries.Inc()
		delay := d.faultBackoff(attempt)
		d.log.Error(what+": the database refused a write; will retry", "in", delay, "attempt", attempt, "err", err)
		if !sleep(ctx, delay) {
			return err
		}
	}
}

// sleep waits for d or ctx, and reports whether d passed.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
