package store

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"umpire/referee"
)

// The benchmarks apply moves with fsync, as the umpire does, each with its
// inbound id and an outbox row, to games of benchGame plies (a game's log is
// read back on every move), and report moves per second. New games count
// as moves too: one in benchGame.

const benchGame = 80

// BenchmarkApply is one goroutine applying moves: a transaction, and its
// fsyncs, per move.
func BenchmarkApply(b *testing.B) {
	db := openTest(b, &Options{})
	var id uint64
	ply, i := 0, 0
	for b.Loop() {
		i++
		id, ply = benchMove(b, db, id, ply, fmt.Sprint("b:", i))
	}
	report(b)
}

// BenchmarkApplyParallel is many goroutines, each playing its own games:
// the writer goroutine groups their moves into shared transactions.
func BenchmarkApplyParallel(b *testing.B) {
	for _, g := range []int{2, 8, 32, 128} {
		b.Run(fmt.Sprintf("goroutines=%d", g), func(b *testing.B) {
			benchParallel(b, openTest(b, &Options{}), g)
		})
	}
}

// BenchmarkApplyUngrouped is the parallel benchmark with grouping turned
// off (MaxBatch 1), for comparison.
func BenchmarkApplyUngrouped(b *testing.B) {
	benchParallel(b, openTest(b, &Options{MaxBatch: 1}), 32)
}

// benchParallel applies b.N moves from about goroutines goroutines.
func benchParallel(b *testing.B, db *DB, goroutines int) {
	var inbound atomic.Int64
	b.SetParallelism(max(1, goroutines/runtime.GOMAXPROCS(0)))
	b.RunParallel(func(pb *testing.PB) {
		var id uint64
		ply := 0
		for pb.Next() {
			id, ply = benchMove(b, db, id, ply, fmt.Sprint("b:", inbound.Add(1)))
		}
	})
	report(b)
}

// benchMove plays the next move of game id, or starts a new game when id
// is 0 or the game is long enough, and returns the game and its length.
func benchMove(b *testing.B, db *DB, id uint64, ply int, inbound string) (uint64, int) {
	if id == 0 || ply == benchGame {
		return newGame(b, db), 0
	}
	if _, err := db.Apply(id, inbound, move(referee.TwoSeats[ply%2], "e4")); err != nil {
		b.Error(err)
	}
	return id, ply + 1
}

func report(b *testing.B) {
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkReady reads what a sender may send while one recipient has a
// backlog of flood rows and another has one row: the cost is the rows a
// pass may send, whatever the backlog. ScanAll is the old way, for
// comparison: reading the whole outbox.
func BenchmarkReady(b *testing.B) {
	for _, n := range []int{10, 10000} {
		db := openTest(b, nil)
		flood := make([]Outgoing, n)
		for i := range flood {
			flood[i] = to("telegram", "flood")
		}
		queue(b, db, flood...)
		queue(b, db, to("telegram", "other"))
		now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
		b.Run(fmt.Sprintf("backlog=%d", n), func(b *testing.B) {
			for b.Loop() {
				if r, err := db.Ready("telegram", now, 16, 1024); err != nil || len(r.Rows) != min(n, 16)+1 {
					b.Fatal(len(r.Rows), err)
				}
			}
		})
		b.Run(fmt.Sprintf("backlog=%d/ScanAll", n), func(b *testing.B) {
			for b.Loop() {
				if rows, err := db.Pending(now, 0); err != nil || len(rows) != n+1 {
					b.Fatal(len(rows), err)
				}
			}
		})
	}
}

// BenchmarkApplyLongLog is one action applied to a game whose log holds
// 100 or 20,000 entries: the cost does not grow with the log, which Apply
// does not read (but for its length) once the game's log is cached.
// NoCache is the same with the cache turned off, for comparison: the
// whole log decoded on every action.
func BenchmarkApplyLongLog(b *testing.B) {
	for _, n := range []int{100, 20000} {
		for _, cache := range []int{0, -1} {
			name := fmt.Sprintf("log=%d", n)
			if cache < 0 {
				name += "/NoCache"
			}
			b.Run(name, func(b *testing.B) {
				db := openTest(b, &Options{LogCache: cache})
				id := newGame(b, db)
				if _, err := db.Apply(id, "", appendN("white", n)); err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				for b.Loop() {
					if _, err := db.Apply(id, "", appendN("black", 1)); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
