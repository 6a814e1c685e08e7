package store

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"slices"
	"time"
)

// Ready is what a sender may send now of one transport's outbox.
type Ready struct {
	// Rows are the first rows of the queues whose first row is due, up to
	// perChat of each queue, oldest first. Only a queue's first row is
	// known to be due; a later row's NotBefore still holds.
	Rows []Outgoing
	// Next is when the first queue held back falls due; zero when none is.
	Next time.Time
	// More reports that rows due were left out: a queue longer than
	// perChat, or more queues than chats.
	More bool
}

// Ready reads the rows of a transport that a sender may send at now: the
// queues (one per recipient) whose first row is due, up to perChat rows of
// each and up to chats queues, the longest-waiting first. It decodes only
// the rows it returns, however many others are waiting.
func (db *DB) Ready(transport string, now time.Time, perChat, chats int) (r Ready, err error) {
	err = db.View(func(tx *Tx) error {
		r, err = tx.box().ready(transport, now, perChat, chats)
		return err
	})
	if err != nil {
		return Ready{}, fmt.Errorf("store: outbox of %s: %w", transport, err)
	}
	return r, nil
}

// ready walks the transport's heads in the order they fall due.
func (ob box) ready(transport string, now time.Time, perChat, chats int) (Ready, error) {
	var r Ready
	if ob.heads == nil {
		return r, nil // a file of version 1 opened read-only: nobody sends
	}
	prefix := transportPrefix(transport)
	end := timeKey(now)
	c := ob.heads.Cursor()
	for k, chat := c.Seek(prefix); bytes.HasPrefix(k, prefix); k, chat = c.Next() {
		at := binary.BigEndian.Uint64(k[len(prefix):])
		if at > end {
			r.Next = fromTimeKey(at)
			break
		}
		if chats == 0 {
			r.More = true
			break
		}
		chats--
		rows, more, err := ob.queue(chat, perChat)
		if err != nil {
			return Ready{}, err
		}
		r.Rows = append(r.Rows, rows...)
		r.More = r.More || more
	}
	slices.SortFunc(r.Rows, func(a, b Outgoing) int { return cmp.Compare(a.Seq, b.Seq) })
	return r, nil
}

// fromTimeKey is the time a timeKey stands for.
func fromTimeKey(k uint64) time.Time {
	if k == 0 {
		return time.Time{}
	}
	return time.Unix(0, int64(min(k, 1<<63-1))).UTC()
}
