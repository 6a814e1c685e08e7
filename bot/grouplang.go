package bot

import (
	"errors"

	"umpire/bot/door"
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
	chat := door.ChatOf(in)
	return db.Update(func(tx *store.Tx) error {
		_, err := tx.PlayerAt(chat)
		if !errors.Is(err, store.ErrNotFound) {
			return err // the group has a language already
		}
		return tx.PutPlayer(&store.Player{Name: chat.String(), Lang: p.Lang, Addresses: []store.Address{chat}})
	})
}
