package door

import (
	"crypto/subtle"
	"errors"
	"strconv"
	"strings"

	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// Seat keys. Where a sender's address is only claimed (an e-mail's From,
// Inbound.Forgeable), the address alone acts on no seat: a command that
// does needs the seat's key, the token the bot made with the game
// ("12-0123456789abcdef": the game's number and a random part), which the
// transport carried to the seat's player alone and brings back (Key).
//
//   - A message carrying a key is for that key's seat. The sender must be
//     the player who holds the seat; then its text is read with the game
//     named ("#12 e4"). If the seat is free (an invitation), a bare "join"
//     takes it with the key. If someone else holds the seat, the message is
//     refused and that player is told: a forgery is seen by its victim.
//   - A message without a key from an address no player has is a
//     newcomer's: it is read as it is.
//   - A message without a key from a player is read only when its command
//     acts on no seat (keyFree).
//   - Keys are told only to their seat's player: a spectator's mail
//     carries none. A seat's key is replaced when the seat is taken, and
//     the keys of a game that is over open nothing (the message is read as
//     if it carried none).
//
// Refusals are notices to the sender's address (and to the victim of a
// forgery), queued with the message marked seen in one transaction.

// keyFree are the commands a forgeable message may carry without a key:
// they act on no seat of a game (a watch by mail is confirmed by a reply
// first). Everything else — moves, resign, draw, abort, board, and
// `invite`, which gives a free seat of the sender's game away — needs the
// key of the sender's seat, lest a mail forged in the maker's name send
// the invited seat to someone else.
var keyFree = map[string]bool{"help": true, "lang": true, "name": true, "rules": true, "games": true,
	"new": true, "join": true, "stop": true, "resume": true, "watch": true, "unwatch": true, "mail": true,
	// the club's: a tournament's join and a rematch are confirmed by a
	// reply first (needsProof); rating and top answer only the sender
	"tournament": true, "rating": true, "top": true, "rematch": true}

// seatResume reports whether text is `resume #N`, which ends the pause
// of a game the sender plays (bot/pace) and so needs the key of its seat,
// unlike `resume TOKEN`, which lifts an opt-out by a token of its own.
func seatResume(cat *texts.Catalog, text string) bool {
	cmd := Parse(cat, text)
	return cmd.Name == "resume" && cmd.Game != 0
}

// admission is what the door makes of a forgeable message: the text to
// read, or the notices that refuse it.
type admission struct {
	accept  bool
	text    string
	notices []store.Outgoing
	// proves reports that the key shows the sender reads its mailbox: it
	// opens a seat the sender holds, or a free seat the umpire invited
	// that very address to, or it is a confirmation mailed to it. A key
	// anyone may have been given (a free seat's, passed on by its maker)
	// or a finished game's proves nothing.
	proves bool
	// confirm asks the sender to confirm text first (mailconfirm.go);
	// confirmed is the token of the confirmation this message answers.
	confirm   bool
	confirmed string
	// unasked opts the sender out at a confirmation's unsubscribe
	// (mailconfirm.go): confirmed is the confirmation's token.
	unasked bool
}

// keys is the fifth stage, for a message whose sender could be forged: it
// is refused without the key its command needs, confirmed by mail first
// when its command needs proof of the mailbox, and else read as its key
// says (for that key's game).
func (d *Door) keys(e *entry) (bool, error) {
	in := e.in
	if !in.Forgeable {
		return false, nil
	}
	a, err := d.admit(in)
	if err != nil {
		return true, err
	}
	if a.unasked {
		return true, d.unasked(in, a.confirmed)
	}
	if !a.accept {
		d.log.Info("handle: refused: no seat's key", "transport", in.Transport, "id", in.ID, "notices", len(a.notices))
		return true, d.refuseAll(in, a.notices...)
	}
	if a.confirm {
		sender, err := d.db.PlayerAt(AddressOf(in))
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return true, err
		}
		if asked, err := d.askConfirm(in, sender, a.text); asked || err != nil {
			return true, err
		}
	}
	e.in.Text = a.text
	e.in.Verified = in.Verified || a.proves // its key shows the sender reads the mailbox
	e.confirmed = a.confirmed
	return false, nil
}

// admit decides on a forgeable message: who wrote it and whether that
// sender may say what it says.
func (d *Door) admit(in wire.Inbound) (admission, error) {
	var a admission
	err := d.db.View(func(tx *store.Tx) error {
		sender, err := PlayerAt(tx, AddressOf(in))
		if err != nil {
			return err
		}
		if in.Key == "" {
			a = d.unkeyed(in, sender)
		} else if a, err = d.keyed(tx, in, sender); err != nil {
			return err
		}
		a.confirm = a.accept && !a.proves && !in.Verified && needsConfirm(d.cat, a.text)
		return nil
	})
	return a, err
}

// unkeyed decides on a message without a key.
func (d *Door) unkeyed(in wire.Inbound, sender *store.Player) admission {
	if sender == nil || keyFree[CommandWord(d.cat, in.Text)] && !seatResume(d.cat, in.Text) {
		return admission{accept: true, text: in.Text}
	}
	return admission{notices: []store.Outgoing{d.noticeTo(in, sender, "email.need-token")}}
}

// keyed decides on a message carrying a key.
func (d *Door) keyed(tx *store.Tx, in wire.Inbound, sender *store.Player) (admission, error) {
	key := strings.ToLower(in.Key)
	if strings.HasPrefix(key, confirmKeyPrefix) {
		return d.confirmedBy(tx, in, sender, key), nil
	}
	id := wire.KeyGame(key)
	g, err := tx.Game(id)
	if errors.Is(err, store.ErrNotFound) || id == 0 {
		return d.badKey(in, sender), nil
	}
	if err != nil {
		return admission{}, err
	}
	if g.State == store.StateOver {
		return d.unkeyed(in, sender), nil // a finished game's key opens nothing
	}
	seat, ok := SeatOfKey(g, key)
	if !ok {
		return d.badKey(in, sender), nil
	}
	holder := g.Seats[seat].PlayerID
	word := CommandWord(d.cat, in.Text)
	named := "#" + strconv.FormatUint(id, 10) + " " + in.Text
	switch {
	case holder == 0 && word == "join" && len(strings.Fields(in.Text)) == 1:
		return admission{accept: true, text: in.Text + " " + key, proves: tx.Invited(AddressOf(in), id, string(seat))}, nil
	case holder == 0 && sender != nil && !keyFree[word]:
		// A free seat's key proves an invitation, not a seat: a player
		// acts on its own seat with its own key only.
		return admission{notices: []store.Outgoing{d.noticeTo(in, sender, "email.need-token")}}, nil
	case holder == 0:
		return admission{accept: true, text: named, proves: tx.Invited(AddressOf(in), id, string(seat))}, nil
	case sender != nil && sender.ID == holder:
		return admission{accept: true, text: named, proves: true}, nil
	}
	return d.forged(tx, in, sender, g, holder)
}

// forged refuses a message whose key is for another player's seat, and
// tells that player (and the sender, when it is a player).
func (d *Door) forged(tx *store.Tx, in wire.Inbound, sender *store.Player, g *store.Game, holder uint64) (admission, error) {
	victim, err := tx.Player(holder)
	if err != nil {
		return admission{}, err
	}
	var a admission
	id := strconv.FormatUint(g.ID, 10)
	if to, ok := Reachable(victim, in.Transport); ok {
		// Extra, and like every other such warning about this game: a
		// forger's flood leaves the victim one warning, with its count.
		row := post.NoticeRow(to, victim.Lang, g.ID, "email.forged", "game", id, "from", in.From)
		a.notices = append(a.notices, post.Extra(row, "email.forged"))
	}
	if sender != nil {
		a.notices = append(a.notices, d.noticeTo(in, sender, "email.wrong-sender", "game", id))
	}
	return a, nil
}

// badKey refuses a message whose key opens no seat; a player is told.
func (d *Door) badKey(in wire.Inbound, sender *store.Player) admission {
	if sender == nil {
		return admission{}
	}
	return admission{notices: []store.Outgoing{d.noticeTo(in, sender, "email.bad-token")}}
}

// keyedSeat is the game and seat whose key a message carries, when the
// sender holds that seat.
func (d *Door) keyedSeat(in wire.Inbound, p *store.Player) (uint64, referee.Seat, bool) {
	id := wire.KeyGame(strings.ToLower(in.Key))
	if in.Key == "" || id == 0 || p == nil {
		return 0, "", false
	}
	g, err := d.db.Game(id)
	if err != nil {
		return 0, "", false
	}
	seat, ok := SeatOfKey(g, strings.ToLower(in.Key))
	return id, seat, ok && g.Seats[seat].PlayerID == p.ID
}

// SeatOfKey finds the seat of g whose key is key, comparing in constant
// time.
func SeatOfKey(g *store.Game, key string) (referee.Seat, bool) {
	for s, seat := range g.Seats {
		if seat.Token != "" && subtle.ConstantTimeCompare([]byte(strings.ToLower(seat.Token)), []byte(key)) == 1 {
			return s, true
		}
	}
	return "", false
}

// PlayerAt is tx.PlayerAt with nil, not an error, for nobody.
func PlayerAt(tx *store.Tx, a store.Address) (*store.Player, error) {
	p, err := tx.PlayerAt(a)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	return p, err
}

// Reachable is where to tell a player something: its first address on a
// transport, else its first address.
func Reachable(p *store.Player, transport string) (store.Address, bool) {
	for _, a := range p.Addresses {
		if a.Transport == transport {
			return a, true
		}
	}
	if len(p.Addresses) > 0 {
		return p.Addresses[0], true
	}
	return store.Address{}, false
}

// noticeTo is a notice to the sender of a message, in p's language (p nil
// for a stranger: the sender's hint, else the default): an extra row.
func (d *Door) noticeTo(in wire.Inbound, p *store.Player, id string, kv ...string) store.Outgoing {
	row := post.NoticeRow(AddressOf(in), d.senderLang(in, p), 0, id, kv...)
	return post.Extra(row, post.LikeNote(post.DecodeNote(row.Text)))
}

// senderLang is the language to answer the sender of in in: p's (nil for
// a stranger), else the sender's hint, else the default.
func (d *Door) senderLang(in wire.Inbound, p *store.Player) string {
	if p != nil && p.Lang != "" {
		return p.Lang
	}
	return PickLang(d.langs, in.Lang)
}
