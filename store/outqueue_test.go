package store

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// checkIndexes checks the outbox's indexes against its rows: one queue
// entry per row with the row's class, and one head per queue, its first
// row's; and that Check finds them sound.
func checkIndexes(t testing.TB, db *DB) {
	t.Helper()
	if err := db.Check(); err != nil {
		t.Error(err)
	}
	t.Helper()
	err := db.bolt.View(func(btx *bolt.Tx) error {
		ob := boxOf(btx)
		wantQ, wantH := map[string]string{}, map[string]string{}
		first := map[string]bool{}
		err := ob.rows.ForEach(func(k, v []byte) error {
			var o Outgoing
			if err := getJSON(ob.rows, k, &o); err != nil {
				return err
			}
			chat := chatKey(o.To)
			wantQ[string(append(chat, k...))] = string(classOf(o))
			if !first[string(chat)] {
				first[string(chat)] = true
				wantH[string(headKey(o))] = string(chat)
			}
			return nil
		})
		if err != nil {
			return err
		}
		if got := contents(ob.queues); !maps.Equal(got, wantQ) {
			t.Errorf("outbox queues hold %d entries %x; want %d %x", len(got), got, len(wantQ), wantQ)
		}
		if got := contents(ob.heads); !maps.Equal(got, wantH) {
			t.Errorf("outbox heads hold %x; want %x", got, wantH)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// contents is a bucket's keys and values.
func contents(b *bolt.Bucket) map[string]string {
	m := map[string]string{}
	b.ForEach(func(k, v []byte) error {
		m[string(k)] = string(v)
		return nil
	})
	return m
}

// queue queues rows in one transaction and fails the test on an error.
func queue(t testing.TB, db *DB, rows ...Outgoing) []Outgoing {
	t.Helper()
	err := db.Update(func(tx *Tx) (err error) {
		rows, err = tx.Queue(rows...)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func to(transport, id string) Outgoing {
	return Outgoing{To: Address{transport, id}, Kind: "notice"}
}

// TestReadyReadsWhatItSends: a recipient with thousands of rows waiting
// costs a pass the rows it may send of them, and another recipient's row
// comes in the same pass.
func TestReadyReadsWhatItSends(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	flood := make([]Outgoing, 3000)
	for i := range flood {
		flood[i] = to("telegram", "666")
	}
	queue(t, db, flood...)
	queue(t, db, to("telegram", "7"), to("email", "a@b"), to("telegram", "666"))
	r, err := db.Ready("telegram", now, 16, 1024)
	if err != nil {
		t.Fatal(err)
	}
	want := append(seqRange(1, 16), 3001)
	if got := seqs(r.Rows); !equal(got, want) || !r.More || !r.Next.IsZero() {
		t.Errorf("Ready = %v, more %v, next %v; want %v, more, no next", got, r.More, r.Next, want)
	}
	r, _ = db.Ready("telegram", now, 16, 1)
	if got := seqs(r.Rows); !equal(got, seqRange(1, 16)) || !r.More {
		t.Errorf("Ready of one chat = %v, more %v; want the oldest chat's first 16, more", got, r.More)
	}
	r, _ = db.Ready("email", now, 16, 1024)
	if got := seqs(r.Rows); !equal(got, []uint64{3002}) || r.More {
		t.Errorf("Ready of email = %v, more %v; want [3002]", got, r.More)
	}
	checkIndexes(t, db)
}

func seqRange(from, to uint64) []uint64 {
	var out []uint64
	for s := from; s <= to; s++ {
		out = append(out, s)
	}
	return out
}

// TestReadyHeldBack: a recipient whose first row is put off is held back
// whole (its rows keep their order) and says when it falls due; the
// others go.
func TestReadyHeldBack(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	queue(t, db, to("telegram", "1"), to("telegram", "2"), to("telegram", "1"), to("telegram", "3"))
	later := now.Add(time.Minute)
	if err := db.Retry(1, later, 1); err != nil {
		t.Fatal(err)
	}
	if err := db.Retry(4, now.Add(time.Hour), 1); err != nil {
		t.Fatal(err)
	}
	r, _ := db.Ready("telegram", now, 16, 1024)
	if got := seqs(r.Rows); !equal(got, []uint64{2}) || !r.Next.Equal(later) || r.More {
		t.Errorf("Ready = %v, next %v; want [2], next %v", got, r.Next, later)
	}
	r, _ = db.Ready("telegram", later, 16, 1024)
	if got := seqs(r.Rows); !equal(got, []uint64{1, 2, 3}) || r.Rows[0].Attempts != 1 {
		t.Errorf("Ready at %v = %+v; want rows 1, 2, 3, row 1 tried once", later, r.Rows)
	}
	if err := db.DoneAll([]uint64{1, 2}); err != nil {
		t.Fatal(err)
	}
	r, _ = db.Ready("telegram", later, 16, 1024)
	if got := seqs(r.Rows); !equal(got, []uint64{3}) || !r.Next.Equal(now.Add(time.Hour)) {
		t.Errorf("Ready after 1 and 2 are sent = %v, next %v; want [3], next in an hour", got, r.Next)
	}
	checkIndexes(t, db)
}

// TestBoxModel runs random queues, deletes and retries against a model:
// after each step the indexes agree with the rows, and Ready lists, for
// each transport, the recipients whose oldest row is due.
func TestBoxModel(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	rng := rand.New(rand.NewPCG(1, 2))
	addr := func() Outgoing {
		return to([]string{"telegram", "email"}[rng.IntN(2)], fmt.Sprint(rng.IntN(5)))
	}
	for step := range 300 {
		all := outbox(t, db)
		switch n := rng.IntN(10); {
		case n < 4 || len(all) == 0:
			queue(t, db, addr(), addr())
		case n < 7:
			if err := db.Done(all[rng.IntN(len(all))].Seq); err != nil {
				t.Fatal(err)
			}
		default:
			at := now.Add(time.Duration(rng.IntN(3)) * time.Minute)
			if err := db.Retry(all[rng.IntN(len(all))].Seq, at, 1); err != nil {
				t.Fatal(err)
			}
		}
		checkIndexes(t, db)
		for _, tr := range []string{"telegram", "email"} {
			r, err := db.Ready(tr, now, 100, 100)
			if got, want := seqs(r.Rows), modelReady(outbox(t, db), tr, now); err != nil || !equal(got, want) {
				t.Fatalf("step %d: Ready(%s) = %v, %v; want %v", step, tr, got, err, want)
			}
		}
	}
}

// modelReady is what Ready should list: every row of a transport's
// recipients whose oldest row is due.
func modelReady(rows []Outgoing, transport string, now time.Time) []uint64 {
	first := map[Address]Outgoing{}
	var out []uint64
	for _, o := range rows {
		if _, ok := first[o.To]; !ok {
			first[o.To] = o
		}
		if h := first[o.To]; o.To.Transport == transport && !h.NotBefore.After(now) {
			out = append(out, o.Seq)
		}
	}
	return out
}

// TestOutboxMigration: a version 1 file with rows waiting opens as version
// 2 with its rows queued by recipient, in order, their retries kept.
func TestOutboxMigration(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "v1.db")
	db, err := open(path, nil, migrations[:1])
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	rows := []Outgoing{to("telegram", "1"), to("telegram", "2"), to("telegram", "1"), to("email", "x")}
	rows[1].NotBefore = now.Add(time.Minute)
	err = db.bolt.Update(func(btx *bolt.Tx) error { // as version 1 queued them
		b := btx.Bucket(bucketOutbox)
		for i := range rows {
			rows[i].Seq, _ = b.NextSequence()
			if err := putJSON(b, u64(rows[i].Seq), rows[i]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	ro, err := Open(path, &Options{ReadOnly: true}) // as umpire check and export do
	if err != nil {
		t.Fatalf("a version 1 file opened read-only: %v", err)
	}
	if v, _ := ro.Version(); v != 1 || ro.Check() != nil || len(outbox(t, ro)) != 4 {
		t.Errorf("read-only: version %d, check %v; want version 1 as it was, sound, 4 rows", v, ro.Check())
	}
	ro.Close()
	db = openFile(t, path)
	if v, _ := db.Version(); v != SchemaVersion {
		t.Errorf("version after opening = %d; want %d", v, SchemaVersion)
	}
	checkIndexes(t, db)
	r, _ := db.Ready("telegram", now, 16, 16)
	if got := seqs(r.Rows); !equal(got, []uint64{1, 3}) || !r.Next.Equal(now.Add(time.Minute)) {
		t.Errorf("Ready after the migration = %v, next %v; want [1 3], next in a minute", got, r.Next)
	}
	if err := db.Check(); err != nil {
		t.Error(err)
	}
	if got := seqs(queue(t, db, to("telegram", "2"))); !equal(got, []uint64{5}) {
		t.Errorf("a row queued after the migration has seq %v; want 5", got)
	}
}

// TestChatKeyBounded: a recipient's queue key has the same length however
// long its address.
func TestChatKeyBounded(t *testing.T) {
	t.Parallel()
	long := Address{"email", string(bytes.Repeat([]byte("x"), 1<<16))}
	if n := len(chatKey(long)); n != 16 || slices.Equal(chatKey(long), chatKey(Address{"email", "x"})) {
		t.Errorf("chatKey of a 64 KiB address has %d bytes; want 16, distinct", n)
	}
}

func extra(id, like string) Outgoing {
	o := to("telegram", id)
	o.Extra, o.Like = true, like
	return o
}

// TestExtraCapped: past MaxExtra extra rows waiting for one recipient, new
// ones are dropped and counted; game news still goes in, and so do extra
// rows to others.
func TestExtraCapped(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	flood := make([]Outgoing, 3000)
	for i := range flood {
		flood[i] = extra("666", "")
	}
	queue(t, db, flood[:1000]...)
	for _, o := range flood[1000:1010] {
		queue(t, db, o)
	}
	queue(t, db, flood[1010:]...)
	news := queue(t, db, to("telegram", "666"), extra("7", ""))
	if news[0].Seq == 0 || news[1].Seq == 0 {
		t.Errorf("news to the flooder and an extra row to another were dropped: %+v", news)
	}
	if n := len(outbox(t, db)); n != MaxExtra+2 {
		t.Errorf("outbox holds %d rows; want %d extra rows, the news and the other's", n, MaxExtra)
	}
	if d := db.Dropped(); d != 3000-MaxExtra {
		t.Errorf("Dropped() = %d; want %d", d, 3000-MaxExtra)
	}
	if err := db.Done(1); err != nil {
		t.Fatal(err)
	}
	if got := queue(t, db, extra("666", "")); got[0].Seq == 0 {
		t.Error("an extra row was dropped though one was sent and there is room")
	}
	checkIndexes(t, db)
}

// TestExtraCoalesced: a new extra row replaces a waiting one Like it to the
// same recipient, at the end of its queue, counting those it replaced;
// rows unlike it, and rows to others, stay.
func TestExtraCoalesced(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	queue(t, db, extra("1", "err.x"), to("telegram", "1"), extra("1", "err.y"), extra("2", "err.x"))
	for range 5 {
		queue(t, db, extra("1", "err.x"))
	}
	rows := outbox(t, db)
	var got []string
	for _, o := range rows {
		got = append(got, fmt.Sprintf("%s:%s+%d", o.To.ID, o.Like, o.More))
	}
	want := []string{"1:+0", "1:err.y+0", "2:err.x+0", "1:err.x+5"}
	if !slices.Equal(got, want) {
		t.Errorf("outbox = %v; want %v", got, want)
	}
	if db.Dropped() != 0 {
		t.Errorf("Dropped() = %d; want 0: replaced rows are not dropped", db.Dropped())
	}
	r, _ := db.Ready("telegram", time.Now(), 16, 16)
	if got := seqs(r.Rows); !equal(got, []uint64{2, 3, 4, 9}) {
		t.Errorf("Ready = %v; want the news, err.y, the other's and the last err.x", got)
	}
	checkIndexes(t, db)
}

// TestCheckFindsSpoiledIndexes: Check (umpire check) reports an outbox
// index that disagrees with the rows.
func TestCheckFindsSpoiledIndexes(t *testing.T) {
	t.Parallel()
	for _, spoil := range []func(ob box) error{
		func(ob box) error { k, _ := ob.heads.Cursor().First(); return ob.heads.Delete(k) },
		func(ob box) error { k, _ := ob.queues.Cursor().Last(); return ob.queues.Put(k, []byte{classExtra}) },
		func(ob box) error { return ob.rows.Delete(u64(1)) },
	} {
		db := openTest(t, nil)
		queue(t, db, to("telegram", "1"), to("telegram", "1"), to("email", "2"))
		if err := db.Check(); err != nil {
			t.Fatal(err)
		}
		if err := db.bolt.Update(func(btx *bolt.Tx) error { return spoil(boxOf(btx)) }); err != nil {
			t.Fatal(err)
		}
		if err := db.Check(); !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "outbox") {
			t.Errorf("Check of spoiled indexes = %v; want ErrDamaged naming the outbox", err)
		}
	}
}

func slotted(id, slot, text string) Outgoing {
	o := to("telegram", id)
	o.Slot, o.Text = slot, text
	return o
}

// TestSlotSuperseded: a row with a Slot replaces the row of that slot
// waiting for the same recipient, at the end of its queue; rows of other
// slots, other rows and rows to others stay. The replacement keeps the
// retries of the row it replaced, and the rule holds in a file opened
// again.
func TestSlotSuperseded(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "slots.db")
	db := openFile(t, path)
	queue(t, db, slotted("1", "game 1", "a"), to("telegram", "1"), slotted("1", "game 2", "b"), slotted("2", "game 1", "c"))
	for _, text := range []string{"d", "e"} {
		queue(t, db, slotted("1", "game 1", text))
	}
	got := func() (out []string) {
		for _, o := range outbox(t, db) {
			out = append(out, fmt.Sprintf("%s:%s:%s", o.To.ID, o.Slot, o.Text))
		}
		return out
	}
	want := []string{"1::", "1:game 2:b", "2:game 1:c", "1:game 1:e"}
	if g := got(); !slices.Equal(g, want) {
		t.Errorf("outbox = %q; want %q", g, want)
	}
	checkIndexes(t, db)
	// The slot's row, first in its queue, waits out a flood wait; the
	// row that replaces it waits as long.
	later := time.Date(2025, 3, 1, 12, 0, 30, 0, time.UTC)
	rows := outbox(t, db)
	if err := db.Retry(rows[2].Seq, later, 3); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db = openFile(t, path)
	o := slotted("2", "game 1", "f")
	o.Extra, o.Like = true, "x" // a slot's row is never extra
	o = queue(t, db, o)[0]
	if !o.NotBefore.Equal(later) || o.Attempts != 3 || o.Extra {
		t.Errorf("the replacement: not before %v, %d attempts, extra %v; want %v, 3, false", o.NotBefore, o.Attempts, o.Extra, later)
	}
	want = []string{"1::", "1:game 2:b", "1:game 1:e", "2:game 1:f"}
	if g := got(); !slices.Equal(g, want) {
		t.Errorf("after a restart, outbox = %q; want %q", g, want)
	}
	r, _ := db.Ready("telegram", later.Add(-time.Second), 16, 16)
	if n := len(r.Rows); n != 3 || !r.Next.Equal(later) {
		t.Errorf("Ready before the wait is over lists %d rows, next %v; want 3, the others', next %v", n, r.Next, later)
	}
	checkIndexes(t, db)
}
