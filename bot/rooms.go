package bot

import (
	"context"
	"slices"

	"umpire/bot/club"
	"umpire/bot/lobby"
	"umpire/bot/pace"
	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// The rooms the bot gives what only it can do: the club (ratings,
// tournaments) and the lobby (seeks, the house player) make no game
// themselves, read no `new`, and resign in nobody's name; each is given
// these through its Env.

// newClub makes the bot's club.
func (b *Bot) newClub() *club.Club {
	return club.New(club.Env{DB: b.db, Now: b.now, Lang: b.langs[0], House: lobby.HouseAddress,
		Start: b.startLike,
		Resign: func(key string, p *store.Player, id uint64) error {
			return b.Handle(context.Background(), wire.Inbound{Transport: p.Addresses[0].Transport, From: p.Addresses[0].ID,
				ID: key, Private: true, Text: "resign #" + itoa(id)})
		},
		Room:   func(p *store.Player, n int) bool { return roomForGames(b.db, p, orNobody(nil), false, n) == nil },
		TimeUp: b.timeUp,
		Admin: func(chat, user store.Address) (bool, error) {
			return b.door.Transports().Administers(context.Background(), wire.Address(chat), wire.Address(user))
		},
	})
}

// lobbyEnv is what the lobby is given.
func (b *Bot) lobbyEnv() lobby.Env {
	return lobby.Env{DB: b.db, Cat: b.cat, Now: b.now, Log: b.log, Dice: b.dice,
		Spec: func(args []string) (lobby.Spec, error) {
			spec, err := readNew(b.cat, args)
			// A seek is a variant, its rules and a clock: anything else
			// new takes (a seat, an address, an increment, the claim rule,
			// casual, a pace) it refuses rather than drops.
			return lobby.Spec{Variant: spec.variant, Options: spec.opts, Clock: spec.clock, House: spec.house,
				Other: spec.seat != "" || spec.with != "" || spec.pace.Paced() || spec.inc != 0 || spec.claim || spec.casual}, err
		},
		Room:  func(p, hp *store.Player, vsHouse bool) error { return roomForGame(b.db, p, hp, vsHouse) },
		Start: b.startLike, Player: b.door.Player, Reply: b.door.Reply, Stand: b.stand,
		View: func(g *store.Game, seat referee.Seat) (referee.View, error) {
			rg, err := b.games.take(g)
			if err != nil {
				return referee.View{}, err
			}
			defer b.games.put(g.ID, rg, len(g.Log))
			return rg.View(seat), nil
		},
	}
}

// stand plays text as seat's action in game id for the house, which sits
// in for the seat (civil disorder, bot/pace): as the seat's own action,
// through the rules and the messages every action takes, the seat's own
// views saying that the house made it (the record knows it by the spell:
// store.Pace.Housed). key names it; it plays nothing once the seat is its
// player's again, or its week is up. It reports whether the log grew.
func (b *Bot) stand(key string, id uint64, seat referee.Seat, text string) (bool, error) {
	in := wire.Inbound{Transport: lobby.HouseTransport, From: lobby.HouseAddress.ID, ID: key}
	var last referee.Game
	var from, n int
	applied, err := b.apply(in, id, func(g *store.Game, t *table) ([]store.Outgoing, error) {
		if g.State != store.StatePlaying || !g.Pace.Sits(seat, b.now()) {
			return nil, nil
		}
		m := &move{seat: seat, line: referee.ReadLine(text)}
		var err error
		if m.line.Has(referee.ItemSecret) {
			if m.salt, err = b.dice.Salt(); err != nil {
				return nil, err
			}
		}
		rg, err := b.games.take(g)
		if err != nil {
			return nil, err
		}
		from = len(g.Log)
		var rows []store.Outgoing
		if inGroup(g) {
			rows = b.ruleInGroup(in, g, t, rg, m)
		} else {
			rows = b.rule(g, t, rg, m)
		}
		last, n = rg, len(g.Log)
		return pace.Stood(g, seat, rows), nil
	})
	if applied && last != nil {
		b.games.put(id, last, n)
	}
	return applied && n > from, err
}

// startLike makes and starts a game like the one given (its variant,
// options, clock, chat, maker, tournament and pairing, whether casual,
// the house's level), once (key): the players in the seats in order.
func (b *Bot) startLike(key string, like *store.Game, players []*store.Player) error {
	v, ok := referee.Lookup(like.Variant)
	if !ok || len(players) != len(v.Seats) {
		return post.Oops("err.unknown-variant", "name", like.Variant, "variants", post.VariantList())
	}
	tb := newTable(b.langs[0], b.door.Transports())
	if q, err := b.db.PlayerAt(like.Chat); err == nil && q.Lang != "" {
		tb.langs[like.Chat] = q.Lang
	}
	_, err := b.db.Apply(0, key, func(g *store.Game) ([]store.Outgoing, error) {
		g.Variant, g.Options, g.Clock, g.Chat, g.Maker = v.Key, like.Options, like.Clock, like.Chat, like.Maker
		g.Tournament, g.Pairing, g.Pairings, g.Casual, g.House = like.Tournament, like.Pairing, like.Pairings, like.Casual, like.House
		g.Increment, g.TimeRule, g.Pace = like.Increment, like.TimeRule, like.Pace.Rules()
		for j, s := range v.Seats {
			tok, err := b.dice.Token(g.ID)
			if err != nil {
				return nil, err
			}
			g.Seats[s] = store.Seat{PlayerID: players[j].ID, Token: tok}
			tb.players[s] = players[j]
		}
		if g.House != 0 {
			houseWatches(g)
		}
		return b.start(g, tb)
	})
	return err
}

// settleClub rates the games that ended and moves their tournaments on
// (club.Settle); a failure is tried again after the next message or tick.
func (b *Bot) settleClub() {
	if err := b.club.Settle(); err != nil {
		b.log.Error("club: settle", "err", err)
	}
}

// House is the bot's house player (lobby.House), a transport of its own.
func (b *Bot) House() *lobby.House { return b.lobby.House() }

// Lobby is the bot's lobby: its seeks and the house player.
func (b *Bot) Lobby() *lobby.Lobby { return b.lobby }

// houseWatches makes the house a watcher of a game played in its group,
// whose seats hear of moves only with the group.
func houseWatches(g *store.Game) {
	if inGroup(g) && !slices.Contains(g.Watchers, lobby.HouseAddress) {
		g.Watchers = append(g.Watchers, lobby.HouseAddress)
	}
}
