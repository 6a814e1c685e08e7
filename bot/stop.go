package bot

import (
	"strings"

	"umpire/bot/door"
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
func (b *Bot) stop(v door.Visit) error {
	g, seat, ok := invitedTo(b.db, v.In, v.Cmd)
	if !ok {
		return door.OptOut(b.db, b.now(), v.In, post.NoticeRow(v.Chat(), v.Player.Lang, 0, "stop-quiet"))
	}
	done := post.Say("stop-done", "game", itoa(g.ID))
	done.Lines = []post.Note{post.Say("stop-quiet")}
	rows := []store.Outgoing{{To: v.Chat(), Kind: post.KindNotice, Text: done.Encode(), Lang: v.Player.Lang}}
	for _, s := range post.SeatsOf(g) {
		holder := g.Seats[s].PlayerID
		if holder == 0 || holder == v.Player.ID {
			continue
		}
		q, err := b.db.Player(holder)
		if err != nil || len(q.Addresses) == 0 {
			continue // a player gone hears nothing
		}
		n := post.Say("stop-declined", "name", v.Player.Name, "game", itoa(g.ID), "seat", string(seat))
		rows = append(rows, store.Outgoing{Game: g.ID, To: q.Addresses[0], Seat: s, Kind: post.KindNotice, Text: n.Encode(), Lang: q.Lang})
	}
	var by []uint64
	for _, held := range g.Seats {
		by = append(by, held.PlayerID)
	}
	return door.Update(b.db, v.Key(), func(tx *store.Tx) error {
		// A declined invitation waits no more (invitecap.go).
		if err := tx.DropInvitations(g.ID, string(seat), v.From(), append(by, g.Maker)...); err != nil {
			return err
		}
		return door.OptOutIn(b.now(), tx, v.In, rows...)
	})
}

// invitedTo is the open game and free seat that the message's key offers,
// when it names that game.
func invitedTo(db *store.DB, in wire.Inbound, cmd door.Command) (*store.Game, referee.Seat, bool) {
	key := strings.ToLower(in.Key)
	if key == "" || cmd.Game == 0 || wire.KeyGame(key) != cmd.Game {
		return nil, "", false
	}
	g, err := db.Game(cmd.Game)
	if err != nil || g.State != store.StateOpen {
		return nil, "", false
	}
	seat, ok := door.SeatOfKey(g, key)
	if !ok || g.Seats[seat].PlayerID != 0 {
		return nil, "", false
	}
	return g, seat, true
}
