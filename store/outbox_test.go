package store

import (
	"errors"
	"path/filepath"
	"testing"
	"time"
)

func TestOutbox(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	err := db.Update(func(tx *Tx) error {
		_, err := tx.Queue(
			Outgoing{Kind: "notice", Text: "one"},
			Outgoing{Kind: "notice", Text: "two", NotBefore: now.Add(time.Minute)},
			Outgoing{Kind: "notice", Text: "three", NotBefore: now},
		)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		step  func() error
		now   time.Time
		limit int
		want  []uint64
	}{
		{nil, now, 0, []uint64{1, 3}},
		{nil, now, 1, []uint64{1}},
		{nil, now.Add(time.Minute), 0, []uint64{1, 2, 3}},
		{func() error { return db.Done(1) }, now, 0, []uint64{3}},
		{func() error { return db.Done(1) }, now, 0, []uint64{3}}, // done twice
		{func() error { return db.Retry(3, now.Add(time.Hour), 1) }, now.Add(time.Minute), 0, []uint64{2}},
		{nil, now.Add(time.Hour), 0, []uint64{2, 3}},
	}
	for i, tt := range tests {
		if tt.step != nil {
			if err := tt.step(); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
		}
		rows, err := db.Pending(tt.now, tt.limit)
		if got := seqs(rows); err != nil || !equal(got, tt.want) {
			t.Errorf("step %d: Pending(%v, %d) = %v, %v; want %v", i, tt.now, tt.limit, got, err, tt.want)
		}
	}
	rows, _ := db.Pending(now.Add(time.Hour), 0)
	if r := rows[1]; r.Attempts != 1 || r.Text != "three" {
		t.Errorf("row 3 after Retry = %+v; want attempts 1, text three", r)
	}
	if err := db.Retry(1, now, 2); !errors.Is(err, ErrNotFound) {
		t.Errorf("Retry of a row done = %v; want ErrNotFound", err)
	}
}

func seqs(rows []Outgoing) []uint64 {
	var out []uint64
	for _, r := range rows {
		out = append(out, r.Seq)
	}
	return out
}

func equal(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// closed reports whether a channel from Queued has been closed.
func closed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

func TestQueuedWakes(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	id := newGame(t, db)
	tests := []struct {
		name  string
		write func() error
		wake  bool
	}{
		{"Apply with rows", func() error { _, err := db.Apply(id, "", move("white", "e4")); return err }, true},
		{"Apply without rows", func() error {
			_, err := db.Apply(id, "", func(g *Game) ([]Outgoing, error) { return nil, nil })
			return err
		}, false},
		{"Apply failing", func() error { db.Apply(id, "", failures[0].fn); return nil }, false},
		{"Update with Queue", func() error {
			return db.Update(func(tx *Tx) error {
				_, err := tx.Queue(Outgoing{Kind: "notice"})
				return err
			})
		}, true},
		{"SetCursor", func() error { return db.SetCursor("telegram", []byte{1}) }, false},
	}
	for _, tt := range tests {
		wake := db.Queued()
		if err := tt.write(); err != nil {
			t.Fatal(err)
		}
		if closed(wake) != tt.wake {
			t.Errorf("%s: Queued closed = %v; want %v", tt.name, closed(wake), tt.wake)
		}
	}
}

func TestUpdateReplyMarksSeen(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	reply := func(tx *Tx) error {
		if tx.Seen("telegram:7") {
			return nil
		}
		if _, err := tx.Queue(Outgoing{To: Address{"telegram", "100"}, Kind: "notice", Text: "help"}); err != nil {
			return err
		}
		return tx.MarkSeen("telegram:7")
	}
	for range 2 {
		if err := db.Update(reply); err != nil {
			t.Fatal(err)
		}
	}
	if rows := outbox(t, db); len(rows) != 1 || rows[0].Text != "help" {
		t.Errorf("outbox = %+v; want the one reply", rows)
	}
}

// TestDoneAll deletes batches of sent rows from a database file, and
// finds them gone after the file is reopened.
func TestDoneAll(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "umpire.db")
	db, err := Open(path, &Options{Now: newClock().Now})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { db.Close() }()
	err = db.Update(func(tx *Tx) error {
		_, err := tx.Queue(make([]Outgoing, 6)...)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		done []uint64
		want []uint64 // the rows left
	}{
		{nil, []uint64{1, 2, 3, 4, 5, 6}},
		{[]uint64{2, 5}, []uint64{1, 3, 4, 6}},
		{[]uint64{5, 2}, []uint64{1, 3, 4, 6}}, // done twice
		{[]uint64{6, 99, 1}, []uint64{3, 4}},   // one never queued
		{[]uint64{4, 4}, []uint64{3}},          // twice in a batch
		{[]uint64{3}, nil},                     // the last
		{[]uint64{1, 2, 3, 4, 5, 6, 7}, nil},   // all gone
	}
	for _, tt := range tests {
		wake := db.Queued()
		if err := db.DoneAll(tt.done); err != nil {
			t.Fatalf("DoneAll(%v): %v", tt.done, err)
		}
		if got := seqs(outbox(t, db)); !equal(got, tt.want) {
			t.Errorf("after DoneAll(%v) the outbox holds %v; want %v", tt.done, got, tt.want)
		}
		if closed(wake) {
			t.Errorf("DoneAll(%v) woke the senders", tt.done)
		}
	}
	err = db.Update(func(tx *Tx) error {
		_, err := tx.Queue(make([]Outgoing, 3)...) // 7, 8, 9
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.DoneAll([]uint64{7, 9}); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if db, err = Open(path, nil); err != nil {
		t.Fatal(err)
	}
	if got := seqs(outbox(t, db)); !equal(got, []uint64{8}) {
		t.Errorf("reopened outbox holds %v; want [8]", got)
	}
}

// TestTxDone: rows may be queued and done in one transaction; rows done
// in a transaction that fails stay.
func TestTxDone(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	err := db.Update(func(tx *Tx) error {
		if _, err := tx.Queue(make([]Outgoing, 3)...); err != nil {
			return err
		}
		return tx.Done(1, 2)
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := seqs(outbox(t, db)); !equal(got, []uint64{3}) {
		t.Fatalf("rows queued and done in one transaction: the outbox holds %v; want [3]", got)
	}
	fail := errors.New("fail")
	err = db.Update(func(tx *Tx) error {
		if err := tx.Done(3); err != nil {
			return err
		}
		return fail
	})
	if !errors.Is(err, fail) || !equal(seqs(outbox(t, db)), []uint64{3}) {
		t.Errorf("a failed transaction deleted rows: %v, outbox %v", err, seqs(outbox(t, db)))
	}
	if err := db.View(func(tx *Tx) error { return tx.Done(3) }); err == nil {
		t.Error("Done in a read transaction succeeded")
	}
}
