package bot

import (
	"strings"

	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// stop asks the umpire to write no more (optout.go): the writer's
// address is opted out, and it is told so. As a reply to an invitation,
// carrying the key of the free seat it offered (Inbound.Key), it also
// declines it: the game's players are told. Only the key proves an
// invitation, so "stop" without one (or with a seat's that is taken)
// declines nothing.
func (b *Bot) stop(in wire.Inbound, p *store.Player, cmd command) error {
	g, seat, ok := invitedTo(b.db, in, cmd)
	if !ok {
		return optOut(b.db, b.now(), in, post.NoticeRow(chatOf(in), p.Lang, 0, "stop-quiet"))
	}
	done := post.Say("stop-done", "game", itoa(g.ID))
	done.Lines = []post.Note{post.Say("stop-quiet")}
	rows := []store.Outgoing{{To: chatOf(in), Kind: post.KindNotice, Text: done.Encode(), Lang: p.Lang}}
	for _, s := range post.SeatsOf(g) {
		holder := g.Seats[s].PlayerID
		if holder == 0 || holder == p.ID {
			continue
		}
		q, err := b.db.Player(holder)
		if err != nil || len(q.Addresses) == 0 {
			continue // a player gone hears nothing
		}
		n := post.Say("stop-declined", "name", p.Name, "game", itoa(g.ID), "seat", string(seat))
		rows = append(rows, store.Outgoing{Game: g.ID, To: q.Addresses[0], Seat: s, Kind: post.KindNotice, Text: n.Encode(), Lang: q.Lang})
	}
	var by []uint64
	for _, held := range g.Seats {
		by = append(by, held.PlayerID)
	}
	return update(b.db, in, func(tx *store.Tx) error {
		// A declined invitation waits no more (invitecap.go).
		if err := tx.DropInvitations(g.ID, string(seat), addressOf(in), append(by, g.Maker)...); err != nil {
			return err
		}
		return optOutIn(b.now(), tx, in, rows...)
	})
}

// invitedTo is the open game and free seat that the message's key offers,
// when it names that game.
func invitedTo(db *store.DB, in wire.Inbound, cmd command) (*store.Game, referee.Seat, bool) {
	key := strings.ToLower(in.Key)
	if key == "" || cmd.game == 0 || wire.KeyGame(key) != cmd.game {
		return nil, "", false
	}
	g, err := db.Game(cmd.game)
	if err != nil || g.State != store.StateOpen {
		return nil, "", false
	}
	seat, ok := seatOfKey(g, key)
	if !ok || g.Seats[seat].PlayerID != 0 {
		return nil, "", false
	}
	return g, seat, true
}
