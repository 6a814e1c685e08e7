package bot

import (
	"crypto/subtle"
	"errors"
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
//   - Keys are told only to their seat's player (seatKey): a spectator's
//     mail carries none. A seat's key is replaced when the seat is taken,
//     and the keys of a game that is over open nothing (the message is read
//     as if it carried none).
//
// Refusals are notices to the sender's address (and to the victim of a
// forgery), queued with the message marked seen in one transaction.

// keyFree are the commands a forgeable message may carry without a key:
// they act on no seat of a game (a watch by mail is confirmed by a reply
// first: watchconfirm.go). Everything else — moves, resign, draw,
// abort, board, and `invite`, which gives a free seat of the sender's game
// away — needs the key of the sender's seat, lest a mail forged in the
// maker's name send the invited seat to someone else.
var keyFree = map[string]bool{"help": true, "lang": true, "name": true, "rules": true, "games": true,
	"new": true, "join": true, "stop": true, "resume": true, "watch": true, "unwatch": true, "mail": true,
	// the club's (bot/club): a tournament's join and a rematch are
	// confirmed by a reply first (needsProof); rating and top answer only
	// the sender
	"tournament": true, "rating": true, "top": true, "rematch": true}

// admission is what the bot makes of a forgeable message: the text to
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
	// confirm asks the sender to confirm text first (confirmation.go);
	// confirmed is the token of the confirmation this message answers.
	confirm   bool
	confirmed string
}

// admit decides on a forgeable message: who wrote it and whether that
// sender may say what it says.
func (b *Bot) admit(in wire.Inbound) (admission, error) {
	var a admission
	err := b.db.View(func(tx *store.Tx) error {
		sender, err := playerAt(tx, addressOf(in))
		if err != nil {
			return err
		}
		if in.Key == "" {
			a = b.unkeyed(in, sender)
		} else if a, err = b.keyed(tx, in, sender); err != nil {
			return err
		}
		a.confirm = a.accept && !a.proves && !in.Verified && needsConfirm(b.cat, a.text)
		return nil
	})
	return a, err
}

// unkeyed decides on a message without a key.
func (b *Bot) unkeyed(in wire.Inbound, sender *store.Player) admission {
	if sender == nil || keyFree[commandWord(b.cat, in.Text)] {
		return admission{accept: true, text: in.Text}
	}
	return admission{notices: []store.Outgoing{noticeTo(b.langs, in, sender, "email.need-token")}}
}

// keyed decides on a message carrying a key.
func (b *Bot) keyed(tx *store.Tx, in wire.Inbound, sender *store.Player) (admission, error) {
	key := strings.ToLower(in.Key)
	if strings.HasPrefix(key, confirmKeyPrefix) {
		return confirmedBy(tx, b.now(), b.cat, b.langs, in, sender, key), nil
	}
	id := wire.KeyGame(key)
	g, err := tx.Game(id)
	if errors.Is(err, store.ErrNotFound) || id == 0 {
		return badKey(b.langs, in, sender), nil
	}
	if err != nil {
		return admission{}, err
	}
	if g.State == store.StateOver {
		return b.unkeyed(in, sender), nil // a finished game's key opens nothing
	}
	seat, ok := seatOfKey(g, key)
	if !ok {
		return badKey(b.langs, in, sender), nil
	}
	holder := g.Seats[seat].PlayerID
	word := commandWord(b.cat, in.Text)
	switch {
	case holder == 0 && word == "join" && len(strings.Fields(in.Text)) == 1:
		return admission{accept: true, text: in.Text + " " + key, proves: tx.Invited(addressOf(in), id, string(seat))}, nil
	case holder == 0 && sender != nil && !keyFree[word]:
		// A free seat's key proves an invitation, not a seat: a player
		// acts on its own seat with its own key only.
		return admission{notices: []store.Outgoing{noticeTo(b.langs, in, sender, "email.need-token")}}, nil
	case holder == 0:
		return admission{accept: true, text: "#" + itoa(id) + " " + in.Text, proves: tx.Invited(addressOf(in), id, string(seat))}, nil
	case sender != nil && sender.ID == holder:
		return admission{accept: true, text: "#" + itoa(id) + " " + in.Text, proves: true}, nil
	}
	return forged(b.langs, tx, in, sender, g, holder)
}

// forged refuses a message whose key is for another player's seat, and
// tells that player (and the sender, when it is a player).
func forged(langs []string, tx *store.Tx, in wire.Inbound, sender *store.Player, g *store.Game, holder uint64) (admission, error) {
	victim, err := tx.Player(holder)
	if err != nil {
		return admission{}, err
	}
	var a admission
	if to, ok := reachable(victim, in.Transport); ok {
		// Extra, and like every other such warning about this game: a
		// forger's flood leaves the victim one warning, with its count.
		row := post.NoticeRow(to, victim.Lang, g.ID, "email.forged", "game", itoa(g.ID), "from", in.From)
		a.notices = append(a.notices, extra(row, "email.forged"))
	}
	if sender != nil {
		a.notices = append(a.notices, noticeTo(langs, in, sender, "email.wrong-sender", "game", itoa(g.ID)))
	}
	return a, nil
}

// badKey refuses a message whose key opens no seat; a player is told.
func badKey(langs []string, in wire.Inbound, sender *store.Player) admission {
	if sender == nil {
		return admission{}
	}
	return admission{notices: []store.Outgoing{noticeTo(langs, in, sender, "email.bad-token")}}
}

// seatOfKey finds the seat whose key is key, comparing in constant time.
// keyedSeat is the game and seat whose key a message carries, when the
// sender holds that seat.
func keyedSeat(db *store.DB, in wire.Inbound, p *store.Player) (uint64, referee.Seat, bool) {
	id := wire.KeyGame(strings.ToLower(in.Key))
	if in.Key == "" || id == 0 || p == nil {
		return 0, "", false
	}
	g, err := db.Game(id)
	if err != nil {
		return 0, "", false
	}
	seat, ok := seatOfKey(g, strings.ToLower(in.Key))
	return id, seat, ok && g.Seats[seat].PlayerID == p.ID
}

func seatOfKey(g *store.Game, key string) (referee.Seat, bool) {
	for s, seat := range g.Seats {
		if seat.Token != "" && subtle.ConstantTimeCompare([]byte(strings.ToLower(seat.Token)), []byte(key)) == 1 {
			return s, true
		}
	}
	return "", false
}

// playerAt is tx.PlayerAt with nil, not an error, for nobody.
func playerAt(tx *store.Tx, a store.Address) (*store.Player, error) {
	p, err := tx.PlayerAt(a)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	return p, err
}

// reachable is where to tell a player something: its first address on a
// transport, else its first address.
func reachable(p *store.Player, transport string) (store.Address, bool) {
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

// commandWord is the canonical command the first word of a text names in
// any language ("" for a move or nothing).
func commandWord(cat *texts.Catalog, text string) string {
	w := strings.Fields(text)
	if len(w) == 0 {
		return ""
	}
	return cat.Command(strings.TrimPrefix(w[0], "/"))
}

// noticeTo is a notice to the sender of a message, in p's language (p nil
// for a stranger: the sender's hint, else the default): an extra row
// (extra.go).
func noticeTo(langs []string, in wire.Inbound, p *store.Player, id string, kv ...string) store.Outgoing {
	row := post.NoticeRow(addressOf(in), senderLang(langs, in, p), 0, id, kv...)
	return extra(row, likeNote(post.DecodeNote(row.Text)))
}

// senderLang is the language to answer the sender of in in: p's (nil for
// a stranger), else the sender's hint, else the default.
func senderLang(langs []string, in wire.Inbound, p *store.Player) string {
	if p != nil && p.Lang != "" {
		return p.Lang
	}
	return pickLang(langs, in.Lang)
}

// events answers what a transport saw besides a written text; ok is false
// for a written text.
func (b *Bot) events(in wire.Inbound) (ok bool, err error) {
	switch in.Event {
	case wire.Written:
		return false, nil
	case wire.TooLarge:
		p, err := b.db.PlayerAt(addressOf(in))
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return true, err
		}
		return true, b.db.QueueOnce(keyOf(in), b.refused.capRows(b.log, b.now(), in, []store.Outgoing{noticeTo(b.langs, in, p, "email.too-large", "limit", "1 MB")})...)
	case wire.Unverified:
		p, err := b.db.PlayerAt(addressOf(in))
		if errors.Is(err, store.ErrNotFound) {
			return true, b.db.QueueOnce(keyOf(in)) // likely spam in a stranger's name: nobody to tell
		}
		if err != nil {
			return true, err
		}
		// Under the cap on refusals: a forger must not make the umpire
		// write to its victim for every forged mail.
		return true, b.db.QueueOnce(keyOf(in), b.refused.capRows(b.log, b.now(), in, []store.Outgoing{noticeTo(b.langs, in, p, "email.dmarc-fail")})...)
	case wire.Bounce:
		return true, bounced(b.db, b.log, in)
	case wire.Moved:
		return true, b.chatMoved(in)
	case wire.OptOut:
		return true, unsubscribed(b.db, b.now(), b.log, in)
	}
	return true, b.db.QueueOnce(keyOf(in)) // an event of a newer transport: nothing to do
}
