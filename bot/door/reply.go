package door

import (
	"umpire/bot/post"
	"umpire/referee"
	"umpire/store"
)

// Reply queues a notice to the chat v came from (to the topic it was
// written in), an extra row, and marks v seen, in one transaction.
func (d *Door) Reply(v Visit, n post.Note) error {
	n.Topic = v.Topic
	row := d.Conversation(v, store.Outgoing{To: v.Chat(), Kind: post.KindNotice, Lang: v.Player.Lang}, n)
	return d.Queue(v, post.Extra(row, post.ReplyLike(n)))
}

// Conversation is an answer row with note n: for a mail that carries the
// key of the sender's seat, in that seat's conversation about the game
// (its subject, its thread, its key for the next reply), whatever it
// answers.
func (d *Door) Conversation(v Visit, row store.Outgoing, n post.Note) store.Outgoing {
	if id, seat, ok := d.keyedSeat(v.In, v.Player); ok && row.Game == 0 {
		row.Game, row.Seat, n.Keyed = id, seat, true
	}
	row.Text = n.Encode()
	return row
}

// SeatConversation is an answer row with note n about game id to its
// writer, who holds seat there: in a private chat, in that seat's
// conversation about the game (its subject, its thread, its key for the
// next reply), as every other message about the game to that seat is;
// elsewhere (a group) a plain notice.
func SeatConversation(v Visit, id uint64, seat referee.Seat, n post.Note) store.Outgoing {
	row := store.Outgoing{To: v.Chat(), Kind: post.KindNotice, Lang: v.Player.Lang}
	if v.In.Private && seat != "" {
		row.Game, row.Seat, n.Keyed = id, seat, true
	}
	row.Text = n.Encode()
	return row
}

// Queue queues rows and marks v seen, unless it was seen.
func (d *Door) Queue(v Visit, rows ...store.Outgoing) error { return d.queue(v.Key(), rows...) }

// queue queues rows and marks the message of key seen, unless it was seen.
func (d *Door) queue(key string, rows ...store.Outgoing) error {
	err := Update(d.db, key, func(tx *store.Tx) error {
		_, err := tx.Queue(rows...)
		return err
	})
	d.queued()
	return err
}

// Update runs fn in a write transaction that also marks the message of
// key seen; a message seen before changes nothing. A message without a key
// ("") is never de-duplicated.
func Update(db *store.DB, key string, fn func(tx *store.Tx) error) error {
	return db.Update(func(tx *store.Tx) error {
		if key != "" {
			if first, err := tx.Once(key); !first || err != nil {
				return err
			}
		}
		return fn(tx)
	})
}
