package door

import (
	"errors"

	"umpire/bot/wire"
	"umpire/internal/metrics"
	"umpire/store"
)

// Budgets of inbound messages (wire.Buckets). Each sender (an address)
// may send Burst messages at once and one more each Refill after that. A
// message past the budget is passed over unread: the first one gets a
// single "slow down" notice in the sender's language, then the door says
// nothing more until the budget is full again. So one flood costs the
// umpire one look-up per message, and nobody else waits for it. An opt-out
// made without writing (wire.OptOut, from a one-click link only the
// address's owner has) spends nothing and is never told to slow down: the
// endpoint it came through keeps a budget of its own.

// budget is the third stage: it spends one message of the sender's
// budget, and passes over a message past it (the sender told once).
func (d *Door) budget(e *entry) (bool, error) {
	in := e.in
	if in.Event == wire.OptOut {
		return false, nil
	}
	read, tell := d.budgets.Take(AddressOf(in).String(), d.now())
	if read {
		return false, nil
	}
	metrics.FloodRefusals.Inc()
	if !tell {
		return true, nil // silence, in the log too: a flood would fill it
	}
	d.log.Warn("handle: sender over budget; told to slow down, then passed over", "transport", in.Transport, "from", AddressOf(in).String())
	p, err := d.db.PlayerAt(AddressOf(in))
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return true, err
	}
	return true, d.db.QueueOnce(KeyOf(in), d.noticeTo(in, p, "err.slow-down"))
}
