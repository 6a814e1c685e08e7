package door

import (
	"strings"
	"time"

	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/store"
)

// Confirmation by mail. A mail's From is only claimed, so by mail a
// command that changes a player (name, lang, tz, stop, mail, vacation,
// back) or makes the umpire write to anyone else (new … with, invite,
// seek, unwatch) acts only when the mail proves its mailbox: a key the
// umpire mailed to that address (a seat's, an invitation's), or the
// operator's server vouching for its From (Inbound.Verified). Any other
// such mail — a first one from an address never seen, too — is answered
// by a confirmation to that address alone: the command, and a token in
// the reply address (store.Confirmation); the reply `yes` (да, jes; or a
// reply that writes nothing) carries the command out as written, and any
// other, such as an unmarked auto-reply, confirms nothing; a `stop` (the
// confirmation's List-Unsubscribe) opts the address out, answered by no
// mail. A forged command so brings its victim at most maxConfirmAsks mails
// a week, each saying that doing nothing is enough, under a fixed subject
// and quoting the forger's words only plain; over all the addresses that
// hold no seat, at most the cap on mail to strangers (strangers.go); and
// it never reaches a third party.
// Answers that go only to the sender (help, rules, games) and the commands
// with a check of their own (join with a seat's key, watch, resume) act at
// once.

// needsProof are the commands that act by mail only on proof of the
// sender's mailbox.
var needsProof = map[string]bool{"name": true, "lang": true, "tz": true, "stop": true, "mail": true,
	"new": true, "invite": true, "seek": true, "vacation": true, "back": true, "unwatch": true,
	"tournament": true, "rematch": true}

// needsConfirm reports whether text is a command that acts by mail only
// on proof of the mailbox. A bare `unwatch` is not: it drops only the
// sender's own watches still waiting for their confirmation, which a mail
// in its name asked for.
func needsConfirm(cat *texts.Catalog, text string) bool {
	cmd := Parse(cat, text)
	return needsProof[cmd.Name] && (cmd.Name != "unwatch" || cmd.Game != 0)
}

// Bounds of confirmations: at most maxConfirmAsks waiting for one address
// (asked within confirmTTL, after which a token opens nothing), and
// commands of at most maxConfirmText bytes.
const (
	maxConfirmAsks = 3
	confirmTTL     = 7 * 24 * time.Hour
	maxConfirmText = 4096
)

// confirmKeyPrefix begins a confirmation's token: the key of game 0, which
// is no game's, so that a transport carries it as it carries a seat's.
const confirmKeyPrefix = "0-"

// askConfirm mails the sender of in a confirmation of text, unless too
// many wait for that address or the text is too long; in is marked seen
// either way. An address that opted out of the umpire's mail gets at
// most the weekly resume question instead (optout.go), and its `stop`
// needs no confirmation: it changes nothing. asked reports that in was
// answered so; false, that it is to be carried out now.
func (d *Door) askConfirm(in wire.Inbound, p *store.Player, text string) (asked bool, err error) {
	addr := AddressOf(in)
	if out, err := d.db.OptedOut(addr); err != nil || out {
		if err != nil || CommandWord(d.cat, text) == "stop" {
			return false, err
		}
		return true, d.askResume(in, p)
	}
	r, err := d.dice.Hex(8)
	if err != nil {
		return true, err
	}
	tok := confirmKeyPrefix + r
	row := store.Outgoing{To: addr, Kind: post.KindNotice, Text: confirmNote(d.cat, text, tok).Encode(), Lang: d.senderLang(in, p)}
	return true, Update(d.db, KeyOf(in), func(tx *store.Tx) error {
		asks, err := tx.Confirmations(addr, d.now().Add(-confirmTTL))
		if err != nil || asks >= maxConfirmAsks || len(text) > maxConfirmText {
			return err
		}
		if ok, err := d.mayAsk(tx, p); !ok || err != nil {
			return err
		}
		if err := tx.PutConfirmation(tok, store.Confirmation{To: addr, Text: text, At: d.now()}); err != nil {
			return err
		}
		d.log.Info("handle: asked to confirm by mail", "transport", in.Transport, "id", in.ID)
		_, err = tx.Queue(row)
		return err
	})
}

// confirmNote is the confirmation of text under the token tok. Nothing of
// the sender's words is in its subject, which is fixed; its text names the
// command by one of the catalog's words for it and quotes text as every
// echo does (texts.Echo: plain, no right-to-left override or zero-width
// space, and cut short).
func confirmNote(cat *texts.Catalog, text, tok string) post.Note {
	n := post.Say("confirm-ask", "word", spokenWord(cat, text), "command", texts.Echo(text))
	n.Key, n.Unsolicited, n.Subject = tok, true, "subject-confirm"
	return n
}

// spokenWord is text's command word as the sender wrote it, in lower
// case, where it is one of the catalog's words for the command text
// parses as (a Russian writer's «имя»); else the command's own name.
func spokenWord(cat *texts.Catalog, text string) string {
	name := Parse(cat, text).Name
	if w := strings.Fields(strings.ToLower(text)); len(w) > 0 && cat.Command(strings.TrimPrefix(w[0], "/")) == name {
		return strings.TrimPrefix(w[0], "/")
	}
	return name
}

// confirmedBy decides on a message carrying a confirmation's token: from
// the address it was mailed to, while it holds, a yes carries out the
// command confirmed; another answer is told how to confirm; else it is a
// bad key.
func (d *Door) confirmedBy(tx *store.Tx, in wire.Inbound, sender *store.Player, key string) admission {
	c, err := tx.Confirmation(key)
	if err != nil || c.To != AddressOf(in) || d.now().Sub(c.At) >= confirmTTL {
		return d.badKey(in, sender)
	}
	word := "yes" // a reply that writes nothing
	if w := strings.Fields(in.Text); len(w) > 0 {
		word = d.cat.Command(strings.Trim(w[0], ".!,"))
	}
	switch word {
	case "yes":
		return admission{accept: true, text: c.Text, proves: true, confirmed: key}
	case "stop":
		return admission{unasked: true, confirmed: key}
	}
	// An answer that is not yes (an unmarked auto-reply, say) confirms
	// nothing: the confirmation still holds.
	return admission{notices: []store.Outgoing{d.noticeTo(in, sender, "confirm-how")}}
}

// unasked answers a confirmation's unsubscribe (its List-Unsubscribe
// mailto, which sends stop to the confirmation's reply address, or a
// reply stop): the address is opted out and the confirmation forgotten at
// once, and nothing is mailed in answer, as RFC 8058 wants of a one-click
// unsubscribe. From then on a mail in that address's name brings it at
// most the weekly resume question (optout.go), within the cap on mail to
// strangers.
func (d *Door) unasked(in wire.Inbound, tok string) error {
	d.log.Info("opt-out: a confirmation unsubscribed", "transport", in.Transport)
	return Update(d.db, KeyOf(in), func(tx *store.Tx) error {
		if err := tx.DropConfirmation(tok); err != nil {
			return err
		}
		return OptOutIn(d.now(), tx, in)
	})
}

// confirmDone forgets a confirmation once its command was carried out, so
// that another reply to it does nothing.
func confirmDone(db *store.DB, tok string) error {
	return db.Update(func(tx *store.Tx) error { return tx.DropConfirmation(tok) })
}
