package bot

import (
	"slices"
	"strings"
	"time"

	"umpire/bot/door"
	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/store"
)

// unwatch stops the news of a game to the chat the command was written in
// (a watcher's private chat, or a group that watches): `unwatch #N`. A
// bare `unwatch` (a reply to a watch's confirmation, say) drops the
// watches of the sender's address that wait for their confirmation.
func (b *Bot) unwatch(v door.Visit) error {
	if v.Cmd.Game == 0 {
		return dropWatchAsks(b.db, b.now(), v.In, v.Player)
	}
	_, err := b.apply(v.In, v.Cmd.Game, func(g *store.Game, t *table) ([]store.Outgoing, error) {
		if !mayFollow(g, v.Player, v.In) && !slices.Contains(g.Watchers, v.Chat()) {
			return nil, unknownGame(g)
		}
		g.Watchers = slices.DeleteFunc(g.Watchers, func(a store.Address) bool { return a == v.Chat() })
		n := post.Say("unwatched", "game", itoa(g.ID))
		return []store.Outgoing{{Game: g.ID, To: v.Chat(), Kind: post.KindNotice, Text: n.Encode(), Lang: v.Player.Lang}}, nil
	})
	return err
}

// dropWatchAsks forgets the watches of in's sender that wait for their
// confirmation (watchconfirm.go) and says which; with none, how to write
// unwatch.
func dropWatchAsks(db *store.DB, now time.Time, in wire.Inbound, p *store.Player) error {
	return door.Update(db, door.KeyOf(in), func(tx *store.Tx) error {
		asks, err := tx.WatchRequests(door.AddressOf(in), now.Add(-door.AskTTL))
		if err != nil {
			return err
		}
		var games []string
		for tok, r := range asks {
			if r.Game == 0 {
				continue // a resume token (optout.go), not a watch
			}
			if err := tx.DropWatchRequest(tok); err != nil {
				return err
			}
			games = append(games, "#"+itoa(r.Game))
		}
		n := post.Say("usage.unwatch")
		if len(games) > 0 {
			slices.Sort(games)
			n = post.Say("watch-dropped", "games", strings.Join(games, ", "))
		}
		_, err = tx.Queue(store.Outgoing{To: door.ChatOf(in), Kind: post.KindNotice, Text: n.Encode(), Lang: p.Lang})
		return err
	})
}
