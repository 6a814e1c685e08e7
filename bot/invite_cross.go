package bot

import (
	"strings"

	"umpire/bot/door"
	"umpire/bot/lobby"
	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/store"
)

// Invitations across transports. An invitation goes to an address on the
// inviter's own transport, and also:
//   - from any other transport, to an e-mail address, when the bot sends
//     mail (it has a Sender for the e-mail transport): `invite #4 black
//     friend@example.org` from Telegram mails the invitation;
//   - by mail, to a player on another transport named by the name it
//     plays under, when that player shares a game with the inviter: the
//     only way a mail player knows a Telegram player is from a game.
// A stranger's name or address reached no one before and reaches no one
// now: nobody is found by name outside the inviter's own games.

// elsewhere reads word as an address on another transport than the
// inviter's (see above); ok is false when it is none, err a refusal that
// says why.
func elsewhere(db *store.DB, sends *door.Transports, in wire.Inbound, p *store.Player, word string) (store.Address, error) {
	if in.Transport != mailTransport && strings.Contains(strings.TrimPrefix(word, "@"), "@") {
		if !sends.Has(mailTransport) {
			return store.Address{}, post.Oops("err.no-mail")
		}
		addr, ok := addressOn(mailTransport, word)
		if !ok {
			return store.Address{}, post.Oops("err.invite-where")
		}
		return addr, nil
	}
	if in.Transport == mailTransport && p != nil && !strings.Contains(word, "@") {
		return partnerNamed(db, p, word)
	}
	return store.Address{}, post.Oops("err.invite-where")
}

// partnerNamed finds, among the players p shares a game with, one on
// another transport whose name (or its first word) is name.
func partnerNamed(db *store.DB, p *store.Player, name string) (store.Address, error) {
	games, err := db.Games(p.ID)
	if err != nil {
		return store.Address{}, err
	}
	for _, g := range games {
		for _, seat := range g.Seats {
			if seat.PlayerID == 0 || seat.PlayerID == p.ID {
				continue
			}
			q, err := db.Player(seat.PlayerID)
			if err != nil {
				return store.Address{}, err
			}
			if a, ok := namedOn(q, name); ok {
				return a, nil
			}
		}
	}
	return store.Address{}, post.Oops("err.invite-name", "name", texts.Bounded(name, 64))
}

// namedOn returns q's first address off the e-mail transport (and not the
// house's) when q goes by name.
func namedOn(q *store.Player, name string) (store.Address, bool) {
	first, _, _ := strings.Cut(q.Name, " ")
	if !strings.EqualFold(q.Name, name) && !strings.EqualFold(first, name) {
		return store.Address{}, false
	}
	for _, a := range q.Addresses {
		if a.Transport != mailTransport && a.Transport != lobby.HouseTransport {
			return a, true
		}
	}
	return store.Address{}, false
}
