package bot

import (
	"errors"
	"strings"

	"umpire/bot/door"
	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/store"
)

// Watching by mail is confirmed. A mail's From is only claimed, so a
// `watch #N` by mail from an address that neither plays the game nor
// made it subscribes nobody: the umpire mails that address a token, and
// only a reply with it (`watch #N wTOKEN`), which only that mailbox can
// read, subscribes it. A forged watch thus brings its victim one mail at
// most per game and week, which says what happened and that doing
// nothing is enough; an address has at most maxWatchAsks confirmations
// waiting, past which a watch in its name sends nothing. A game has at
// most maxWatchers watchers; past that `watch` is refused politely.
const (
	maxWatchers  = 50
	maxWatchAsks = 3
)

// watchTokenLen is the length of a confirmation token: "w" and 16 hex
// digits.
const watchTokenLen = 17

// confirmWatch handles the confirmation of a watch by mail. It reports
// done when it has answered in (by asking for a confirmation, or
// refusing a wrong one); when not done, the watch goes ahead (a player's
// or maker's own game, a valid token, or a watch that is refused anyway).
func (b *Bot) confirmWatch(v door.Visit) (bool, error) {
	if !v.In.Forgeable {
		return false, nil
	}
	g, err := b.db.Game(v.Cmd.Game)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return true, err
	}
	_, seated := g.SeatOf(v.Player.ID)
	if seated || g.Maker == v.Player.ID || !mayFollow(g, v.Player, v.In) || watchFull(g, v.Chat()) {
		return false, nil
	}
	if tok := watchToken(v.Cmd.Args); tok != "" {
		return b.useWatchToken(v, g, tok)
	}
	return true, b.askWatch(v, g)
}

// watchFull reports whether g has no room for another watcher at addr.
func watchFull(g *store.Game, addr store.Address) bool {
	for _, w := range g.Watchers {
		if w == addr {
			return false
		}
	}
	return len(g.Watchers) >= maxWatchers
}

// watchToken is the confirmation token among a watch's words, or "".
func watchToken(args []string) string {
	for _, a := range args {
		a = strings.ToLower(a)
		if len(a) == watchTokenLen && a[0] == 'w' && strings.Trim(a[1:], "0123456789abcdef") == "" {
			return a
		}
	}
	return ""
}

// useWatchToken lets the watch go ahead when tok is the sender's own
// confirmation of that game, and forgets it; else it says the token is
// no good.
func (b *Bot) useWatchToken(v door.Visit, g *store.Game, tok string) (bool, error) {
	ok := false
	err := b.db.Update(func(tx *store.Tx) error {
		r, err := tx.WatchRequest(tok)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		ok = r.Game == g.ID && r.To == v.From() && b.now().Sub(r.At) < door.AskTTL
		if !ok {
			return nil
		}
		return tx.DropWatchRequest(tok)
	})
	if err != nil || ok {
		return !ok, err
	}
	return true, b.door.Reply(v, post.Say("watch-bad-token", "game", itoa(g.ID)))
}

// askWatch mails the sender's address a confirmation of its watch of g,
// unless one waits already or too many do.
func (b *Bot) askWatch(v door.Visit, g *store.Game) error {
	r, err := b.dice.Hex(8)
	if err != nil {
		return err
	}
	tok, addr := "w"+r, v.From()
	n := post.Say("watch-confirm", "game", itoa(g.ID), "token", tok)
	n.Buttons = []wire.Button{{Label: "watch", Command: "watch #" + itoa(g.ID) + " " + tok}}
	n.Unsolicited = true
	row := store.Outgoing{Game: g.ID, To: addr, Kind: post.KindNotice, Text: n.Encode(), Lang: v.Player.Lang}
	return door.Update(b.db, v.Key(), func(tx *store.Tx) error {
		asks, err := tx.WatchRequests(addr, b.now().Add(-door.AskTTL))
		if err != nil {
			return err
		}
		for _, a := range asks {
			if a.Game == g.ID {
				return nil // its confirmation is in that mailbox already
			}
		}
		if len(asks) >= maxWatchAsks {
			return nil
		}
		if err := tx.PutWatchRequest(tok, store.WatchRequest{Game: g.ID, To: addr, At: b.now()}); err != nil {
			return err
		}
		_, err = tx.Queue(row)
		return err
	})
}
