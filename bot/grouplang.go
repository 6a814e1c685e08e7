package bot

import (
	"errors"

	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/store"
)

// Groups. A group speaks the language of the maker of its first game
// until someone sets `lang` in the group (settings.go keeps it as the
// language of the group's own player record). A refusal of something
// written in a group goes to the writer privately, where the bot can
// reach them: always where it may write first, and on Telegram once they
// have written to it in private (started it); else to the group.

// groupLang gives a group the language of the maker of its first game.
func groupLang(db *store.DB, in wire.Inbound, p *store.Player) error {
	if in.Private || in.Chat == "" {
		return nil
	}
	chat := chatOf(in)
	return db.Update(func(tx *store.Tx) error {
		_, err := tx.PlayerAt(chat)
		if !errors.Is(err, store.ErrNotFound) {
			return err // the group has a language already
		}
		return tx.PutPlayer(&store.Player{Name: chat.String(), Lang: p.Lang, Addresses: []store.Address{chat}})
	})
}

// startedName is the cursor that records that someone wrote to the bot
// in private, on a transport where the bot may not write first.
func startedName(a store.Address) string { return "started " + a.String() }

// noteStarted records that the sender of a private message can be
// written to, once.
func noteStarted(db *store.DB, sends *transports, in wire.Inbound) error {
	if !in.Private || sends.writesFirst(in.Transport) {
		return nil
	}
	name := startedName(addressOf(in))
	if v, err := db.Cursor(name); err != nil || v != nil {
		return err
	}
	return db.SetCursor(name, []byte{1})
}

// refusalTo is where a refusal of in goes: the writer's private chat when
// the bot can reach it, else where in was written.
func refusalTo(db *store.DB, sends *transports, in wire.Inbound) store.Address {
	if in.Private {
		return chatOf(in)
	}
	if sends.writesFirst(in.Transport) {
		return addressOf(in)
	}
	if v, err := db.Cursor(startedName(addressOf(in))); err == nil && v != nil {
		return addressOf(in)
	}
	return chatOf(in)
}

// refuse queues a refusal of in to refusalTo, in the writer's language, an
// extra row (extra.go), and marks in seen, in one transaction, under the
// cap on refusals to a mail address (loops.go).
func (b *Bot) refuse(in wire.Inbound, p *store.Player, n post.Note) error {
	row := store.Outgoing{To: refusalTo(b.db, &b.sends, in), Kind: post.KindNotice, Text: n.Encode(), Lang: p.Lang}
	return b.refuseAll(in, extra(row, likeNote(n)))
}
