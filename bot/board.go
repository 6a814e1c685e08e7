package bot

import (
	"slices"

	"umpire/bot/door"
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
func (b *Bot) board(v door.Visit) error {
	g, err := b.ownOrLastGame(v.Player, v.Cmd)
	if err != nil {
		return err
	}
	seat, seated := g.SeatOf(v.Player.ID)
	if !seated && !mayFollow(g, v.Player, v.In) {
		return unknownGame(g)
	}
	from := post.LastOwn(g, seat)
	row := store.Outgoing{Game: g.ID, Ply: len(g.Log), Kind: post.KindView,
		Text: post.Note{From: from, Start: from == 0, Bonds: true, Again: true}.Encode(), Lang: v.Player.Lang}
	if g.State == store.StateOver {
		row.Kind, row.Text = post.KindReveal, post.Note{}.Encode()
	}
	if seated && g.State != store.StateOpen {
		row.Seat, row.To = seat, v.Player.Addresses[0]
	} else {
		row.To, row.Text = v.Chat(), post.Note{From: len(g.Log), Bonds: true}.Encode()
		if g.State == store.StateOver {
			row.Text = post.Note{}.Encode()
		}
	}
	return b.door.Queue(v, row)
}

// ownOrLastGame is the game cmd names or the player's one game in play;
// with no game named and none in play, the player's last finished game.
func (b *Bot) ownOrLastGame(p *store.Player, cmd door.Command) (*store.Game, error) {
	g, err := loadOwnGame(b.db, b.games, b.now(), p, cmd)
	if err != nil && cmd.Game == 0 {
		if last, ok := lastGame(b.db, p); ok {
			return last, nil
		}
	}
	return g, err
}

// moves sends a seat its own record of a game: every action it took and
// everything it was told, numbered by moves.
func (b *Bot) moves(v door.Visit) error {
	g, err := b.ownOrLastGame(v.Player, v.Cmd)
	if err != nil {
		return err
	}
	seat, ok := g.SeatOf(v.Player.ID)
	if !ok && !mayFollow(g, v.Player, v.In) {
		return unknownGame(g)
	}
	if !ok || g.State == store.StateOpen {
		return post.Oops("err.not-started", "game", itoa(g.ID))
	}
	n := post.Note{ID: "moves-head", Args: texts.Args{"game": itoa(g.ID)}, Start: true, Record: true, NoPicture: true}
	return b.door.Queue(v, store.Outgoing{Game: g.ID, Ply: len(g.Log), Kind: post.KindView, Seat: seat,
		To: v.Player.Addresses[0], Text: n.Encode(), Lang: v.Player.Lang})
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
func unknownGame(g *store.Game) error { return post.Oops("err.unknown-game", "game", itoa(g.ID)) }

// mayFollow reports whether p, writing in, may watch g or see its board:
// a public game anyone; a game made in a group, that group (in its chat);
// any other, its players and its maker alone. Anyone else is told there
// is no such game, as for a number never used: a private game's very
// existence is its players' business.
func mayFollow(g *store.Game, p *store.Player, in wire.Inbound) bool {
	if _, seated := g.SeatOf(p.ID); seated || g.Public || (g.Maker != 0 && g.Maker == p.ID) {
		return true
	}
	return !g.Chat.IsZero() && g.Chat == door.ChatOf(in)
}

// watch adds the chat to a game's watchers, who get the public news and
// the spectators' view: `watch #N`. By mail, someone else's game is
// watched only once confirmed (watchconfirm.go); a game has at most
// maxWatchers watchers.
func (b *Bot) watch(v door.Visit) error {
	if v.Cmd.Game == 0 {
		return post.Oops("usage.watch")
	}
	if done, err := b.confirmWatch(v); done {
		return err
	}
	_, err := b.apply(v.In, v.Cmd.Game, func(g *store.Game, t *table) ([]store.Outgoing, error) {
		addr := v.Chat()
		if !mayFollow(g, v.Player, v.In) {
			return nil, unknownGame(g)
		}
		if watchFull(g, addr) && g.Chat != addr {
			return nil, post.Oops("err.watch-full", "game", itoa(g.ID))
		}
		if !slices.Contains(g.Watchers, addr) && g.Chat != addr {
			g.Watchers = append(g.Watchers, addr)
		}
		n := post.Say("watching", "game", itoa(g.ID))
		return []store.Outgoing{{Game: g.ID, Ply: len(g.Log), To: addr, Kind: post.KindView,
			Text: post.Quietly(g, post.KindView, post.Note{ID: n.ID, Args: n.Args, From: len(g.Log)}).Encode(), Lang: v.Player.Lang}}, nil
	})
	return err
}
