package bot

import (
	"umpire/bot/door"
	"umpire/bot/post"
	"umpire/house"
	"umpire/store"
)

// seatHouse seats the house player at a new game g made by v's player (`new …
// vs house`): in the last free seat, so that people keep the first ones.
// A game whose seats are then all taken starts at once; otherwise the
// free seats wait for people, as for any game, the first of them invited
// to to when it is not nil.
func (b *Bot) seatHouse(v door.Visit, hp *store.Player, g *store.Game, to *invitee) ([]store.Outgoing, error) {
	free := freeSeats(g)
	if len(free) == 0 || !house.Plays(g.Variant) {
		return nil, post.Oops("err.no-house", "variant", g.Variant)
	}
	s := free[len(free)-1]
	g.Seats[s] = store.Seat{PlayerID: hp.ID, Token: g.Seats[s].Token}
	houseWatches(g)
	free = free[:len(free)-1]
	if to != nil {
		return []store.Outgoing{createdRow(v, g, free[0], to.shown), invitation(v.Player, g, free[0], *to)}, nil
	}
	rows := []store.Outgoing{createdRow(v, g, "", "")}
	if len(free) > 0 {
		return rows, nil
	}
	t := newTable(b.langs[0], b.door.Transports())
	for seat, held := range g.Seats {
		t.players[seat] = hp
		if held.PlayerID == v.Player.ID {
			t.players[seat] = v.Player
		}
	}
	started, err := b.start(g, t)
	return append(rows, started...), err
}
