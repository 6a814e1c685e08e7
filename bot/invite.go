package bot

import (
	"fmt"
	"slices"
	"strings"

	"umpire/referee"
	"umpire/store"
)

// invite hands out the join tokens of a game's free seats:
// `invite [#N] [SEAT] [ADDRESS]`. With an address (on the inviter's own
// transport) the invitation goes there; without, to the inviter. Only a
// seated player, or a member of the chat where the game was made, may
// invite.
func (b *Bot) invite(in Inbound, p *store.Player, cmd command) error {
	id, err := b.pickOwnGame(p, cmd)
	if err != nil {
		return err
	}
	g, err := b.db.Game(id)
	if err != nil {
		return oops("err.unknown-game", "game", itoa(id))
	}
	if _, ok := g.SeatOf(p.ID); !ok && (g.Chat.IsZero() || g.Chat != in.chat()) {
		return oops("err.not-yours", "game", itoa(id))
	}
	if g.State != store.StateOpen {
		return oops("err.not-open", "game", itoa(id))
	}
	seats, to := freeSeats(g), ""
	for _, a := range cmd.args {
		if s := b.seatWord(a); s != "" {
			seats = []referee.Seat{s}
		} else {
			to = a
		}
	}
	if !slices.ContainsFunc(seats, func(s referee.Seat) bool { return slices.Contains(freeSeats(g), s) }) {
		return oops("err.bad-seat", "game", itoa(g.ID), "seat", seatList(seats), "list", seatList(freeSeats(g)))
	}
	if to == "" {
		return b.reply(in, p, tokens(g, seats))
	}
	return b.sendInvite(in, p, g, seats, to)
}

// tokens lists the join tokens of seats that are free.
func tokens(g *store.Game, seats []referee.Seat) note {
	n := say("created", "game", itoa(g.ID), "variant", g.Variant)
	for _, s := range seats {
		if seat := g.Seats[s]; seat.Token != "" && seat.PlayerID == 0 {
			n.Lines = append(n.Lines, say("seat-free", "seat", string(s), "token", seat.Token))
			n.Buttons = append(n.Buttons, Button{Label: string(s), Command: "join " + seat.Token})
		}
	}
	return n
}

// sendInvite sends an invitation for the first free seat of seats to an
// address on the inviter's transport.
func (b *Bot) sendInvite(in Inbound, p *store.Player, g *store.Game, seats []referee.Seat, to string) error {
	var seat referee.Seat
	for _, s := range seats {
		if g.Seats[s].PlayerID == 0 {
			seat = s
			break
		}
	}
	if seat == "" {
		return oops("err.bad-seat", "game", itoa(g.ID), "seat", seatList(seats), "list", seatList(freeSeats(g)))
	}
	addr := store.Address{Transport: in.Transport, ID: strings.TrimPrefix(to, "@")}
	lang := b.langs[0]
	if q, err := b.db.PlayerAt(addr); err == nil && q.Lang != "" {
		lang = q.Lang
	}
	tok := g.Seats[seat].Token
	inv := say("invited", "name", p.Name, "game", itoa(g.ID), "variant", g.Variant, "seat", string(seat), "token", tok)
	inv.Buttons = []Button{{Label: fmt.Sprintf("join %s", seat), Command: "join " + tok}}
	return b.queue(in,
		store.Outgoing{To: addr, Kind: kindNotice, Text: inv.encode(), Lang: lang},
		store.Outgoing{To: in.chat(), Kind: kindNotice, Text: say("invite-sent", "to", to).encode(), Lang: p.Lang})
}
