package bot

import (
	"slices"

	"umpire/store"
)

// board sends a player's view of a game again; to someone without a seat
// in it, the spectators' view.
func (b *Bot) board(in Inbound, p *store.Player, cmd command) error {
	g, err := b.loadOwnGame(p, cmd)
	if err != nil {
		return err
	}
	row := store.Outgoing{Game: g.ID, Ply: len(g.Log), Kind: kindView, Text: note{From: len(g.Log)}.encode(), Lang: p.Lang}
	if seat, ok := g.SeatOf(p.ID); ok && g.State != store.StateOpen {
		row.Seat, row.To = seat, p.Addresses[0]
	} else {
		row.To = chatOf(in)
	}
	return b.queue(in, row)
}

// watch adds the chat to a game's watchers, who get the public news and
// the spectators' view: `watch #N`.
func (b *Bot) watch(in Inbound, p *store.Player, cmd command) error {
	if cmd.game == 0 {
		return oops("usage.watch")
	}
	_, err := b.apply(in, cmd.game, func(g *store.Game, t *table) ([]store.Outgoing, error) {
		addr := chatOf(in)
		if !slices.Contains(g.Watchers, addr) && g.Chat != addr {
			g.Watchers = append(g.Watchers, addr)
		}
		n := say("watching", "game", itoa(g.ID))
		return []store.Outgoing{{Game: g.ID, Ply: len(g.Log), To: addr, Kind: kindView,
			Text: note{ID: n.ID, Args: n.Args, From: len(g.Log)}.encode(), Lang: p.Lang}}, nil
	})
	return err
}
