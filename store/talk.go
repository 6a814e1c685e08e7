package store

import (
	"encoding/json"
	"fmt"
	"time"

	"umpire/referee"
)

// Talk is one message a player of a game sent to others of its players
// through the umpire (bot/tell.go): kept with the game, apart from its
// log (which the referee replays and which never holds talk), for the
// sender and the recipients alone. Keys: game id ‖ sequence → JSON Talk,
// in the order sent.
type Talk struct {
	Ply  int            `json:"ply"` // the game's log length when it was sent
	At   time.Time      `json:"at"`
	From referee.Seat   `json:"from"`
	To   []referee.Seat `json:"to"` // the seats it reached
	Text string         `json:"text"`
}

// MaxTalk is the most messages a game keeps: AddTalk refuses more.
const MaxTalk = 2000

// ErrTalkFull says a game keeps MaxTalk messages already.
var ErrTalkFull = fmt.Errorf("store: the game keeps %d messages already", MaxTalk)

var bucketTalk = []byte("talk")

// AddTalk keeps a message of game id, after the ones before it.
func (tx *Tx) AddTalk(id uint64, t Talk) error {
	b := tx.bucket(bucketTalk)
	prefix := u64(id)
	n := uint64(0)
	c := b.Cursor() // the game's last message: the key before the next game's first
	k, _ := c.Seek(u64(id + 1))
	if k == nil {
		k, _ = c.Last()
	} else {
		k, _ = c.Prev()
	}
	if len(k) == 16 && fromU64(k[:8]) == id {
		n = fromU64(k[8:]) + 1
	}
	if n >= MaxTalk {
		return ErrTalkFull
	}
	if err := putJSON(b, append(prefix, u64(n)...), t); err != nil {
		return fmt.Errorf("store: talk of game %d: %w", id, err)
	}
	return nil
}

// Talks are the messages of game id, in the order sent.
func (tx *Tx) Talks(id uint64) ([]Talk, error) {
	var out []Talk
	prefix := u64(id)
	c := tx.bucket(bucketTalk).Cursor()
	for k, v := c.Seek(prefix); len(k) == 16 && fromU64(k[:8]) == id; k, v = c.Next() {
		var t Talk
		if err := json.Unmarshal(v, &t); err != nil {
			return nil, fmt.Errorf("store: talk of game %d: %w", id, err)
		}
		out = append(out, t)
	}
	return out, nil
}

// Talks are the messages of game id, in the order sent.
func (db *DB) Talks(id uint64) ([]Talk, error) {
	var out []Talk
	err := db.View(func(tx *Tx) error {
		var err error
		out, err = tx.Talks(id)
		return err
	})
	return out, err
}
