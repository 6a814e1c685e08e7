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
func (db *DB) Due(now time.Time) ([]uint64, error) {
	ids, err := db.dueIn(bucketDeadlines, now)
	if err != nil {
		return nil, fmt.Errorf("store: games due: %w", err)
	}
	return ids, nil
}

// indexDeadline moves a game's entry in the deadline index from its old
// deadline to its new one; a zero time has no entry.
func (tx *Tx) indexDeadline(gameID uint64, old, now time.Time) error {
	return tx.moveTime(bucketDeadlines, gameID, old, now)
}

// A time index (the deadlines of games, the digests of players) is a
// bucket of keys time ‖ id with no values, so that a clock reads what is
// due in order and stops at the first entry that is not.

// dueIn returns the ids of the time index name whose time is not after
// now, the earliest first.
func (db *DB) dueIn(name []byte, now time.Time) (ids []uint64, err error) {
	err = db.View(func(tx *Tx) error {
		c := tx.bucket(name).Cursor()
		end := uint64(now.UnixNano())
		for k, _ := c.First(); k != nil && fromU64(k) <= end; k, _ = c.Next() {
			ids = append(ids, fromU64(k[8:]))
		}
		return nil
	})
	return ids, err
}

// deadlineKey orders a time index by time, then id. Times before 1970 sort
// last; nothing here has business with them.
func deadlineKey(t time.Time, id uint64) []byte {
	return append(u64(uint64(t.UnixNano())), u64(id)...)
}

// moveTime moves id's entry in the time index name from its old time to
// its new one; a zero time has no entry.
func (tx *Tx) moveTime(name []byte, id uint64, old, now time.Time) error {
	if old.Equal(now) {
		return nil
	}
	b := tx.bucket(name)
	if !old.IsZero() {
		if err := b.Delete(deadlineKey(old, id)); err != nil {
			return err
		}
	}
	if now.IsZero() {
		return nil
	}
	return b.Put(deadlineKey(now, id), nil)
}
