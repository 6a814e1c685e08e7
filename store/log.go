package store

import (
	"fmt"
	"time"

	"umpire/referee"
)

// Entry is one action of a game's log and the time it was logged.
type Entry struct {
	referee.Action
	At time.Time `json:"at"`
}

// Log loads a game's log with the times of its entries, in order. A game
// that has no entries yet has an empty log.
func (tx *Tx) Log(gameID uint64) ([]Entry, error) {
	b := tx.bucket(bucketLogs).Bucket(u64(gameID))
	if b == nil {
		return nil, nil
	}
	entries := make([]Entry, 0, tx.logLen(gameID))
	err := b.ForEach(func(k, v []byte) error {
		e, err := decodeEntry(v)
		if err != nil {
			return fmt.Errorf("entry %d: %w", fromU64(k), err)
		}
		entries = append(entries, e)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: log of game %d: %w", gameID, err)
	}
	return entries, nil
}

// Log loads a game's log with times; see Tx.Log.
func (db *DB) Log(gameID uint64) (entries []Entry, err error) {
	err = db.View(func(tx *Tx) error {
		entries, err = tx.Log(gameID)
		return err
	})
	return entries, err
}

// appendLog stores the actions of log from index from on, numbered from 1
// so that an entry's key is the log's length once it is written.
func (tx *Tx) appendLog(gameID uint64, log []referee.Action, from int) error {
	if from == len(log) {
		return nil
	}
	b, err := tx.bucket(bucketLogs).CreateBucketIfNotExists(u64(gameID))
	if err != nil {
		return err
	}
	for i := from; i < len(log); i++ {
		if err := b.Put(u64(uint64(i+1)), encodeEntry(Entry{log[i], tx.now})); err != nil {
			return fmt.Errorf("log entry %d: %w", i+1, err)
		}
	}
	return nil
}

// logLen is how many entries a game's log holds: its last key.
func (tx *Tx) logLen(gameID uint64) int {
	b := tx.bucket(bucketLogs).Bucket(u64(gameID))
	if b == nil {
		return 0
	}
	k, _ := b.Cursor().Last()
	return int(fromU64(k))
}

// actions loads a game's log, reading only its length when the cache, or
// this transaction, holds it at that length. The slice is shared: copy it,
// or (Apply) only append to it. In Apply's transaction a log decoded here
// is cached once the transaction commits.
func (tx *Tx) actions(gameID uint64) ([]referee.Action, error) {
	n := tx.logLen(gameID)
	if log, ok := tx.logs[gameID]; ok && len(log) == n {
		return log, nil
	}
	if log, ok := tx.cache.get(gameID, n, tx.logs != nil); ok {
		return log, nil
	}
	entries, err := tx.Log(gameID)
	if err != nil {
		return nil, err
	}
	log := actions(entries)
	if tx.logs != nil {
		tx.logs[gameID] = log
	}
	return log, nil
}

// actions returns the actions of log entries.
func actions(entries []Entry) []referee.Action {
	if len(entries) == 0 {
		return nil
	}
	out := make([]referee.Action, len(entries))
	for i, e := range entries {
		out[i] = e.Action
	}
	return out
}
