package post

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"

	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// A game is one conversation per reader. Every message about a game to a
// seat (or to a spectator) has the same subject for the whole game,
// "Kriegspiel #12: you play White", and the same Thread, an opaque key the
// sender derives from the game, the seat and the address with the bot's
// secret, so a restart keeps it. The first message of that conversation
// (the notice that the game was made, to a maker who took a seat in
// private; else the view that starts the game) takes the Thread as its
// own Key: an e-mail's Message-ID, to which every later mail refers. Mail clients then
// show a game as one thread, however long it lasts; what changes from
// mail to mail, the move and whose turn it is, leads the text instead.

// subject gives a message about a game its subject in lang: the game and
// the reader's seat for a seat, the game for spectators, the inviter and
// the game for an invitation; a note's own Subject, where it names one.
// Other notices keep their first line.
func (c *composer) subject(m *wire.Message, row store.Outgoing, n Note, lang string) {
	if n.Subject != "" {
		m.Subject = c.o.cat.Text(lang, n.Subject, nil)
		return
	}
	if row.Game == 0 {
		return
	}
	g, err := c.o.db.Game(row.Game)
	if err != nil {
		return // a game gone: the first line serves
	}
	cat := c.o.cat
	args := texts.Args{"game": itoa(g.ID), "variant": cat.Arg(lang, "variant", g.Variant)}
	switch seat := threadSeat(row); {
	case n.ID == "invited" && seat == "":
		args["name"] = n.Args["name"]
		m.Subject = cat.Text(lang, "subject-invited", args)
	case seat == referee.Spectator:
		m.Subject = cat.Text(lang, "subject-public", args)
	case seat != "":
		cat.Put(lang, args, "seat", string(seat))
		m.Subject = cat.Text(lang, "subject", args)
	}
}

// threadSeat is the seat whose conversation a row belongs to: its seat,
// the spectators' for a public view, or "" for a notice to nobody's seat.
func threadSeat(row store.Outgoing) referee.Seat {
	switch {
	case row.Seat != "":
		return row.Seat
	case row.Kind == KindView || row.Kind == KindReveal:
		return referee.Spectator
	}
	return ""
}

// thread gives a message its conversation's key, and the message that
// opens the conversation that key as its own.
func (s *Sender) thread(m *wire.Message, row store.Outgoing) {
	seat := threadSeat(row)
	if row.Game == 0 || seat == "" {
		return
	}
	m.Thread = threadKey(s.key, row.Game, seat, row.To)
	if n := DecodeNote(row.Text); n.Root || row.Kind == KindView && n.Start && !n.Rooted {
		m.Key = m.Thread
	}
}

// threadKey is the key of a conversation: a MAC of the game, the seat and
// the address, which tells nothing of them.
func threadKey(key []byte, game uint64, seat referee.Seat, to store.Address) string {
	mac := hmac.New(sha256.New, key)
	fmt.Fprintf(mac, "thread\x00%d\x00%s\x00%s", game, seat, to)
	return "t" + hex.EncodeToString(mac.Sum(nil)[:16])
}

// lead is the first line's beginning in a view of a game in play: the
// move and whose turn it is.
func (c *composer) lead(lang string, v referee.View, seat referee.Seat, move int) string {
	args := texts.Args{"move": strconv.Itoa(move)}
	switch {
	case v.Turn == "":
		return ""
	case v.Turn == seat:
		return c.o.cat.Text(lang, "lead-you", args) + " "
	}
	c.o.cat.Put(lang, args, "seat", string(v.Turn))
	return c.o.cat.Text(lang, "lead-other", args) + " "
}
