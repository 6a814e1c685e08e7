package bot

import (
	"strings"

	"umpire/bot/door"
	"umpire/bot/post"
	"umpire/store"
)

// A lasting opt-out. Whoever writes `stop` (стоп, haltu), answers a
// mail's List-Unsubscribe, or presses its one-click link (RFC 8058), is
// recorded in the store (store.Tx.OptOut, under a bounded key) and hears
// nothing more that it did not ask for: no invitation reaches it (the
// inviter is told why), and no news of a game it watched. Its own games
// go on: a player's seat mails are its own. Writing anything else to the
// umpire lifts the opt-out: the address has come back of its own accord.

// resume lifts the writer's opt-out: `resume TOKEN`, with the token
// askResume mailed it (any message does it where From is not forgeable,
// so there the token is not needed).
func (b *Bot) resume(v door.Visit) error {
	addr := v.From()
	ok := !v.In.Forgeable || v.In.Verified
	return door.Update(b.db, v.Key(), func(tx *store.Tx) error {
		for _, tok := range v.Cmd.Args {
			r, err := tx.WatchRequest(strings.ToLower(tok))
			if err == nil && r.Game == 0 && r.To == addr && b.now().Sub(r.At) < door.AskTTL {
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
		_, err := tx.Queue(store.Outgoing{To: v.Chat(), Kind: post.KindNotice, Text: post.Say(id).Encode(), Lang: v.Player.Lang})
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
