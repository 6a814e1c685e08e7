package store

import (
	"fmt"
	"time"
)

// A game's Deadline is when the umpire must act on it unasked: a reminder
// or a loss on time. Apply keeps an index of deadlines, ordered by time, so
// that a clock finds the games due without loading every game.

// Due returns the ids of the games whose deadline is not after now, the
// earliest first.
func (db *DB) Due(now time.Time) (ids []uint64, err error) {
	err = db.View(func(tx *Tx) error {
		c := tx.bucket(bucketDeadlines).Cursor()
		end := uint64(now.UnixNano())
		for k, _ := c.First(); k != nil && fromU64(k) <= end; k, _ = c.Next() {
			ids = append(ids, fromU64(k[8:]))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: games due: %w", err)
	}
	return ids, nil
}

// deadlineKey orders deadlines by time, then game. Times before 1970 sort
// last; a game has no business with them.
func deadlineKey(t time.Time, gameID uint64) []byte {
	return append(u64(uint64(t.UnixNano())), u64(gameID)...)
}

// indexDeadline moves a game's entry in the deadline index from its old
// deadline to its new one; a zero time has no entry.
func (tx *Tx) indexDeadline(gameID uint64, old, now time.Time) error {
	if old.Equal(now) {
		return nil
	}
	b := tx.bucket(bucketDeadlines)
	if !old.IsZero() {
		if err := b.Delete(deadlineKey(old, gameID)); err != nil {
			return err
		}
	}
	if now.IsZero() {
		return nil
	}
	return b.Put(deadlineKey(now, gameID), nil)
}
