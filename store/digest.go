package store

import (
	"fmt"
	"time"
)

// Daily digests. A player who takes its games' news once a day (Mail is
// MailDigest) has the time of its next digest in Player.Digest. PutPlayer
// keeps an index of those times, ordered by time, so that a clock finds
// the digests due without loading every player.

// How a player takes its games' news by a transport that has digests
// (e-mail): Player.Mail.
const (
	MailEach   = ""       // each piece of news in a message of its own, at once (the default)
	MailDigest = "digest" // the news of games waiting for the player once a day, in one message
)

// DueDigests returns the ids of the players whose digest is due at now
// (Player.Digest not after now), the earliest first.
func (db *DB) DueDigests(now time.Time) (ids []uint64, err error) {
	err = db.View(func(tx *Tx) error {
		c := tx.bucket(bucketDigests).Cursor()
		end := uint64(now.UnixNano())
		for k, _ := c.First(); k != nil && fromU64(k) <= end; k, _ = c.Next() {
			ids = append(ids, fromU64(k[8:]))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: digests due: %w", err)
	}
	return ids, nil
}

// indexDigest moves a player's entry in the digest index from its old
// time to its new one; a zero time has no entry. The keys are those of
// the deadline index: time, then id.
func (tx *Tx) indexDigest(playerID uint64, old, now time.Time) error {
	if old.Equal(now) {
		return nil
	}
	b := tx.bucket(bucketDigests)
	if !old.IsZero() {
		if err := b.Delete(deadlineKey(old, playerID)); err != nil {
			return err
		}
	}
	if now.IsZero() {
		return nil
	}
	return b.Put(deadlineKey(now, playerID), nil)
}
