package bot

import (
	"time"

	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// On time after downtime. A move counts as on time by when it was sent —
// Telegram's date, a mail's arrival in the mailbox — not by when the
// umpire reads it: after the umpire was down, Run reads what waited before
// it starts the clocks (see CatchingUp), so a move sent in time is played,
// and one sent after its seat's time ran out loses on time, ruled by the
// umpire, as the clock would have ruled had it been running.

// OnTimeGrace is how long after its time ran out a move may have been sent
// and still count as on time: it covers the clocks of Telegram's and the
// mail servers, which are not the umpire's.
const OnTimeGrace = time.Minute

// sentAt is when in was sent: its transport's time, or now when it has
// none or one in the future (a server's clock ahead of ours).
func sentAt(in wire.Inbound, now time.Time) time.Time {
	if in.Sent.IsZero() || in.Sent.After(now) {
		return now
	}
	return in.Sent
}

// overdue is the wait of seat that had ended, OnTimeGrace included, when
// its action was sent: the umpire plays that wait's timeout instead of the
// action. nil when the seat was in time.
func overdue(waits []store.Wait, seat referee.Seat, sent time.Time) *store.Wait {
	for i, w := range waits {
		if w.Seat == seat && w.Ends.Add(OnTimeGrace).Before(sent) {
			return &waits[i]
		}
	}
	return nil
}
