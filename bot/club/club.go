package club

import (
	"time"

	"umpire/bot/post"
	"umpire/store"
)

// Env is what the club needs of the bot.
type Env struct {
	DB  *store.DB
	Now func() time.Time
	// Lang is the language of a chat that set none.
	Lang string
	// House is the house player's address, whose games are rated against
	// the fixed rating of the game's level.
	House store.Address
	// Start makes and starts a game like the one given (its variant,
	// options, clock, chat, maker, tournament and pairing, casual, the
	// house's level) with the players in seat order, once: key names the
	// making, and a second call with it makes nothing.
	Start func(key string, like *store.Game, players []*store.Player) error
	// Resign plays a resignation as player p in game id, as if p had
	// written it (a forfeit); key names it.
	Resign func(key string, p *store.Player, id uint64) error
	// Room reports whether player p may take n more games at once.
	Room func(p *store.Player, n int) bool
	// TimeUp plays in game id the umpire's timeout of every decision it
	// waits for, as the clock does when a decision's time runs out: a
	// tournament's time is up. key names it: a second call with it, while
	// the game's log has not grown, plays nothing.
	TimeUp func(key string, id uint64) error
	// Admin reports whether user administers chat, a group, as its
	// transport says (wire.Administered): false where it cannot tell; an
	// error when it could not be asked now. Nil: nobody does.
	Admin func(chat, user store.Address) (bool, error)
}

// Club runs ratings and tournaments.
type Club struct{ env Env }

// New makes a Club.
func New(env Env) *Club { return &Club{env: env} }

// langOf is the language a chat reads: its own player record's, else the
// default.
func (c *Club) langOf(tx *store.Tx, chat store.Address) string {
	if p, err := tx.PlayerAt(chat); err == nil && p.Lang != "" {
		return p.Lang
	}
	return c.env.Lang
}

// notice is a text row to a chat.
func (c *Club) notice(tx *store.Tx, to store.Address, n post.Note) store.Outgoing {
	return store.Outgoing{To: to, Kind: post.KindNotice, Lang: c.langOf(tx, to), Text: n.Encode()}
}

// toGroup is a text row to the group of tournament t, in the tournament's
// conversation there (its topic, where the group has topics).
func (c *Club) toGroup(tx *store.Tx, t *store.Tournament, n post.Note) store.Outgoing {
	n.Topic = post.TourneySlot(t.ID)
	return c.notice(tx, t.Chat, n)
}

// once runs fn in one transaction, unless key was seen before.
func (c *Club) once(key string, fn func(tx *store.Tx) error) error {
	return c.env.DB.Update(func(tx *store.Tx) error {
		if key != "" {
			if first, err := tx.Once(key); !first || err != nil {
				return err
			}
		}
		return fn(tx)
	})
}
