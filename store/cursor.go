package store

import (
	"bytes"
	"fmt"
)

// A cursor is a transport's place in its own stream, kept by name so that a
// restart neither loses nor repeats what came in: Telegram's update offset,
// an IMAP mailbox's UIDVALIDITY and last UID. The store keeps the bytes as
// given; the transport chooses their encoding.

// Cursor returns a copy of the named cursor, or nil when it was never set.
func (tx *Tx) Cursor(name string) []byte {
	return bytes.Clone(tx.bucket(bucketCursors).Get([]byte(name)))
}

// SetCursor stores the named cursor.
func (tx *Tx) SetCursor(name string, value []byte) error {
	if err := tx.bucket(bucketCursors).Put([]byte(name), value); err != nil {
		return fmt.Errorf("store: set cursor %q: %w", name, err)
	}
	return nil
}

// Cursor returns the named cursor; see Tx.Cursor.
func (db *DB) Cursor(name string) (value []byte, err error) {
	err = db.View(func(tx *Tx) error {
		value = tx.Cursor(name)
		return nil
	})
	return value, err
}

// SetCursor stores the named cursor in its own transaction.
func (db *DB) SetCursor(name string, value []byte) error {
	return db.Update(func(tx *Tx) error { return tx.SetCursor(name, value) })
}
