package bot

import (
	"slices"

	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/store"
)

// unwatch stops the news of a game to the chat the command was written in
// (a watcher's private chat, or a group that watches): `unwatch #N`.
func (b *Bot) unwatch(in wire.Inbound, p *store.Player, cmd command) error {
	if cmd.game == 0 {
		return oops("usage.watch")
	}
	_, err := b.apply(in, cmd.game, func(g *store.Game, t *table) ([]store.Outgoing, error) {
		if !mayFollow(g, p, in) && !slices.Contains(g.Watchers, chatOf(in)) {
			return nil, unknownGame(g)
		}
		g.Watchers = slices.DeleteFunc(g.Watchers, func(a store.Address) bool { return a == chatOf(in) })
		n := post.Say("unwatched", "game", itoa(g.ID))
		return []store.Outgoing{{Game: g.ID, To: chatOf(in), Kind: post.KindNotice, Text: n.Encode(), Lang: p.Lang}}, nil
	})
	return err
}
