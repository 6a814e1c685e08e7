package bot

import (
	"errors"

	"umpire/bot/wire"
	"umpire/internal/metrics"
	"umpire/store"
)

// Budgets of inbound messages (wire.Buckets). Each sender (an address)
// may send Burst messages at once and one more each Refill after that. A
// message past the budget is passed over unread: the first one gets a
// single "slow down" notice in the sender's language, then the bot says
// nothing more until the budget is full again. So one flood costs the bot
// one look-up per message, and nobody else waits for it. An opt-out made
// without writing (wire.OptOut, from a one-click link only the address's
// owner has) spends nothing and is never told to slow down: the endpoint
// it came through keeps a budget of its own.

// overBudget spends one message of the sender's budget; ok reports that
// the message is past it and passed over (the sender told once).
func (b *Bot) overBudget(in wire.Inbound) (ok bool, err error) {
	if in.Event == wire.OptOut {
		return false, nil
	}
	read, tell := b.budgets.Take(addressOf(in).String(), b.now())
	if read {
		return false, nil
	}
	metrics.FloodRefusals.Inc()
	if !tell {
		return true, nil // silence, in the log too: a flood would fill it
	}
	b.log.Warn("handle: sender over budget; told to slow down, then passed over", "transport", in.Transport, "from", addressOf(in).String())
	p, err := b.db.PlayerAt(addressOf(in))
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return true, err
	}
	return true, b.db.QueueOnce(keyOf(in), noticeTo(b.langs, in, p, "err.slow-down"))
}
