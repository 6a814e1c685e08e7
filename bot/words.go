package bot

import (
	"umpire/bot/door"
	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/store"
)

// Words are the bot's words for its transports.
func (b *Bot) Words() wire.Words { return post.Words(b.cat, b.langs) }

// cursors keeps the transports' cursors in the store (wire.Cursor).
type cursors struct{ db *store.DB }

// Cursors keeps transports' cursors in db, each under its own name.
func Cursors(db *store.DB) wire.Cursor { return cursors{db} }

func (c cursors) Load(name string) ([]byte, error) {
	v, err := c.db.Cursor(name)
	return v, door.Closed(err)
}

func (c cursors) Save(name string, value []byte) error {
	return door.Closed(c.db.SetCursor(name, value))
}
