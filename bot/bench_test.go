package bot_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"
	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/store"

	"umpire/bot"
	"umpire/referee"
)

// opening is 16 legal plies of chess without a repetition.
var opening = []string{"Nf3", "Nf6", "Nc3", "Nc6", "e3", "e6", "d3", "d6", "Be2", "Be7", "Bd2", "Bd7", "O-O", "O-O", "a3", "a6"}

// BenchmarkMoves measures moves a second through parse → store (one
// fsync per grouped commit) → outbox, from 64 players' goroutines at once,
// each playing its own games (making and joining them counts in the time).
func BenchmarkMoves(b *testing.B) {
	w := newOpenWorld(b)
	var next atomic.Int64
	var moves atomic.Int64
	b.SetParallelism(32)
	b.ResetTimer()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		n := next.Add(1)
		white, black := fmt.Sprintf("w%d", n), fmt.Sprintf("b%d", n)
		ply, game := len(opening), ""
		for pb.Next() {
			if ply == len(opening) {
				w.newPrivateGame(white, black)
				ply, game = 0, w.gameOf(white)
			}
			who := white
			if ply%2 == 1 {
				who = black
			}
			if err := w.bot.Handle(context.Background(), w.tr.Private(who, "#"+game+" "+opening[ply])); err != nil {
				b.Fatal(err)
			}
			ply++
			moves.Add(1)
		}
	})
	b.ReportMetric(float64(moves.Load())/time.Since(start).Seconds(), "moves/s")
}

// BenchmarkSender measures messages a second through the sender: replay,
// view, text, picture (with render), send and delete the row.
func BenchmarkSender(b *testing.B) {
	w := newWorld(b)
	var err error
	if w.bot, err = bot.New(bot.Config{DB: w.db, Now: w.clock, Picture: post.Picture, Budget: &wire.Budget{}}); err != nil {
		b.Fatal(err)
	}
	w.send = w.bot.Sender(w.tr)
	w.newPrivateGame("w", "b")
	w.flush()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		if i%len(opening) == 0 && i > 0 {
			w.newPrivateGame("w", "b")
		}
		who := "w"
		if i%2 == 1 {
			who = "b"
		}
		if err := w.bot.Handle(context.Background(), w.tr.Private(who, "#"+w.gameOf("w")+" "+opening[i%len(opening)])); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		w.flush()
	}
	b.StopTimer()
	b.ReportMetric(float64(len(w.tr.Sent()))/b.Elapsed().Seconds(), "msgs/s")
}

// newPrivateGame makes a game of chess in white's private chat and seats
// black with the token.
func (w *world) newPrivateGame(white, black string) {
	w.t.Helper()
	if err := w.bot.Handle(context.Background(), w.tr.Private(white, "new chess white")); err != nil {
		w.t.Fatal(err)
	}
	g, err := w.db.Game(w.latest(white))
	if err != nil {
		w.t.Fatal(err)
	}
	if err := w.bot.Handle(context.Background(), w.tr.Private(black, "join "+g.Seats[referee.Black].Token)); err != nil {
		w.t.Fatal(err)
	}
}

// latest is the id of the newest game of a player.
func (w *world) latest(who string) uint64 {
	p, err := w.db.PlayerAt(store.Address(w.tr.Addr(who)))
	if err != nil {
		w.t.Fatal(err)
	}
	games, err := w.db.Games(p.ID)
	if err != nil || len(games) == 0 {
		w.t.Fatalf("games of %s: %v", who, err)
	}
	return games[len(games)-1].ID
}

func (w *world) gameOf(who string) string { return fmt.Sprint(w.latest(who)) }
