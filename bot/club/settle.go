package club

import (
	"encoding/binary"

	"umpire/bot/post"
	"umpire/store"
)

// settleBatch is how many ends Settle reads at a time.
const settleBatch = 32

// Settle takes every game end off the store's queue, each in the
// transaction that rates the game and moves its tournament on: the
// standings to its group, and after its last game the final table. The
// bot calls it after each message it handled and at each tick; calls at
// once share the work, and each end is settled once.
func (c *Club) Settle() error {
	for {
		ends, err := c.env.DB.Ended(settleBatch)
		if err != nil || len(ends) == 0 {
			return err
		}
		for _, e := range ends {
			if err := c.env.DB.Update(func(tx *store.Tx) error { return c.settle(tx, e) }); err != nil {
				return err
			}
		}
	}
}

// settle is one end, in its transaction.
func (c *Club) settle(tx *store.Tx, e store.Ended) error {
	if queued, err := tx.DropEnded(e.Seq); !queued || err != nil {
		return err // another call settled it
	}
	g, err := tx.GameHead(e.Game)
	if err != nil {
		return err
	}
	if err := c.rate(tx, g); err != nil {
		return err
	}
	if g.Tournament == 0 {
		return nil
	}
	t, err := tx.Tournament(g.Tournament)
	if err != nil {
		return err
	}
	over, err := allOver(tx, t)
	if err != nil || t.State != store.TourneyPlaying {
		return err
	}
	rows := []store.Outgoing{c.standings(tx, t, "tourney.standings", true)}
	if over {
		t.State = store.TourneyOver
		if err := tx.PutTournament(t); err != nil {
			return err
		}
		if err := tx.SetCursor(lastName(t.Chat), u64(t.ID)); err != nil { // `tournament` shows it from now on
			return err
		}
		rows = append(rows, c.standings(tx, t, "tourney.final", false))
	}
	_, err = tx.Queue(rows...)
	return err
}

// allOver reports whether every pairing of t has its game made and ended.
func allOver(tx *store.Tx, t *store.Tournament) (bool, error) {
	games, err := tx.TourneyGames(t.ID)
	if err != nil || len(games) < len(t.Pairings) {
		return false, err
	}
	for _, id := range games {
		g, err := tx.GameHead(id)
		if err != nil {
			return false, err
		}
		if g.State != store.StateOver {
			return false, nil
		}
	}
	return true, nil
}

// standings is a row of t's standings to its group (id
// "tourney.standings"), kept in the tournament's one message edited in
// place when slot is set; the final table ("tourney.final", with the PGN
// of every game) and an answer to `tournament` are messages of their own.
func (c *Club) standings(tx *store.Tx, t *store.Tournament, id string, slot bool) store.Outgoing {
	n := post.Say(id, "tourney", itoa(t.ID))
	n.Topic, n.End = post.TourneySlot(t.ID), id == "tourney.final" // the final table ends its conversation
	if slot {
		n.Slot = post.TourneySlot(t.ID)
	}
	return store.Outgoing{To: t.Chat, Kind: post.KindStandings, Lang: c.langOf(tx, t.Chat), Text: n.Encode()}
}

// Show answers `tournament` alone in a group: each tournament open there,
// its sign-up or its standings now; with none open, the final table of
// the last one played to its end there.
func (c *Club) Show(key string, chat store.Address) error {
	return c.once(key, func(tx *store.Tx) error {
		open, err := tx.Tournaments(chat)
		if err != nil {
			return err
		}
		if len(open) == 0 {
			return c.showLast(tx, chat)
		}
		for _, t := range open {
			if t.State == store.TourneySignup {
				if err := c.signup(tx, t); err != nil {
					return err
				}
				continue
			}
			if _, err := tx.Queue(c.standings(tx, t, "tourney.standings", false)); err != nil { // below the question
				return err
			}
		}
		return nil
	})
}

// lastName is the cursor that holds the last tournament of chat played to
// its end.
func lastName(chat store.Address) string { return "club last tournament " + chat.String() }

// showLast answers `tournament` in a chat with none open: the final table
// of its last tournament played to its end, or how to open one.
func (c *Club) showLast(tx *store.Tx, chat store.Address) error {
	raw := tx.Cursor(lastName(chat))
	if len(raw) != 8 {
		return post.Oops("err.tourney-none")
	}
	t, err := tx.Tournament(binary.BigEndian.Uint64(raw))
	if err != nil {
		return err
	}
	_, err = tx.Queue(c.standings(tx, t, "tourney.final", false))
	return err
}

// u64 is n as 8 bytes, big-endian.
func u64(n uint64) []byte { return binary.BigEndian.AppendUint64(nil, n) }
