package store

import (
	"encoding/binary"
	"time"
)

// healthKey is where Ping writes, in the meta bucket.
var healthKey = []byte("health")

// Ping writes the time into the database and commits, fsync and all: it
// fails when the database takes no writes (a full or read-only disk, a
// closed file). For the operator's /healthz.
func (db *DB) Ping(now time.Time) error {
	return db.Update(func(tx *Tx) error {
		var b [8]byte
		binary.BigEndian.PutUint64(b[:], uint64(now.UnixNano()))
		return tx.btx.Bucket(bucketMeta).Put(healthKey, b[:])
	})
}

// OutboxDepth counts the rows waiting in the outbox by class: "news" (a
// game's news and every row that must go) and "extra" (answers that may be
// dropped, Outgoing.Extra). It reads the queues' entries, not the rows.
func (db *DB) OutboxDepth() (map[string]int, error) {
	out := map[string]int{"news": 0, "extra": 0}
	err := db.View(func(tx *Tx) error {
		ob := tx.box()
		return ob.queues.ForEach(func(_, v []byte) error {
			if len(v) > 0 && v[0]&classExtra != 0 {
				out["extra"]++
			} else {
				out["news"]++
			}
			return nil
		})
	})
	return out, err
}
