package door

import (
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

// AskTTL is how long a token the umpire mailed to confirm something (a
// resume, a watch) opens it.
const AskTTL = 7 * 24 * time.Hour

// OptOut records the opt-out of the sender of in, queues rows and marks
// in seen, in one transaction.
func OptOut(db *store.DB, now time.Time, in wire.Inbound, rows ...store.Outgoing) error {
	return Update(db, KeyOf(in), func(tx *store.Tx) error { return OptOutIn(now, tx, in, rows...) })
}

// OptOutIn is OptOut in a transaction.
func OptOutIn(now time.Time, tx *store.Tx, in wire.Inbound, rows ...store.Outgoing) error {
	if err := tx.OptOut(AddressOf(in), now); err != nil {
		return err
	}
	_, err := tx.Queue(rows...)
	return err
}

// lifting is the last stage: it forgets the opt-out of the sender of a
// message that is not a stop: it wrote to the umpire of its own accord. A
// mail's From is only claimed, though, and a forgery must not undo an
// opt-out: so a mail lifts it only when it proves its mailbox
// (Inbound.Verified): its key opens the sender's own seat or an invitation
// the umpire mailed to that address (admission.proves; a free seat's key,
// which its maker may pass to anyone, or a finished game's proves
// nothing), or the operator's server vouched for its From. Any other mail
// gets a confirmation instead (askResume): a reply `resume TOKEN` lifts
// it. The message goes on either way.
func (d *Door) lifting(e *entry) (bool, error) {
	in := e.in
	if e.cmd.Name == "stop" || e.cmd.Name == "resume" || in.Event != wire.Written {
		return false, nil
	}
	addr := AddressOf(in)
	if out, err := d.db.OptedOut(addr); err != nil || !out {
		return false, err
	}
	if in.Forgeable && !in.Verified {
		return false, d.askResume(in, e.player)
	}
	return false, d.db.Update(func(tx *store.Tx) error {
		_, err := tx.OptIn(addr)
		return err
	})
}

// askResume mails an opted-out address a token that lifts its opt-out,
// once a week at most (a request for game 0 in store.WatchRequest's
// bucket), within the cap on mail to strangers (strangers.go); p is the
// player at the address, nil for nobody. It does not mark in seen: the
// message is then read as usual.
func (d *Door) askResume(in wire.Inbound, p *store.Player) error {
	r, err := d.dice.Hex(8)
	if err != nil {
		return err
	}
	tok, addr, now := "r"+r, AddressOf(in), d.now()
	n := post.Say("resume-ask", "token", tok)
	n.Buttons = []wire.Button{{Label: "resume", Command: "resume " + tok}}
	n.Unsolicited = true
	row := store.Outgoing{To: addr, Kind: post.KindNotice, Text: n.Encode(), Lang: d.senderLang(in, p)}
	return d.db.Update(func(tx *store.Tx) error {
		asks, err := tx.WatchRequests(addr, now.Add(-AskTTL))
		if err != nil {
			return err
		}
		for _, a := range asks {
			if a.Game == 0 {
				return nil // its token is in that mailbox already
			}
		}
		if ok, err := d.mayAsk(tx, p); !ok || err != nil {
			return err
		}
		if err := tx.PutWatchRequest(tok, store.WatchRequest{To: addr, At: now}); err != nil {
			return err
		}
		_, err = tx.Queue(row)
		return err
	})
}
