package post

import (
	"strings"

	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// Buttons and links. A row's note carries the buttons the bot chose when it
// queued the row, as commands; the composer makes them into the message's
// buttons for the transport at hand, from its Features:
//
//   - a label that is a seat's key or a catalog id ("btn.no") is worded in
//     the reader's language;
//   - where the transport has deep links, a button that takes a seat by its
//     token ("join TOKEN", or "join #N SEAT" while that seat is free)
//     becomes a link that opens the private chat with the bot and takes the
//     seat there, so that whoever takes a seat can be written to; a
//     "join #N SEAT" of a seat no longer free is left out;
//   - where the transport asks for them (Features.Acts), a seat's view of a
//     game in play, sent to the seat's own chat, gets the common acts:
//     resign (asked again first: "?resign #N", see the door's ask.go), draw,
//     board, and the variant's questions (Kriegspiel's any?);
//   - where the transport has a Mini App (Features.App), a seat's own view
//     gets a button that opens the app on its game.
//
// A seat's own view sent to its own chat is Private; where the transport
// carries seat keys (Features.Keys), the message gets the recipient's key.

// finish adds to m what depends on the transport: buttons, links, privacy
// and the seat key.
func (c *composer) finish(m *wire.Message, row store.Outgoing, n Note, lang string) {
	var g *store.Game
	if row.Game != 0 {
		g, _ = c.o.db.Game(row.Game) // a game gone leaves its buttons out
	}
	for _, b := range n.Buttons {
		if btn, ok := c.button(b, g, lang); ok {
			m.Buttons = append(m.Buttons, btn)
		}
	}
	own := g != nil && SeatView(m.Seat) && row.To != g.Chat
	m.Private = own
	if own && c.feat.Acts && g.State == store.StatePlaying {
		m.Buttons = append(m.Buttons, c.actButtons(g, lang)...)
	}
	if own && c.feat.App != nil {
		if url := c.feat.App(g.ID); url != "" {
			m.Buttons = append(m.Buttons, wire.Button{Label: c.o.cat.Text(lang, "btn.app", nil), URL: url, App: true})
		}
	}
	if c.feat.Keys && g != nil {
		seat := referee.Seat(m.Seat)
		if seat == "" && n.Keyed {
			seat = row.Seat
		}
		m.SeatKey = c.seatKeyTo(g, seat, row.To, offered(n))
	}
	if c.feat.Keys && n.Key != "" && row.Game == 0 {
		m.SeatKey = n.Key
	}
}

// SeatView reports whether a message for seat is a seat's own view.
func SeatView(seat string) bool {
	s := referee.Seat(seat)
	return s != "" && s != referee.Spectator && s != referee.God
}

// button makes one of a note's buttons for the transport.
func (c *composer) button(b wire.Button, g *store.Game, lang string) (wire.Button, bool) {
	b.Style = styleOf(b.Label)
	b.Label = buttonLabel(c.o.cat, b.Label, lang)
	if c.feat.Link == nil {
		return b, true
	}
	tok, join := joinToken(b.Command, g)
	switch {
	case tok != "":
		if url := c.feat.Link(tok); url != "" {
			return wire.Button{Label: b.Label, URL: url}, true
		}
		return b, true
	case join:
		return wire.Button{}, false // a seat no longer free
	}
	return b, true
}

// styleOf is the style of a button labelled by catalog id label, for the
// networks that colour buttons: resigning, which cannot be taken back, in
// the danger style; accepting an offer in the positive one; the rest
// plain.
func styleOf(label string) wire.Style {
	switch label {
	case "btn.resign", "btn.yes." + referee.WordResign:
		return wire.Danger
	case "choice.accept":
		return wire.Positive
	}
	return wire.Plain
}

// buttonLabel words a label in lang: a seat's key is named, a catalog id
// "btn.…" or "choice.…" is its text; any other label is shown as it is.
func buttonLabel(cat *texts.Catalog, label, lang string) string {
	switch referee.Seat(label) {
	case referee.White, referee.Black, referee.Red:
		return cat.Value(lang, "seat", label)
	}
	if (strings.HasPrefix(label, "btn.") || strings.HasPrefix(label, "choice.")) && cat.Has("en", label) {
		return cat.Text(lang, label, nil)
	}
	return label
}

// joinToken returns the token of a command that takes a seat by token,
// "join TOKEN", or "join #N SEAT" while that seat of g is free. join
// reports a "join #N SEAT" whose seat is not free.
func joinToken(cmd string, g *store.Game) (tok string, join bool) {
	w := strings.Fields(cmd)
	if len(w) < 2 || texts.DefaultCatalog.Command(strings.TrimPrefix(w[0], "/")) != "join" {
		return "", false
	}
	if len(w) == 2 && !strings.HasPrefix(w[1], "#") {
		return w[1], false
	}
	if len(w) != 3 || g == nil || w[1] != "#"+itoa(g.ID) {
		return "", false
	}
	s, ok := g.Seats[referee.Seat(strings.ToLower(w[2]))]
	if !ok || s.PlayerID != 0 || s.Token == "" || g.State != store.StateOpen {
		return "", true
	}
	return s.Token, false
}

// actButtons are the buttons of the common acts under a seat's view of g.
func (c *composer) actButtons(g *store.Game, lang string) []wire.Button {
	n := " #" + itoa(g.ID)
	out := []wire.Button{
		{Label: c.o.cat.Text(lang, "btn.resign", nil), Command: ConfirmPrefix + referee.WordResign + n, Style: styleOf("btn.resign")},
		{Label: c.o.cat.Text(lang, "btn.draw", nil), Command: referee.WordDraw + n},
		{Label: c.o.cat.Text(lang, "btn.board", nil), Command: "board" + n},
	}
	if v, ok := referee.Lookup(g.Variant); ok {
		for _, q := range v.AsksIn(g.Options) {
			out = append(out, wire.Button{Label: c.o.cat.Text(lang, "btn."+q, nil), Command: q + n})
		}
	}
	return out
}

// seatKeyTo is seatKey for the player at an address.
func (c *composer) seatKeyTo(g *store.Game, seat referee.Seat, to store.Address, offer string) string {
	var id uint64
	if p, err := c.o.db.PlayerAt(to); err == nil {
		id = p.ID
	}
	return seatKey(g, seat, id, offer)
}

// offered is the key an invitation offers its reader ("" for any other
// note): the one message that may carry a free seat's key.
func offered(n Note) string {
	if n.ID != "invited" {
		return ""
	}
	return n.Args["token"]
}

// seatKey is the key of the seat a message names if player id holds it;
// for a message that names no seat (a notice), the key of the seat the
// player holds; for an invitation, the key it offers while that seat is
// still free in an open game. It is "" otherwise: never another seat's
// key, never a free seat's to a spectator. A finished game's messages
// still carry their reader's own key, dead by then (it opens nothing,
// see keyed), so that the last mails of a game keep the subject, tag and
// all, of the conversation they end.
func seatKey(g *store.Game, seat referee.Seat, id uint64, offer string) string {
	if s, ok := g.Seats[seat]; ok {
		if id != 0 && s.PlayerID == id {
			return s.Token
		}
		return ""
	}
	if s, ok := g.SeatOf(id); ok {
		return g.Seats[s].Token
	}
	for _, s := range g.Seats {
		if offer != "" && s.PlayerID == 0 && s.Token == offer && g.State == store.StateOpen {
			return offer
		}
	}
	return ""
}

// FeaturesOf are a transport's Features, none when it has none.
func FeaturesOf(t wire.Transport) wire.Features {
	if f, ok := t.(wire.Featured); ok {
		return f.Features()
	}
	return wire.Features{}
}
