package email

import (
	"crypto/subtle"
	"errors"
	"strconv"
	"strings"

	"umpire/bot"
	"umpire/referee"
	"umpire/store"
)

// Notice ids: the transport's own messages, worded by the bot's catalog.
const (
	noticeTooLarge    = "email.too-large"    // to the sender: the mail was not read
	noticeDMARC       = "email.dmarc-fail"   // to the address a mail failing DMARC named
	noticeNeedToken   = "email.need-token"   // to a player who wrote a game command without a token
	noticeBadToken    = "email.bad-token"    // to a player whose token opens no seat
	noticeForged      = "email.forged"       // to a seat's player: someone else used its token
	noticeWrongSender = "email.wrong-sender" // to a known sender who used a token not its own
	noticeBounced     = "email.bounced"      // to the other players: mail to a player bounced
)

// freeCommands are the commands a mail may carry without a token: they
// change nothing of a game in play. (`invite` hands out a free seat of an
// open game, as a forged `new … with` could make one: a nuisance the
// victim hears of, not a move in its name.) Everything else — moves,
// resign, draw, abort, board — needs the token of the sender's seat.
var freeCommands = map[string]bool{"help": true, "lang": true, "name": true, "rules": true, "games": true, "new": true, "join": true, "invite": true}

// verdict is what the transport makes of a mail: the text to hand to the
// bot, or the notices that refuse it.
type verdict struct {
	accept  bool
	text    string
	game    uint64 // the game the token named, or 0
	notices []store.Outgoing
}

// admit decides on a mail that is neither too large nor a bounce: who
// wrote it and whether that sender may say what it says.
//
//   - A mail carrying a token is for that token's seat. The sender must be
//     the player who holds the seat; then the text goes to the bot with
//     the game named ("#12 e4"). If the seat is free (an invitation), a
//     bare "join" takes it with the token. If someone else holds the
//     seat, the mail is refused and that player is told: a forgery is
//     seen by its victim.
//   - A mail without a token from an address no player has is a
//     newcomer's: it goes to the bot as it is.
//   - A mail without a token from a player goes to the bot only with a
//     command that acts on no seat (new, help, …).
func (t *Transport) admit(m *Mail) (verdict, error) {
	from := store.Address{Transport: Name, ID: m.From}
	tok := tokenOf(m, t.self)
	var v verdict
	err := t.DB.View(func(tx *store.Tx) error {
		sender, err := playerAt(tx, from)
		if err != nil {
			return err
		}
		if tok == "" {
			v = t.untokened(m, sender)
			return nil
		}
		v, err = t.tokened(tx, m, sender, tok)
		return err
	})
	return v, err
}

// untokened decides on a mail without a token.
func (t *Transport) untokened(m *Mail, sender *store.Player) verdict {
	if sender == nil || freeCommands[t.commandWord(m.Command)] {
		return verdict{accept: true, text: m.Command}
	}
	return verdict{notices: []store.Outgoing{t.notice(sender, m.From, noticeNeedToken)}}
}

// tokened decides on a mail carrying tok.
func (t *Transport) tokened(tx *store.Tx, m *Mail, sender *store.Player, tok string) (verdict, error) {
	id := tokenGame(tok)
	g, err := tx.Game(id)
	if errors.Is(err, store.ErrNotFound) || id == 0 {
		return t.badToken(m, sender), nil
	}
	if err != nil {
		return verdict{}, err
	}
	seat, ok := seatOfToken(g, tok)
	if !ok {
		return t.badToken(m, sender), nil
	}
	holder := g.Seats[seat].PlayerID
	game := "#" + strconv.FormatUint(id, 10)
	switch {
	case holder == 0 && t.commandWord(m.Command) == "join" && len(strings.Fields(m.Command)) == 1:
		return verdict{accept: true, text: m.Command + " " + tok, game: id}, nil
	case holder == 0 || (sender != nil && sender.ID == holder):
		return verdict{accept: true, text: game + " " + m.Command, game: id}, nil
	}
	return t.forged(tx, m, sender, g, holder)
}

// forged refuses a mail whose token is for another player's seat, and
// tells that player (and the sender, when it is a player).
func (t *Transport) forged(tx *store.Tx, m *Mail, sender *store.Player, g *store.Game, holder uint64) (verdict, error) {
	victim, err := tx.Player(holder)
	if err != nil {
		return verdict{}, err
	}
	game := strconv.FormatUint(g.ID, 10)
	var v verdict
	if to, ok := reachable(victim); ok {
		v.notices = append(v.notices, bot.NoticeRow(to, t.readerLang(victim), g.ID, noticeForged, "game", game, "from", m.From))
	}
	if sender != nil {
		v.notices = append(v.notices, t.notice(sender, m.From, noticeWrongSender, "game", game))
	}
	return v, nil
}

// badToken refuses a mail whose token opens no seat; a player is told.
func (t *Transport) badToken(m *Mail, sender *store.Player) verdict {
	if sender == nil {
		return verdict{}
	}
	return verdict{notices: []store.Outgoing{t.notice(sender, m.From, noticeBadToken)}}
}

// seatOfToken finds the seat whose token is tok, comparing in constant
// time.
func seatOfToken(g *store.Game, tok string) (referee.Seat, bool) {
	for s, seat := range g.Seats {
		if seat.Token != "" && subtle.ConstantTimeCompare([]byte(strings.ToLower(seat.Token)), []byte(tok)) == 1 {
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

// reachable is where to tell a player something: its first e-mail
// address, else its first address.
func reachable(p *store.Player) (store.Address, bool) {
	for _, a := range p.Addresses {
		if a.Transport == Name {
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
func (t *Transport) commandWord(text string) string {
	w := strings.Fields(text)
	if len(w) == 0 {
		return ""
	}
	return t.Catalog.Command(strings.TrimPrefix(w[0], "/"))
}
