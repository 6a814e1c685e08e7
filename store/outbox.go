package store

import (
	"encoding/json"
	"fmt"
	"time"

	"umpire/referee"
)

// Outgoing is a row of the outbox: one message still to be sent. It names
// the game, the ply and the seat the message is about, not its picture: the
// sender renders the seat's view at send time, from the log. Seat is "" for
// public news (to a chat or a watcher). Seq is set by the store when the
// row is queued; it is unique and never reused, so a sender may derive a
// transport's de-duplication id from it when Key is empty.
type Outgoing struct {
	Seq       uint64       `json:"seq"`
	Game      uint64       `json:"game,omitempty"`
	Ply       int          `json:"ply,omitempty"`
	To        Address      `json:"to"`
	Seat      referee.Seat `json:"seat,omitempty"`
	Kind      string       `json:"kind,omitempty"` // "view", "notice", "reveal", …
	Text      string       `json:"text,omitempty"`
	Lang      string       `json:"lang,omitempty"`
	Attempts  int          `json:"attempts,omitempty"`
	NotBefore time.Time    `json:"notBefore,omitzero"`
	Key       string       `json:"key,omitempty"` // a de-duplication key
	// Extra marks a row the bot can do without: the answer to one message
	// (help, a refusal), never a game's news. Past MaxExtra extra rows
	// waiting for one recipient, Queue drops a new extra row.
	Extra bool `json:"extra,omitempty"`
	// Like names what an extra row says (a catalog id): a new extra row
	// replaces a waiting one Like it to the same recipient, and counts it
	// and those it had replaced in More.
	Like string `json:"like,omitempty"`
	More int    `json:"more,omitempty"`
	// Slot names the one message of its recipient that a row keeps up to
	// date ("game 12": a game's board in a group, edited in place): Queue
	// lets one row of a slot wait for a recipient, the latest. A row with
	// a Slot is never extra.
	Slot string `json:"slot,omitempty"`
	// Paced marks a row that may wait for a quieter moment (a board
	// edited as its game moves): the sender lets paced rows use only part
	// of a chat's rates, evenly spread, and keeps the rest for the rows
	// its readers must not wait for (the end, an offer).
	Paced bool `json:"paced,omitempty"`
}

// Queue adds rows to the outbox, in order, and returns them with their Seq
// set. Apply queues the rows its function returns; call Queue in Update for
// the messages that belong to no game.
//
// A row with a Slot replaces the row of that slot waiting for the same
// recipient, if one does (box.supersede): however fast the rows of a slot
// come, one waits, the latest, at the end of its recipient's queue.
//
// An Extra row may go otherwise: when an extra row Like it waits for the
// same recipient, that one is deleted and counted in the new row's More;
// else when MaxExtra extra rows wait for the recipient, the new row is
// dropped: it comes back with Seq 0, and DB.Dropped counts it.
func (tx *Tx) Queue(rows ...Outgoing) ([]Outgoing, error) {
	ob := tx.box()
	for i := range rows {
		if rows[i].Slot != "" {
			rows[i].Extra, rows[i].Like = false, ""
			if err := ob.supersede(&rows[i]); err != nil {
				return nil, err
			}
		} else if rows[i].Extra {
			if keep, err := ob.makeRoom(&rows[i]); err != nil {
				return nil, err
			} else if !keep {
				rows[i].Seq = 0
				tx.dropped++
				continue
			}
		}
		seq, err := ob.rows.NextSequence()
		if err != nil {
			return nil, fmt.Errorf("store: queue: %w", err)
		}
		rows[i].Seq = seq
		if err := ob.add(rows[i]); err != nil {
			return nil, err
		}
	}
	if len(rows) > 0 {
		tx.queued = true
	}
	return rows, nil
}

// Pending lists up to limit rows that are due at now (those whose NotBefore
// is not after now), oldest first. A limit of 0 or less lists them all.
// It reads the whole outbox: a sender reads what it can send with Ready.
func (db *DB) Pending(now time.Time, limit int) (rows []Outgoing, err error) {
	err = db.View(func(tx *Tx) error {
		rows, err = tx.pending(now, limit)
		return err
	})
	return rows, err
}

// pending scans the outbox in sequence order.
func (tx *Tx) pending(now time.Time, limit int) ([]Outgoing, error) {
	var rows []Outgoing
	c := tx.bucket(bucketOutbox).Cursor()
	for k, v := c.First(); k != nil && (limit <= 0 || len(rows) < limit); k, v = c.Next() {
		var o Outgoing
		if err := json.Unmarshal(v, &o); err != nil {
			return nil, fmt.Errorf("store: outbox row %d: %w", fromU64(k), err)
		}
		if !o.NotBefore.After(now) {
			rows = append(rows, o)
		}
	}
	return rows, nil
}

// Done deletes a row once it is sent. A row already deleted is no error.
// Calls from several goroutines share a transaction, as Apply's do, so that
// a sender can delete each row as soon as it is sent (then a crash sends at
// most the rows in flight again) without a disk write of its own for each.
func (db *DB) Done(seq uint64) error {
	r := db.submit(&call{sent: []uint64{seq}, done: make(chan result, 1)})
	if err := r.err; err != nil {
		return fmt.Errorf("store: outbox row %d done: %w", seq, err)
	}
	return nil
}

// DoneAll deletes rows once they are sent, all in one transaction: one
// write to disk for a batch of messages. Rows already deleted, and rows
// never queued, are no error. On an error none is deleted.
func (db *DB) DoneAll(seqs []uint64) error {
	if len(seqs) == 0 {
		return nil
	}
	err := db.Update(func(tx *Tx) error { return tx.Done(seqs...) })
	if err != nil {
		return fmt.Errorf("store: %d outbox rows done: %w", len(seqs), err)
	}
	return nil
}

// Done deletes rows of the outbox in this transaction; a row that is not
// there is no error. With Queue in the same transaction it replaces a
// message by others atomically.
func (tx *Tx) Done(seqs ...uint64) error {
	ob := tx.box()
	for _, seq := range seqs {
		if err := ob.remove(seq); err != nil {
			return fmt.Errorf("store: delete outbox row %d: %w", seq, err)
		}
	}
	return nil
}

// Retry puts a row off until notBefore and records how many attempts were
// made. It returns an error wrapping ErrNotFound when the row is gone.
func (db *DB) Retry(seq uint64, notBefore time.Time, attempts int) error {
	err := db.Update(func(tx *Tx) error { return tx.box().putOff(seq, notBefore, attempts) })
	if err != nil {
		return fmt.Errorf("store: retry outbox row %d: %w", seq, err)
	}
	return nil
}

// Queued returns a channel that is closed once a transaction that queued
// rows has committed after the call. A sender waits on it between scans of
// Pending instead of polling:
//
//	for {
//		wake := db.Queued()
//		ready, err := db.Ready("telegram", now(), 16, 1024)
//		… send rows …
//		select { case <-wake: case <-timer: case <-ctx.Done(): return }
//	}
func (db *DB) Queued() <-chan struct{} {
	db.queuedMu.Lock()
	defer db.queuedMu.Unlock()
	return db.queued
}

// committed is told of each transaction committed: it wakes the senders
// when rows were queued, and counts the rows dropped.
func (db *DB) committed(queued bool, dropped int) {
	db.dropped.Add(int64(dropped))
	if queued {
		db.wake()
	}
}

// Dropped is how many extra rows Queue dropped since the file was opened,
// for want of room in their recipient's queue.
func (db *DB) Dropped() int64 { return db.dropped.Load() }

// wake closes the channel Queued returned and makes a new one.
func (db *DB) wake() {
	db.queuedMu.Lock()
	defer db.queuedMu.Unlock()
	close(db.queued)
	db.queued = make(chan struct{})
}
