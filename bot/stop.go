package bot

import (
	"strings"

	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// stop declines an invitation: a reply "stop" to it, carrying the key of
// the free seat it offered (Inbound.Key), tells the game's players that
// the invitation was declined and the one who wrote that it will hear no
// more of the game. Only the key proves an invitation, so "stop" without
// one (or with a seat's that is taken) declines nothing, and says so.
func (b *Bot) stop(in Inbound, p *store.Player, cmd command) error {
	g, seat, ok := b.invitedTo(in, cmd)
	if !ok {
		return b.reply(in, p, say("stop-nothing"))
	}
	rows := []store.Outgoing{NoticeRow(chatOf(in), p.Lang, 0, "stop-done", "game", itoa(g.ID))}
	for _, s := range seatsOf(g) {
		holder := g.Seats[s].PlayerID
		if holder == 0 || holder == p.ID {
			continue
		}
		q, err := b.db.Player(holder)
		if err != nil || len(q.Addresses) == 0 {
			continue // a player gone hears nothing
		}
		n := say("stop-declined", "name", p.Name, "game", itoa(g.ID), "seat", string(seat))
		rows = append(rows, store.Outgoing{Game: g.ID, To: q.Addresses[0], Seat: s, Kind: kindNotice, Text: n.encode(), Lang: q.Lang})
	}
	return b.queue(in, rows...)
}

// invitedTo is the open game and free seat that the message's key offers,
// when it names that game.
func (b *Bot) invitedTo(in Inbound, cmd command) (*store.Game, referee.Seat, bool) {
	key := strings.ToLower(in.Key)
	if key == "" || cmd.game == 0 || wire.KeyGame(key) != cmd.game {
		return nil, "", false
	}
	g, err := b.db.Game(cmd.game)
	if err != nil || g.State != store.StateOpen {
		return nil, "", false
	}
	seat, ok := seatOfKey(g, key)
	if !ok || g.Seats[seat].PlayerID != 0 {
		return nil, "", false
	}
	return g, seat, true
}
