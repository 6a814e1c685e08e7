package store

import (
	"encoding/hex"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"umpire/referee"
)

// clock is a fake clock that moves one second each time it is read.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock {
	return &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Second)
	return c.t
}

// openTest opens a new database in a temporary directory, closed when the
// test ends.
func openTest(t testing.TB, opts *Options) *DB {
	t.Helper()
	if opts == nil {
		opts = &Options{Now: newClock().Now}
	}
	db, err := Open(filepath.Join(t.TempDir(), "umpire.db"), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// dump lists every bucket, sequence, key and value of the database, for
// comparing whole databases.
func dump(t testing.TB, db *DB) string {
	t.Helper()
	var b strings.Builder
	err := db.bolt.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, bk *bolt.Bucket) error {
			dumpBucket(&b, string(name), bk)
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func dumpBucket(b *strings.Builder, path string, bk *bolt.Bucket) {
	fmt.Fprintf(b, "%s seq=%d\n", path, bk.Sequence())
	bk.ForEach(func(k, v []byte) error {
		if v == nil {
			dumpBucket(b, path+"/"+hex.EncodeToString(k), bk.Bucket(k))
			return nil
		}
		fmt.Fprintf(b, "%s %x = %q\n", path, k, v)
		return nil
	})
}

// newGame creates a game of Kriegspiel with two seats held by players 1
// and 2, and returns its id.
func newGame(t testing.TB, db *DB) uint64 {
	t.Helper()
	var id uint64
	_, err := db.Apply(0, "", func(g *Game) ([]Outgoing, error) {
		id = g.ID
		g.Variant = "kriegspiel"
		g.State = StatePlaying
		g.Seats[referee.White] = Seat{PlayerID: 1, Token: "w-secret"}
		g.Seats[referee.Black] = Seat{PlayerID: 2, Token: "b-secret"}
		return nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// move returns an Apply function that logs one action of seat and queues a
// view of it for that seat.
func move(seat referee.Seat, text string) func(g *Game) ([]Outgoing, error) {
	return func(g *Game) ([]Outgoing, error) {
		g.Log = append(g.Log, referee.Action{Seat: seat, Text: text})
		return []Outgoing{{
			Ply:  len(g.Log),
			To:   Address{"console", string(seat)},
			Seat: seat,
			Kind: "view",
		}}, nil
	}
}

// texts returns the texts of a log.
func texts(log []referee.Action) []string {
	out := make([]string, len(log))
	for i, a := range log {
		out[i] = a.Text
	}
	return out
}

// outbox lists every row of the outbox.
func outbox(t testing.TB, db *DB) []Outgoing {
	t.Helper()
	rows, err := db.Pending(farFuture, 0)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// farFuture is after every NotBefore in the tests.
var farFuture = time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)
