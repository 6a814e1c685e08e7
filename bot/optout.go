package bot

import (
	"log/slog"
	"strings"
	"time"

	"umpire/bot/post"
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
func optOut(db *store.DB, now time.Time, in wire.Inbound, rows ...store.Outgoing) error {
	return update(db, in, func(tx *store.Tx) error { return optOutIn(now, tx, in, rows...) })
}

// optOutIn is optOut in a transaction.
func optOutIn(now time.Time, tx *store.Tx, in wire.Inbound, rows ...store.Outgoing) error {
	if err := tx.OptOut(addressOf(in), now); err != nil {
		return err
	}
	_, err := tx.Queue(rows...)
	return err
}

// unsubscribed records an opt-out made without writing (wire.OptOut: a
// one-click unsubscribe): nothing is sent back.
func unsubscribed(db *store.DB, now time.Time, log *slog.Logger, in wire.Inbound) error {
	log.Info("opt-out", "transport", in.Transport)
	return optOut(db, now, in)
}

// lift forgets the opt-out of the sender of a message that is not a
// stop: it wrote to the umpire of its own accord. A mail's From is only
// claimed, though, and a forgery must not undo an opt-out: so a mail
// lifts it only when it proves its mailbox (Inbound.Verified): its key
// opens the sender's own seat or an invitation the umpire mailed to that
// address (admission.proves; a free seat's key, which its maker may pass
// to anyone, or a finished game's proves nothing), or the operator's
// server vouched for its From. Any other mail gets a confirmation
// instead (askResume): a reply `resume TOKEN` lifts it.
func lift(db *store.DB, now time.Time, dice dice, in wire.Inbound, p *store.Player, cmd command) error {
	if cmd.name == "stop" || cmd.name == "resume" || in.Event != wire.Written {
		return nil
	}
	addr := addressOf(in)
	if out, err := db.OptedOut(addr); err != nil || !out {
		return err
	}
	if in.Forgeable && !in.Verified {
		return askResume(db, now, dice, in, p)
	}
	return db.Update(func(tx *store.Tx) error {
		_, err := tx.OptIn(addr)
		return err
	})
}

// askResume mails an opted-out address a token that lifts its opt-out,
// once a week at most (a request for game 0 in store.WatchRequest's
// bucket). It does not mark in seen: the message is then read as usual.
func askResume(db *store.DB, now time.Time, dice dice, in wire.Inbound, p *store.Player) error {
	r, err := dice.random(8)
	if err != nil {
		return err
	}
	tok, addr := "r"+r, addressOf(in)
	n := post.Say("resume-ask", "token", tok)
	n.Buttons = []wire.Button{{Label: "resume", Command: "resume " + tok}}
	n.Unsolicited = true
	row := store.Outgoing{To: addr, Kind: post.KindNotice, Text: n.Encode(), Lang: p.Lang}
	return db.Update(func(tx *store.Tx) error {
		asks, err := tx.WatchRequests(addr, now.Add(-watchAskTTL))
		if err != nil {
			return err
		}
		for _, a := range asks {
			if a.Game == 0 {
				return nil // its token is in that mailbox already
			}
		}
		if err := tx.PutWatchRequest(tok, store.WatchRequest{To: addr, At: now}); err != nil {
			return err
		}
		_, err = tx.Queue(row)
		return err
	})
}

// resume lifts the writer's opt-out: `resume TOKEN`, with the token
// askResume mailed it (any message does it where From is not forgeable,
// so there the token is not needed).
func (b *Bot) resume(in wire.Inbound, p *store.Player, cmd command) error {
	addr := addressOf(in)
	ok := !in.Forgeable || in.Verified
	return update(b.db, in, func(tx *store.Tx) error {
		for _, tok := range cmd.args {
			r, err := tx.WatchRequest(strings.ToLower(tok))
			if err == nil && r.Game == 0 && r.To == addr && b.now().Sub(r.At) < watchAskTTL {
				ok = true
				if err := tx.DropWatchRequest(strings.ToLower(tok)); err != nil {
					return err
				}
			}
		}
		id := "resume-bad"
		if ok || !tx.OptedOut(addr) {
			if _, err := tx.OptIn(addr); err != nil {
				return err
			}
			id = "resumed"
		}
		_, err := tx.Queue(store.Outgoing{To: chatOf(in), Kind: post.KindNotice, Text: post.Say(id).Encode(), Lang: p.Lang})
		return err
	})
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
