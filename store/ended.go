package store

import "fmt"

// Ended games. When Apply writes a game that has just ended (its State
// becomes StateOver), it queues the game's id here in the same
// transaction; what follows an end (ratings, a tournament's standings,
// bot/club) takes each from the queue in a transaction of its own that
// also drops it, so that every end is counted once, in the order the
// games ended, and none is lost to a crash.
//
// Keys: ended: sequence → game id.
var bucketEnded = []byte("ended")

// Ended is one game queued after its end.
type Ended struct {
	Seq  uint64
	Game uint64
}

// queueEnded queues a game that has just ended.
func (tx *Tx) queueEnded(id uint64) error {
	b := tx.bucket(bucketEnded)
	n, err := b.NextSequence()
	if err != nil {
		return err
	}
	return b.Put(u64(n), u64(id))
}

// Ended lists up to limit of the queued ends, oldest first.
func (tx *Tx) Ended(limit int) []Ended {
	var out []Ended
	c := tx.bucket(bucketEnded).Cursor()
	for k, v := c.First(); k != nil && len(out) < limit; k, v = c.Next() {
		out = append(out, Ended{Seq: fromU64(k), Game: fromU64(v)})
	}
	return out
}

// DropEnded takes an end off the queue; it reports whether it was there.
func (tx *Tx) DropEnded(seq uint64) (bool, error) {
	b := tx.bucket(bucketEnded)
	if b.Get(u64(seq)) == nil {
		return false, nil
	}
	if err := b.Delete(u64(seq)); err != nil {
		return false, fmt.Errorf("store: ended %d: %w", seq, err)
	}
	return true, nil
}

// Ended lists up to limit of the queued ends; see Tx.Ended.
func (db *DB) Ended(limit int) (out []Ended, err error) {
	err = db.View(func(tx *Tx) error {
		out = tx.Ended(limit)
		return nil
	})
	return out, err
}
