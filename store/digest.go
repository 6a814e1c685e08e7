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
func (db *DB) DueDigests(now time.Time) ([]uint64, error) {
	ids, err := db.dueIn(bucketDigests, now)
	if err != nil {
		return nil, fmt.Errorf("store: digests due: %w", err)
	}
	return ids, nil
}

// indexDigest moves a player's entry in the digest index from its old
// time to its new one; a zero time has no entry.
func (tx *Tx) indexDigest(playerID uint64, old, now time.Time) error {
	return tx.moveTime(bucketDigests, playerID, old, now)
}
