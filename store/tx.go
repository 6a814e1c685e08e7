package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"umpire/referee"
)

// Tx is a transaction, handed to the function given to View or Update. It
// is valid only while that function runs. The values its methods return
// are copies that stay valid afterwards; the write methods fail in a read
// transaction.
type Tx struct {
	btx     *bolt.Tx
	now     time.Time // the time recorded by writes in this transaction
	queued  bool      // rows were queued: wake the senders after commit
	dropped int       // extra rows Queue dropped
	cache   *logCache
	// logs are the logs loaded or written in Apply's transaction, cached
	// once it commits; nil in other transactions.
	logs map[uint64][]referee.Action
}

// View runs fn in a read transaction, which sees one consistent snapshot
// and may run alongside other reads and writes. It returns fn's error.
func (db *DB) View(fn func(tx *Tx) error) error {
	return db.run(false, fn)
}

// Update runs fn in a write transaction and commits when fn returns nil;
// when fn returns an error nothing is written and the error is returned.
// Writes wait for each other. Use Apply, not Update, to change a game.
func (db *DB) Update(fn func(tx *Tx) error) error {
	return db.run(true, fn)
}

// run runs fn in a transaction and wraps the errors that are not fn's.
func (db *DB) run(write bool, fn func(tx *Tx) error) error {
	var fnErr error
	var tx *Tx
	do := func(btx *bolt.Tx) error {
		tx = &Tx{btx: btx, now: db.now(), cache: db.logs}
		fnErr = fn(tx)
		return fnErr
	}
	var err error
	if write {
		err = db.bolt.Update(do)
	} else {
		err = db.bolt.View(do)
	}
	if err != nil && fnErr == nil {
		return fmt.Errorf("store: transaction: %w", writeFault(write, err))
	}
	if err == nil {
		db.committed(tx.queued, tx.dropped)
	}
	return err
}

// bucket returns a top-level bucket; the schema guarantees it exists.
func (tx *Tx) bucket(name []byte) *bolt.Bucket {
	return tx.btx.Bucket(name)
}

// getJSON decodes the value at key into v, or returns ErrNotFound.
func getJSON(b *bolt.Bucket, key []byte, v any) error {
	data := b.Get(key)
	if data == nil {
		return ErrNotFound
	}
	return json.Unmarshal(data, v)
}

// putJSON encodes v and stores it at key.
func putJSON(b *bolt.Bucket, key []byte, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return b.Put(key, data)
}

// writeFault marks an error of bbolt in a write transaction as ErrWrite,
// unless it says the database is closed or read-only, which waiting does
// not change.
func writeFault(write bool, err error) error {
	if !write || errors.Is(err, berrors.ErrDatabaseNotOpen) || errors.Is(err, berrors.ErrDatabaseReadOnly) || errors.Is(err, berrors.ErrTxNotWritable) {
		return err
	}
	return fmt.Errorf("%w: %w", ErrWrite, err)
}
