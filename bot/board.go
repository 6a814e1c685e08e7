package bot

import (
	"slices"

	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/store"
)

// board sends a player's view of a game again, with what it was told
// since its own last action, and its picture; to someone without a seat
// in it, the spectators' view. For a finished game it sends the end again:
// the result, the opened notes, the final position and the record. With
// no game named and none in play, the player's last finished game.
func (b *Bot) board(in wire.Inbound, p *store.Player, cmd command) error {
	g, err := b.ownOrLastGame(p, cmd)
	if err != nil {
		return err
	}
	seat, seated := g.SeatOf(p.ID)
	if !seated && !mayFollow(g, p, in) {
		return unknownGame(g)
	}
	from := post.LastOwn(g, seat)
	row := store.Outgoing{Game: g.ID, Ply: len(g.Log), Kind: post.KindView,
		Text: post.Note{From: from, Start: from == 0}.Encode(), Lang: p.Lang}
	if g.State == store.StateOver {
		row.Kind, row.Text = post.KindReveal, post.Note{}.Encode()
	}
	if seated && g.State != store.StateOpen {
		row.Seat, row.To = seat, p.Addresses[0]
	} else {
		row.To, row.Text = chatOf(in), post.Note{From: len(g.Log)}.Encode()
		if g.State == store.StateOver {
			row.Text = post.Note{}.Encode()
		}
	}
	return b.queue(in, row)
}

// ownOrLastGame is the game cmd names or the player's one game in play;
// with no game named and none in play, the player's last finished game.
func (b *Bot) ownOrLastGame(p *store.Player, cmd command) (*store.Game, error) {
	g, err := loadOwnGame(b.db, b.games, b.now(), p, cmd)
	if err != nil && cmd.game == 0 {
		if last, ok := lastGame(b.db, p); ok {
			return last, nil
		}
	}
	return g, err
}

// moves sends a seat its own record of a game: every action it took and
// everything it was told, numbered by moves.
func (b *Bot) moves(in wire.Inbound, p *store.Player, cmd command) error {
	g, err := b.ownOrLastGame(p, cmd)
	if err != nil {
		return err
	}
	seat, ok := g.SeatOf(p.ID)
	if !ok && !mayFollow(g, p, in) {
		return unknownGame(g)
	}
	if !ok || g.State == store.StateOpen {
		return oops("err.not-started", "game", itoa(g.ID))
	}
	n := post.Note{ID: "moves-head", Args: texts.Args{"game": itoa(g.ID)}, Start: true, Record: true, NoPicture: true}
	return b.queue(in, store.Outgoing{Game: g.ID, Ply: len(g.Log), Kind: post.KindView, Seat: seat,
		To: p.Addresses[0], Text: n.Encode(), Lang: p.Lang})
}

// lastGame is the player's game of the highest number, if any.
func lastGame(db *store.DB, p *store.Player) (*store.Game, bool) {
	games, err := db.Games(p.ID)
	if err != nil || len(games) == 0 {
		return nil, false
	}
	last := games[0]
	for _, g := range games {
		if g.ID > last.ID {
			last = g
		}
	}
	return last, true
}

// unknownGame is the refusal for someone with no right to game g (see
// mayFollow): the very words a number never used gets, so that nobody
// learns from any command that a private game is there, nor its state.
func unknownGame(g *store.Game) error { return oops("err.unknown-game", "game", itoa(g.ID)) }

// mayFollow reports whether p, writing in, may watch g or see its board:
// a public game anyone; a game made in a group, that group (in its chat);
// any other, its players and its maker alone. Anyone else is told there
// is no such game, as for a number never used: a private game's very
// existence is its players' business.
func mayFollow(g *store.Game, p *store.Player, in wire.Inbound) bool {
	if _, seated := g.SeatOf(p.ID); seated || g.Public || (g.Maker != 0 && g.Maker == p.ID) {
		return true
	}
	return !g.Chat.IsZero() && g.Chat == chatOf(in)
}

// watch adds the chat to a game's watchers, who get the public news and
// the spectators' view: `watch #N`. By mail, someone else's game is
// watched only once confirmed (watchconfirm.go); a game has at most
// maxWatchers watchers.
func (b *Bot) watch(in wire.Inbound, p *store.Player, cmd command) error {
	if cmd.game == 0 {
		return oops("usage.watch")
	}
	if done, err := b.confirmWatch(in, p, cmd); done {
		return err
	}
	_, err := b.apply(in, cmd.game, func(g *store.Game, t *table) ([]store.Outgoing, error) {
		addr := chatOf(in)
		if !mayFollow(g, p, in) {
			return nil, unknownGame(g)
		}
		if watchFull(g, addr) && g.Chat != addr {
			return nil, oops("err.watch-full", "game", itoa(g.ID))
		}
		if !slices.Contains(g.Watchers, addr) && g.Chat != addr {
			g.Watchers = append(g.Watchers, addr)
		}
		n := post.Say("watching", "game", itoa(g.ID))
		return []store.Outgoing{{Game: g.ID, Ply: len(g.Log), To: addr, Kind: post.KindView,
			Text: post.Quietly(g, post.KindView, post.Note{ID: n.ID, Args: n.Args, From: len(g.Log)}).Encode(), Lang: p.Lang}}, nil
	})
	return err
}
