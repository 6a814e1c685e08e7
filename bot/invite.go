package bot

import (
	"fmt"
	"net/mail"
	"slices"
	"strings"

	"umpire/bot/door"
	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// invite hands out the join tokens of a game's free seats:
// `invite [#N] [SEAT] [ADDRESS]`. With an address (on the inviter's own
// transport) the invitation goes there; without, to the inviter. Only a
// seated player, or a member of the chat where the game was made, may
// invite.
func (b *Bot) invite(v door.Visit) error {
	g, err := loadOwnGame(b.db, b.games, b.now(), v.Player, v.Cmd)
	if err != nil {
		return err
	}
	if !mayFollow(g, v.Player, v.In) {
		return unknownGame(g)
	}
	if _, ok := g.SeatOf(v.Player.ID); !ok && (g.Chat.IsZero() || g.Chat != v.Chat()) {
		return post.Oops("err.not-yours", "game", itoa(g.ID))
	}
	if g.State != store.StateOpen {
		return post.Oops("err.not-open", "game", itoa(g.ID))
	}
	seats, to := freeSeats(g), ""
	for _, a := range v.Cmd.Args {
		if s := b.cat.SeatWord(a); s != "" {
			seats = []referee.Seat{s}
		} else {
			to = a
		}
	}
	if !slices.ContainsFunc(seats, func(s referee.Seat) bool { return slices.Contains(freeSeats(g), s) }) {
		return badSeat(itoa(g.ID), seatList(seats), freeSeats(g))
	}
	if to == "" {
		return b.door.Reply(v, tokens(g, seats))
	}
	return b.sendInvite(v, g, seats, to)
}

// tokens lists the join tokens of seats that are free.
func tokens(g *store.Game, seats []referee.Seat) post.Note {
	n := post.Say("created", "game", itoa(g.ID), "variant", post.VariantOf(g))
	for _, s := range seats {
		if seat := g.Seats[s]; seat.Token != "" && seat.PlayerID == 0 {
			n.Lines = append(n.Lines, post.Say("seat-free", "seat", string(s), "token", seat.Token))
			n.Buttons = append(n.Buttons, wire.Button{Label: string(s), Command: "join " + seat.Token})
		}
	}
	return n
}

// sendInvite sends an invitation for the first free seat of seats to an
// address on the inviter's transport: the caps are checked, the
// invitation queued and recorded in one transaction (invitecap.go).
func (b *Bot) sendInvite(v door.Visit, g *store.Game, seats []referee.Seat, to string) error {
	var seat referee.Seat
	for _, s := range seats {
		if g.Seats[s].PlayerID == 0 {
			seat = s
			break
		}
	}
	if seat == "" {
		return badSeat(itoa(g.ID), seatList(seats), freeSeats(g))
	}
	iv, err := inviteeAt(b.db, b.door.Transports(), b.langs, v.In, v.Player, to)
	if err != nil {
		return err
	}
	if iv.unstarted {
		return b.door.Reply(v, forwardLink(g, seat, iv))
	}
	ack := post.Say("invite-sent", "to", iv.shown)
	defer b.post.ReportDropped()
	return door.Update(b.db, v.Key(), func(tx *store.Tx) error {
		_, blocked, err := mayInviteIn(b.now(), tx, v.Player, iv)
		if err != nil {
			return err
		}
		rows := []store.Outgoing{invitation(v.Player, g, seat, iv)}
		if blocked {
			iv.blocked = true
			rows, ack = nil, forwardLink(g, seat, iv)
		}
		rows = append(rows, store.Outgoing{Game: g.ID, To: v.Chat(), Kind: post.KindNotice, Text: ack.Encode(), Lang: v.Player.Lang})
		if _, err := tx.Queue(rows...); err != nil || blocked {
			return err
		}
		return tx.AddInvitation(store.Invitation{Game: g.ID, Seat: string(seat), By: v.Player.ID, To: iv.addr})
	})
}

// invitee is someone invited by address.
type invitee struct {
	addr  store.Address
	shown string // the address for the inviter to read
	lang  string // the language to invite in
	// unstarted: on a transport where a bot may not write first
	// (Telegram), nobody there shares a game or a group with the inviter
	// (invitecap.go): the inviter passes the deep link on instead.
	unstarted bool
	// blocked: the umpire may not write to it now (invitecap.go); the
	// inviter passes the link on instead.
	blocked bool
}

// mailTransport is the name of the e-mail transport (email.Name): its
// addresses are e-mail addresses, in lower case.
const mailTransport = "email"

// inviteeAt reads an address written in `invite` or `new … with`: an
// address on the writer's own transport, in that transport's form — an
// e-mail address by mail; elsewhere the transport's id, with or without a
// leading "@" — or one on another transport of player p (invite_cross.go).
// An address that reaches no one is refused (err.invite-where): the
// invitation could never be delivered. The invitee is invited in its
// own language when it is a player, else in the bot's default.
func inviteeAt(db *store.DB, sends *door.Transports, langs []string, in wire.Inbound, p *store.Player, word string) (invitee, error) {
	addr, ok := addressOn(in.Transport, word)
	if !ok {
		var err error
		if addr, err = elsewhere(db, sends, in, p, word); err != nil {
			return invitee{}, err
		}
	}
	iv := invitee{addr: addr, shown: addr.ID, lang: langs[0]}
	q, err := db.PlayerAt(addr)
	if err == nil && q.Lang != "" {
		iv.lang = q.Lang
	}
	if sends.WritesFirst(addr.Transport) {
		return iv, nil
	}
	iv.unstarted = true
	if err == nil && p != nil {
		shared, err := shares(db, p, q)
		iv.unstarted = !shared
		return iv, err
	}
	return iv, nil
}

// addressOn reads word as an address on a transport.
func addressOn(transport, word string) (store.Address, bool) {
	if transport == mailTransport {
		a, err := mail.ParseAddress(word)
		if err != nil || strings.ContainsAny(a.Address, " \t\"") {
			return store.Address{}, false
		}
		return store.Address{Transport: transport, ID: strings.ToLower(a.Address)}, true
	}
	id := strings.TrimPrefix(word, "@")
	if id == "" || strings.Contains(id, "@") {
		return store.Address{}, false // an e-mail address, away from mail
	}
	return store.Address{Transport: transport, ID: id}, true
}

// invitation invites to seat of g: its token, and a button that takes it;
// then what the game is and, by mail, how playing by reply goes and how to
// decline (stop.go).
// The row names the game, so that a transport that threads (e-mail) files
// it with the game's mails and puts the seat's token in the reply address.
func invitation(p *store.Player, g *store.Game, seat referee.Seat, to invitee) store.Outgoing {
	tok := g.Seats[seat].Token
	inv := post.Say("invited", "name", shownName(p), "game", itoa(g.ID), "variant", post.VariantOf(g), "seat", string(seat), "token", tok)
	inv.Buttons = []wire.Button{{Label: fmt.Sprintf("join %s", seat), Command: "join " + tok}}
	inv.Lines = append(append(inv.Lines, post.Say("rules."+g.Variant)), post.RuleSetLines(g)...)
	inv.Unsolicited = true
	if to.addr.Transport == mailTransport { // play by reply: how, and how to say no
		inv.Lines = append(inv.Lines, post.Say("invited-mail"), post.Say("invited-stop"))
	}
	return store.Outgoing{Game: g.ID, To: to.addr, Kind: post.KindNotice, Text: inv.Encode(), Lang: to.lang}
}

// forwardLink answers an invitation that could not be delivered: nobody
// there has started the bot, or the umpire may not write there now
// (blocked, for a reason it does not tell). It says so, and gives the
// inviter the link that takes the seat, to forward.
func forwardLink(g *store.Game, seat referee.Seat, to invitee) post.Note {
	id := "invite-forward"
	if to.blocked {
		id = "invite-link"
	}
	n := post.Say(id, "to", texts.Bounded(to.shown, 64), "game", itoa(g.ID), "seat", string(seat))
	n.Link = g.Seats[seat].Token
	n.Buttons = []wire.Button{{Label: string(seat), Command: "join " + n.Link}}
	return n
}
