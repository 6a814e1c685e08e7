package store

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	bolt "go.etcd.io/bbolt"

	"umpire/referee"
)

// appendN returns an Apply function that logs n actions of seat.
func appendN(seat referee.Seat, n int) func(g *Game) ([]Outgoing, error) {
	return func(g *Game) ([]Outgoing, error) {
		for i := range n {
			g.Log = append(g.Log, referee.Action{Seat: seat, Text: fmt.Sprint(len(g.Log), "-", i)})
		}
		return nil, nil
	}
}

// TestApplyReadsOnlyTheLogLength: once a game's log is cached, Apply reads
// of it only its length: an entry spoiled on disk is not read (a test of
// what is read, not a way to run), while a database opened afresh, with
// nothing cached, reads the log and finds it.
func TestApplyReadsOnlyTheLogLength(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "umpire.db")
	db := openFile(t, path)
	id := newGame(t, db)
	if _, err := db.Apply(id, "", appendN("white", 100)); err != nil {
		t.Fatal(err)
	}
	spoil := func(db *DB) {
		err := db.bolt.Update(func(btx *bolt.Tx) error {
			return btx.Bucket(bucketLogs).Bucket(u64(id)).Put(u64(1), []byte("not json"))
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	spoil(db)
	for range 3 {
		if _, err := db.Apply(id, "", appendN("black", 1)); err != nil {
			t.Fatalf("Apply to a cached game read its log: %v", err)
		}
	}
	db.Close()
	db = openFile(t, path)
	if _, err := db.Apply(id, "", appendN("black", 1)); err == nil {
		t.Fatal("Apply with nothing cached did not read the log")
	}
}

// TestLogCacheAgreesWithDisk applies actions to several games from several
// goroutines at once (grouped into shared transactions), some of them
// failing after appending, some rewriting the log, while another reads
// them; afterwards every game's
// log, read through the cache, is its log on disk, and so it is in the
// file opened afresh.
func TestLogCacheAgreesWithDisk(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "umpire.db")
	db := openFile(t, path)
	const games = 4
	for range games {
		newGame(t, db)
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	var readers sync.WaitGroup
	readers.Go(func() { // reads alongside, for the race detector
		for id := uint64(1); ; id = id%games + 1 {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := db.Game(id); err != nil {
				t.Error(err)
			}
		}
	})
	for w := range 8 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			for range 60 {
				id := uint64(1 + rng.IntN(games))
				fn := appendN("white", 1+rng.IntN(3))
				switch rng.IntN(6) {
				case 0:
					fn = failures[0].fn // appends, then fails
				case 1:
					fn = func(g *Game) ([]Outgoing, error) { // in a copy: in place races with readers
						if len(g.Log) > 0 {
							g.Log = slices.Clone(g.Log)
							g.Log[rng.IntN(len(g.Log))].Text = "rewritten"
						}
						return appendN("black", 1)(g)
					}
				}
				applyCatch(db, id, "", fn)
			}
		})
	}
	wg.Wait()
	close(stop)
	readers.Wait()
	logs := map[uint64][]referee.Action{}
	for id := uint64(1); id <= games; id++ {
		g, err := db.Game(id)
		if err != nil {
			t.Fatal(err)
		}
		entries, err := db.Log(id)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(g.Log, actions(entries)) {
			t.Errorf("game %d: the cached log (%d entries) is not the log on disk (%d)", id, len(g.Log), len(entries))
		}
		for _, a := range g.Log {
			if a.Text == "rewritten" {
				t.Errorf("game %d: an entry was rewritten", id)
			}
		}
		logs[id] = g.Log
	}
	db.Close()
	db = openFile(t, path)
	for id, log := range logs {
		if g, err := db.Game(id); err != nil || !slices.Equal(g.Log, log) {
			t.Errorf("game %d after reopening: %d entries, %v; want the %d read before", id, len(g.Log), err, len(log))
		}
	}
}

// TestLogCacheBounded: the cache holds no more entries than it may, the
// least recently used games leaving first, and a game read again after
// leaving it comes back whole.
func TestLogCacheBounded(t *testing.T) {
	t.Parallel()
	db := openTest(t, &Options{Now: newClock().Now, LogCache: 100})
	var ids []uint64
	for range 10 {
		id := newGame(t, db)
		if _, err := db.Apply(id, "", appendN("white", 30)); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if games, entries := db.logs.len(); entries > 100 || games == 0 {
		t.Errorf("the cache holds %d games, %d entries; want at most 100 entries", games, entries)
	}
	if _, ok := db.logs.get(ids[0], 30, false); ok {
		t.Error("the first game is still cached after nine others")
	}
	if _, err := db.Apply(ids[0], "", appendN("black", 1)); err != nil {
		t.Fatal(err)
	}
	if g, err := db.Game(ids[0]); err != nil || len(g.Log) != 31 {
		t.Errorf("game %d read again: %d entries, %v; want 31", ids[0], len(g.Log), err)
	}
}

// TestGameIsACopy: what Game returns may be changed, and its log appended
// to: the cache, and the next Apply, do not see it.
func TestGameIsACopy(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	id := newGame(t, db)
	db.Apply(id, "", appendN("white", 3))
	g, _ := db.Game(id)
	g.State, g.Seats = StateOver, nil
	g.Log = append(g.Log, referee.Action{Text: "appended"})
	var seen []referee.Action
	db.Apply(id, "", func(g *Game) ([]Outgoing, error) {
		seen = slices.Clone(g.Log)
		return nil, nil
	})
	if len(seen) != 3 {
		t.Errorf("Apply saw %v; want the 3 entries logged", seen)
	}
	if g, _ := db.Game(id); g.State != StatePlaying || len(g.Seats) != 2 {
		t.Errorf("the game read again is %+v; want it as stored", g)
	}
}
