package wire

import (
	"math/rand/v2"
	"time"
)

// Backoff is how long to wait after failures in a row: Base after the
// first, doubling with each one after it up to Max, less a random part of
// up to a quarter (jitter), so that the many clients of a server that
// failed them all at once do not all come back at the same instant. The
// bot's senders, its writes to a full disk and the transports' receive
// loops all wait this way, each with its own Base and Max.
type Backoff struct {
	Base, Max time.Duration
}

// Delay is the wait after the attempt-th failure in a row (from 1): at
// most Ceiling(attempt), and at least three quarters of it.
func (b Backoff) Delay(attempt int) time.Duration {
	d := b.Ceiling(attempt)
	return d - time.Duration(rand.Int64N(int64(d/4)+1))
}

// Ceiling is the wait after the attempt-th failure in a row without its
// jitter: Base doubled attempt-1 times, at most Max.
func (b Backoff) Ceiling(attempt int) time.Duration {
	d := b.Base
	for i := 1; i < attempt && d < b.Max; i++ {
		d *= 2
	}
	return min(d, b.Max)
}
