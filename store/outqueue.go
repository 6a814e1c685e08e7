package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"time"

	bolt "go.etcd.io/bbolt"
)

// The outbox's indexes (schema version 2). A sender should pay for the rows
// it sends, not for every row waiting: one chat's backlog of thousands must
// not slow the pass that sends another chat's move. So beside the rows
// (sequence → JSON) the outbox keeps
//
//   - a queue per recipient: chat ‖ seq → the row's class, where chat is a
//     16-byte hash of the address (bounded, whatever its length), so that a
//     recipient's rows are found in order without decoding anyone else's;
//   - the heads: transport ‖ 0 ‖ not-before ‖ seq → chat, one key for the
//     first row of each queue, ordered by when it may go. A sender reads
//     the heads that are due, and behind each only the rows it can send.
//
// Rows of one chat go one at a time and in order, so only a queue's first
// row is ever put off (Retry); the others' NotBefore counts once they are
// first. The three buckets change together in every write, in one
// transaction, so a crash leaves them consistent.
var (
	bucketOutQueues = []byte("outqueues") // chat ‖ seq → class
	bucketOutHeads  = []byte("outheads")  // transport ‖ 0 ‖ not-before ‖ seq → chat
)

// box is the outbox's buckets in one transaction.
type box struct{ rows, queues, heads *bolt.Bucket }

func (tx *Tx) box() box { return boxOf(tx.btx) }

func boxOf(btx *bolt.Tx) box {
	return box{btx.Bucket(bucketOutbox), btx.Bucket(bucketOutQueues), btx.Bucket(bucketOutHeads)}
}

// chatKey is the fixed-length key of a recipient's queue.
func chatKey(a Address) []byte {
	h := sha256.New()
	h.Write([]byte(a.Transport))
	h.Write([]byte{0})
	h.Write([]byte(a.ID))
	return h.Sum(nil)[:16:16]
}

// maxTransportKey bounds the transport's name in a head's key; names are
// short words, and a sender checks the rows it reads anyway.
const maxTransportKey = 32

// transportPrefix is the prefix of a transport's heads.
func transportPrefix(transport string) []byte {
	if len(transport) > maxTransportKey {
		transport = transport[:maxTransportKey]
	}
	return append([]byte(transport), 0)
}

// headKey orders a queue's first row among its transport's by the time it
// may go, then by sequence.
func headKey(o Outgoing) []byte {
	k := transportPrefix(o.To.Transport)
	k = binary.BigEndian.AppendUint64(k, timeKey(o.NotBefore))
	return binary.BigEndian.AppendUint64(k, o.Seq)
}

// timeKey is a time as a number that sorts as the time does: 0 for the
// zero time and anything before 1970, the largest number for times too
// far ahead to count in nanoseconds.
func timeKey(t time.Time) uint64 {
	switch {
	case t.IsZero() || t.Unix() < 0:
		return 0
	case t.Year() >= 2262:
		return math.MaxUint64
	}
	return uint64(t.UnixNano())
}

// add stores a row that has its Seq and files it in its recipient's queue;
// the first row of a queue becomes its head.
func (ob box) add(o Outgoing) error {
	if err := putJSON(ob.rows, u64(o.Seq), o); err != nil {
		return fmt.Errorf("store: queue row %d: %w", o.Seq, err)
	}
	chat := chatKey(o.To)
	if k, _ := ob.queues.Cursor().Seek(chat); !bytes.HasPrefix(k, chat) {
		if err := ob.heads.Put(headKey(o), chat); err != nil {
			return err
		}
	}
	return ob.queues.Put(append(chat, u64(o.Seq)...), classOf(o))
}

// remove deletes a row and its queue entry; when it was its queue's head,
// the next row of the queue becomes the head. A row that is not there is
// no error.
func (ob box) remove(seq uint64) error {
	var o Outgoing
	if err := getJSON(ob.rows, u64(seq), &o); err == ErrNotFound {
		return nil
	} else if err != nil {
		return fmt.Errorf("store: outbox row %d: %w", seq, err)
	}
	chat := chatKey(o.To)
	if err := ob.rows.Delete(u64(seq)); err != nil {
		return err
	}
	if err := ob.queues.Delete(append(chat, u64(seq)...)); err != nil {
		return err
	}
	if hk := headKey(o); ob.heads.Get(hk) != nil {
		if err := ob.heads.Delete(hk); err != nil {
			return err
		}
		return ob.promote(chat)
	}
	return nil
}

// promote makes the first row of a queue its head, if the queue has rows.
func (ob box) promote(chat []byte) error {
	k, _ := ob.queues.Cursor().Seek(chat)
	if !bytes.HasPrefix(k, chat) {
		return nil
	}
	var o Outgoing
	if err := getJSON(ob.rows, k[len(chat):], &o); err != nil {
		return fmt.Errorf("store: outbox row %d: %w", fromU64(k[len(chat):]), err)
	}
	return ob.heads.Put(headKey(o), chat)
}

// putOff records a failed attempt at a row and the time it may go again,
// moving its head key when it is its queue's first row.
func (ob box) putOff(seq uint64, notBefore time.Time, attempts int) error {
	var o Outgoing
	if err := getJSON(ob.rows, u64(seq), &o); err != nil {
		return err
	}
	old := headKey(o)
	chat := ob.heads.Get(old)
	o.NotBefore, o.Attempts = notBefore, attempts
	if err := putJSON(ob.rows, u64(seq), o); err != nil {
		return err
	}
	if chat == nil {
		return nil
	}
	chat = bytes.Clone(chat) // bbolt's memory is valid until the next write
	if err := ob.heads.Delete(old); err != nil {
		return err
	}
	return ob.heads.Put(headKey(o), chat)
}

// queue reads up to n rows of a recipient's queue, oldest first, and
// reports whether it holds more.
func (ob box) queue(chat []byte, n int) (rows []Outgoing, more bool, err error) {
	c := ob.queues.Cursor()
	for k, _ := c.Seek(chat); bytes.HasPrefix(k, chat); k, _ = c.Next() {
		if len(rows) == n {
			return rows, true, nil
		}
		var o Outgoing
		if err := getJSON(ob.rows, k[len(chat):], &o); err != nil {
			return nil, false, fmt.Errorf("store: outbox row %d: %w", fromU64(k[len(chat):]), err)
		}
		rows = append(rows, o)
	}
	return rows, false, nil
}

// indexOutbox files every row of the outbox in the queues and heads: the
// migration to schema version 2, for a file whose outbox has no indexes.
func indexOutbox(btx *bolt.Tx) error {
	ob := boxOf(btx)
	return ob.rows.ForEach(func(k, v []byte) error {
		var o Outgoing
		if err := getJSON(ob.rows, k, &o); err != nil {
			return fmt.Errorf("outbox row %d: %w", fromU64(k), err)
		}
		chat := chatKey(o.To)
		if err := ob.queues.Put(append(chat, k...), classOf(o)); err != nil {
			return err
		}
		return ob.promote(chat)
	})
}

// The class of a row, kept in its queue entry so that a recipient's queue
// is weighed without decoding its rows: a byte of flags, then the row's
// Slot (a row that fills one) or Like.
const (
	classExtra = 1
	classSlot  = 2
)

// maxLike bounds the Like or Slot kept in a queue entry; a longer one is
// cut (supersede compares the rows' own Slots).
const maxLike = 64

// classOf is the queue entry's value for a row.
func classOf(o Outgoing) []byte {
	flags, name := byte(0), o.Like
	switch {
	case o.Slot != "":
		flags, name = classSlot, o.Slot
	case o.Extra:
		flags = classExtra
	}
	if len(name) > maxLike {
		name = name[:maxLike]
	}
	return append([]byte{flags}, name...)
}

// supersede deletes the row of o's slot waiting for o's recipient, if one
// does: o takes its place in the sender's retries (its attempts, and the
// time it may go, a flood wait's) but not in the queue: o goes after the
// rows queued meanwhile. It reads the queue's entries, and only the row
// whose entry is o's. Should a sender have the old row in flight, it is
// sent all the same and o after it: nothing is lost, nothing sent twice.
func (ob box) supersede(o *Outgoing) error {
	chat, class := chatKey(o.To), classOf(*o)
	c := ob.queues.Cursor()
	for k, v := c.Seek(chat); bytes.HasPrefix(k, chat); k, v = c.Next() {
		if !bytes.Equal(v, class) {
			continue
		}
		var old Outgoing
		if err := getJSON(ob.rows, k[len(chat):], &old); err != nil {
			return fmt.Errorf("store: outbox row %d: %w", fromU64(k[len(chat):]), err)
		}
		if old.Slot != o.Slot {
			continue
		}
		o.Attempts = max(o.Attempts, old.Attempts)
		if old.NotBefore.After(o.NotBefore) {
			o.NotBefore = old.NotBefore
		}
		return ob.remove(old.Seq) // one row of a slot waits: the search is over
	}
	return nil
}

// MaxExtra is how many extra rows (Outgoing.Extra) may wait for one
// recipient: past it a new one is dropped, so that one chat cannot fill
// the outbox with answers to its flood. Game news is never extra.
const MaxExtra = 16

// makeRoom finds room for an extra row in its recipient's queue: a waiting
// extra row Like it is deleted and counted in the row's More; else the row
// is kept only while fewer than MaxExtra extra rows wait. It reads the
// queue's entries, not its rows.
func (ob box) makeRoom(o *Outgoing) (keep bool, err error) {
	chat := chatKey(o.To)
	like := classOf(*o)
	extra := 0
	c := ob.queues.Cursor()
	for k, v := c.Seek(chat); bytes.HasPrefix(k, chat); k, v = c.Next() {
		if len(v) == 0 || v[0]&classExtra == 0 {
			continue
		}
		if o.Like != "" && bytes.Equal(v, like) {
			return true, ob.replace(o, fromU64(k[len(chat):]))
		}
		extra++
	}
	return extra < MaxExtra, nil
}

// replace deletes the waiting row seq that o replaces, counting it in
// o.More. Should a sender have it in flight, it is sent all the same and
// o after it: one message too many, none lost.
func (ob box) replace(o *Outgoing, seq uint64) error {
	var old Outgoing
	if err := getJSON(ob.rows, u64(seq), &old); err != nil {
		return fmt.Errorf("store: outbox row %d: %w", seq, err)
	}
	o.More += old.More + 1
	return ob.remove(seq)
}

// checkBox reports where the outbox's indexes disagree with its rows: a
// row not in its queue, or with another class, a queue entry or head
// without its row, a queue whose head is not its first row. Check runs it.
func checkBox(btx *bolt.Tx) []error {
	ob := boxOf(btx)
	if ob.queues == nil || ob.heads == nil {
		return nil // a file of version 1 opened read-only
	}
	wantQ, wantH := map[string][]byte{}, map[string][]byte{}
	var errs []error
	err := ob.rows.ForEach(func(k, v []byte) error {
		var o Outgoing
		if err := getJSON(ob.rows, k, &o); err != nil {
			errs = append(errs, fmt.Errorf("outbox row %d: %w", fromU64(k), err))
			return nil
		}
		chat := chatKey(o.To)
		if _, ok := wantH[string(chat)]; !ok {
			wantH[string(chat)] = headKey(o)
		}
		wantQ[string(append(chat, k...))] = classOf(o)
		return nil
	})
	if err != nil {
		return append(errs, err)
	}
	errs = append(errs, agree(ob.queues, "outbox queue entry", func(k, v []byte) bool {
		want, ok := wantQ[string(k)]
		delete(wantQ, string(k))
		return ok && bytes.Equal(v, want)
	})...)
	heads := map[string][]byte{}
	for chat, hk := range wantH {
		heads[string(hk)] = []byte(chat)
	}
	errs = append(errs, agree(ob.heads, "outbox head", func(k, v []byte) bool {
		want, ok := heads[string(k)]
		delete(heads, string(k))
		return ok && bytes.Equal(v, want)
	})...)
	if n := len(wantQ) + len(heads); n > 0 {
		errs = append(errs, fmt.Errorf("%d outbox rows or queues missing from the indexes", n))
	}
	return errs
}

// agree reports the keys of b that ok finds wrong.
func agree(b *bolt.Bucket, what string, ok func(k, v []byte) bool) []error {
	var errs []error
	b.ForEach(func(k, v []byte) error {
		if !ok(k, v) {
			errs = append(errs, fmt.Errorf("%s %x disagrees with the rows", what, k))
		}
		return nil
	})
	return errs
}
