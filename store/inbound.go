package store

import (
	"bytes"
	"fmt"
	"time"
)

// An inbound id names one message received, unique across transports: the
// transport's name and its own id for the message, as "telegram:81723" or
// "email:<message-id>". The store remembers the ids it has handled and
// when, so that a message delivered twice is handled once.

// Seen reports whether the inbound id has been marked seen.
func (tx *Tx) Seen(inbound string) bool {
	return tx.bucket(bucketSeen).Get([]byte(inbound)) != nil
}

// MarkSeen records the inbound id as seen now. Apply does it for the moves
// it applies; call it in Update for the messages that change no game (a
// request for help, say) together with queueing the reply.
func (tx *Tx) MarkSeen(inbound string) error {
	at, err := tx.now.MarshalBinary()
	if err != nil {
		return fmt.Errorf("store: mark %q seen: %w", inbound, err)
	}
	if err := tx.bucket(bucketSeen).Put([]byte(inbound), at); err != nil {
		return fmt.Errorf("store: mark %q seen: %w", inbound, err)
	}
	return nil
}

// Once marks the inbound id seen and reports true, or reports false (and
// changes nothing) when it was seen before: the caller then does nothing
// either, so a message that arrives twice is handled once.
func (tx *Tx) Once(inbound string) (bool, error) {
	if tx.Seen(inbound) {
		return false, nil
	}
	return true, tx.MarkSeen(inbound)
}

// QueueOnce queues rows and marks the inbound id seen, in one transaction,
// unless the id was seen before: the answer to a message that changes no
// game, given once however often the message comes.
func (db *DB) QueueOnce(inbound string, rows ...Outgoing) error {
	return db.Update(func(tx *Tx) error {
		first, err := tx.Once(inbound)
		if !first || err != nil {
			return err
		}
		_, err = tx.Queue(rows...)
		return err
	})
}

// SeenCount counts the inbound ids remembered.
func (db *DB) SeenCount() (n int, err error) {
	err = db.View(func(tx *Tx) error {
		n = tx.bucket(bucketSeen).Stats().KeyN
		return nil
	})
	return n, err
}

// ForgetSeen forgets the inbound ids first seen before a time, and returns
// how many it forgot. Forget only ids that no transport can deliver again
// (Telegram keeps updates for a day).
func (db *DB) ForgetSeen(before time.Time) (n int, err error) {
	return db.ForgetSeenBy(func(string) time.Time { return before })
}

// ForgetSeenBy forgets each inbound id first seen before cutoff(id), the
// time that depends on the id's transport, and returns how many it forgot.
func (db *DB) ForgetSeenBy(cutoff func(inbound string) time.Time) (n int, err error) {
	err = db.Update(func(tx *Tx) error {
		n, err = tx.forgetSeen(cutoff)
		return err
	})
	return n, err
}

// forgetSeen deletes the seen ids older than their cutoff. It collects
// them first: deleting under a bbolt cursor makes the cursor skip a key.
func (tx *Tx) forgetSeen(cutoff func(inbound string) time.Time) (int, error) {
	b := tx.bucket(bucketSeen)
	var old [][]byte
	err := b.ForEach(func(k, v []byte) error {
		var at time.Time
		if err := at.UnmarshalBinary(v); err != nil {
			return fmt.Errorf("%q: %w", k, err)
		}
		if at.Before(cutoff(string(k))) {
			old = append(old, bytes.Clone(k))
		}
		return nil
	})
	for _, k := range old {
		if err == nil {
			err = b.Delete(k)
		}
	}
	if err != nil {
		return 0, fmt.Errorf("store: forget seen ids: %w", err)
	}
	return len(old), nil
}
