package bot

import (
	"umpire/bot/wire"
	"umpire/store"
)

// A lasting opt-out. Whoever writes `stop` (стоп, haltu), answers a
// mail's List-Unsubscribe, or presses its one-click link (RFC 8058), is
// recorded in the store (store.Tx.OptOut, under a bounded key) and hears
// nothing more that it did not ask for: no invitation reaches it (the
// inviter is told why), and no news of a game it watched. Its own games
// go on: a player's seat mails are its own. Writing anything else to the
// umpire lifts the opt-out: the address has come back of its own accord.

// optOut records the opt-out of the sender of in, queues rows and marks
// in seen, in one transaction.
func (b *Bot) optOut(in Inbound, rows ...store.Outgoing) error {
	return b.update(in, func(tx *store.Tx) error { return b.optOutIn(tx, in, rows...) })
}

// optOutIn is optOut in a transaction.
func (b *Bot) optOutIn(tx *store.Tx, in Inbound, rows ...store.Outgoing) error {
	if err := tx.OptOut(addressOf(in), b.now()); err != nil {
		return err
	}
	_, err := tx.Queue(rows...)
	return err
}

// unsubscribed records an opt-out made without writing (wire.OptOut: a
// one-click unsubscribe): nothing is sent back.
func (b *Bot) unsubscribed(in Inbound) error {
	b.log.Info("opt-out", "transport", in.Transport)
	return b.optOut(in)
}

// lift forgets the opt-out of the sender of a message that is not a
// stop: it wrote to the umpire of its own accord.
func (b *Bot) lift(in Inbound, cmd command) error {
	if cmd.name == "stop" || in.Event != wire.Written {
		return nil
	}
	addr := addressOf(in)
	if out, err := b.db.OptedOut(addr); err != nil || !out {
		return err
	}
	return b.db.Update(func(tx *store.Tx) error {
		_, err := tx.OptIn(addr)
		return err
	})
}

// refuseOptedOut is the refusal of an invitation to an address that opted out.
func (b *Bot) refuseOptedOut(to invitee) error {
	out, err := b.db.OptedOut(to.addr)
	if err != nil || !out {
		return err
	}
	return oops("err.invite-optout", "to", bounded(to.shown, 64))
}

// optedOut are those of addrs that opted out, or nil.
func optedOut(tx *store.Tx, addrs []store.Address) map[store.Address]bool {
	var out map[store.Address]bool
	for _, a := range addrs {
		if tx.OptedOut(a) {
			if out == nil {
				out = map[store.Address]bool{}
			}
			out[a] = true
		}
	}
	return out
}
