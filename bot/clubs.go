package bot

import (
	"context"

	"umpire/bot/club"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// The club (package club): ratings, leaderboards and a group's
// tournaments. The club keeps them; the bot reads their commands and
// lends the club what only it can do: make and start a tournament's
// game, and resign a game in a leaver's name.

// newClub makes the bot's club.
func newClub(b *Bot) *club.Club {
	return club.New(club.Env{DB: b.db, Now: b.now, Lang: b.langs[0], House: houseAddress,
		Start: func(key string, like *store.Game, players []*store.Player) error {
			return startLike(b, key, like, players)
		},
		Resign: func(key string, p *store.Player, id uint64) error {
			return b.Handle(context.Background(), wire.Inbound{Transport: p.Addresses[0].Transport, From: p.Addresses[0].ID,
				ID: key, Private: true, Text: "resign #" + itoa(id)})
		},
		Room: func(p *store.Player, n int) bool { return roomForGames(b.db, p, orNobody(nil), false, n) == nil },
	})
}

// clubCommand runs `tournament …`, `rating …` and `top …` (club.Command).
func clubCommand(b *Bot, in wire.Inbound, p *store.Player, cmd command) error {
	if cmd.name == "tournament" && !in.Private {
		if err := groupLang(b.db, in, p); err != nil {
			return err
		}
	}
	rd := club.Reader{Cat: b.cat, Spec: func(args []string) (club.Spec, error) {
		spec, err := readNew(b.cat, args)
		if err != nil {
			return club.Spec{}, err
		}
		if spec.house || spec.with != "" || spec.seat != "" || spec.public {
			err = oops("usage.tournament", "list", variantList())
		}
		return club.Spec{Variant: spec.variant.Key, Options: spec.opts, Clock: spec.clock, Double: spec.double, Casual: spec.casual,
			Inc: spec.inc, Claim: spec.claim}, err
	}, Invitee: func(word string) (club.Invitee, func(tx *store.Tx) (bool, error), error) {
		iv, err := inviteeAt(b.db, &b.sends, b.langs, in, p, word)
		return club.Invitee{Addr: iv.addr, Lang: iv.lang}, func(tx *store.Tx) (bool, error) {
			_, blocked, err := mayInviteIn(b.now(), tx, p, iv)
			return !blocked && !iv.unstarted, err
		}, err
	}, Usage: func(id string) error { return oops(id, "list", variantList()) }}
	n, err := b.club.Command(rd, club.Request{Key: keyOf(in), Chat: chatOf(in), From: addressOf(in), Private: in.Private,
		Player: p, Command: cmd.name, Args: cmd.args, Game: cmd.game})
	if note, ok := club.IsRefusal(err); ok {
		return &userError{note}
	}
	if err != nil || n.ID == "" {
		return err
	}
	return b.reply(in, p, n)
}

// startLike makes and starts a game like the one given (its variant,
// options, clock, chat, maker, tournament and pairing, whether casual,
// the house's level), once (key): the players in the seats in order.
func startLike(b *Bot, key string, like *store.Game, players []*store.Player) error {
	v, ok := referee.Lookup(like.Variant)
	if !ok || len(players) != len(v.Seats) {
		return oops("err.unknown-variant", "name", like.Variant, "list", variantList())
	}
	tb := &table{players: map[referee.Seat]*store.Player{}, langs: map[store.Address]string{}, def: b.langs[0]}
	if q, err := b.db.PlayerAt(like.Chat); err == nil && q.Lang != "" {
		tb.langs[like.Chat] = q.Lang
	}
	_, err := b.db.Apply(0, key, func(g *store.Game) ([]store.Outgoing, error) {
		g.Variant, g.Options, g.Clock, g.Chat, g.Maker = v.Key, like.Options, like.Clock, like.Chat, like.Maker
		g.Tournament, g.Pairing, g.Casual, g.House = like.Tournament, like.Pairing, like.Casual, like.House
		g.Increment, g.TimeRule = like.Increment, like.TimeRule
		for j, s := range v.Seats {
			tok, err := b.dice.token(g.ID)
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
func settleClub(b *Bot) {
	if err := b.club.Settle(); err != nil {
		b.log.Error("club: settle", "err", err)
	}
}
