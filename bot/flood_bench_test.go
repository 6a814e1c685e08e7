package bot_test

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"umpire/bot"
	"umpire/referee"
)

// The floods of issue 14, each driven through the real bot (store, budget,
// caps, outbox and sender) on the real clock while an unrelated pair plays
// chess: each reports how long a move of that pair waits for its answer
// to be sent (p50 and p99), the measure the issue sets (p99 < 100 ms).
func BenchmarkFloodPrivate(b *testing.B) {
	benchFlood(b, func(w *world) bot.Inbound { return w.tr.Private("flooder", "help") })
}

func BenchmarkFloodGroup(b *testing.B) {
	benchFlood(b, func(w *world) bot.Inbound { return w.tr.Group("g1", "flooder", "/e4") })
}

func BenchmarkFloodDrawOffers(b *testing.B) {
	var game string
	benchFlood(b, func(w *world) bot.Inbound {
		if game == "" {
			w.newPrivateGame("flooder", "victim")
			game = w.gameOf("flooder")
		}
		return w.tr.Private("flooder", "#"+game+" draw")
	})
}

func BenchmarkFloodAttemptLists(b *testing.B) {
	var game string
	tries := strings.TrimSuffix(strings.Repeat("e5, ", 64), ", ")
	benchFlood(b, func(w *world) bot.Inbound {
		if game == "" {
			w.say("flooder", "new kriegspiel white")
			g, _ := w.db.Game(w.latest("flooder"))
			w.say("victim", "join "+g.Seats[referee.Black].Token)
			w.say("flooder", "e4")
			w.say("victim", "e5")
			game = fmt.Sprint(g.ID)
		}
		return w.tr.Private("flooder", "#"+game+" "+tries)
	})
}

// benchFlood runs flood's messages from one goroutine, as fast as the bot
// takes them, while b.N moves of another game are handled and sent one by
// one; it reports the moves' waits.
func benchFlood(b *testing.B, flood func(w *world) bot.Inbound) {
	w := newWorld(b)
	real, err := bot.New(bot.Config{DB: w.db, Picture: w.picture, Replay: fakeReplay, Log: slog.New(slog.DiscardHandler), Budget: &bot.DefaultBudget})
	if err != nil {
		b.Fatal(err)
	}
	w.bot, w.send = real, real.Sender(w.tr)
	pair := func(i int) [2]string {
		return [2]string{fmt.Sprint("w", i/len(opening)), fmt.Sprint("b", i/len(opening))}
	}
	w.newPrivateGame("w0", "b0")
	game := w.gameOf("w0")
	flood(w) // set the flood's game up before the clock runs
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); floodOn(ctx, w, flood) }()
	go func() { defer wg.Done(); w.send.Run(ctx) }()
	waits := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		// a new pair each game: a player moves a few times a minute
		p := pair(i)
		who := p[i%2]
		if i > 0 && i%len(opening) == 0 {
			w.newPrivateGame(p[0], p[1])
			game = w.gameOf(p[0])
		}
		sent := len(w.tr.To(who))
		start := time.Now()
		if err := w.bot.Handle(ctx, w.tr.Private(who, "#"+game+" "+opening[i%len(opening)])); err != nil {
			b.Fatal(err)
		}
		for len(w.tr.To(who)) == sent {
			time.Sleep(100 * time.Microsecond)
		}
		waits = append(waits, time.Since(start))
	}
	b.StopTimer()
	cancel()
	wg.Wait()
	slices.Sort(waits)
	b.ReportMetric(ms(waits[len(waits)/2]), "p50-ms")
	b.ReportMetric(ms(waits[len(waits)*99/100]), "p99-ms")
}

// floodOn hands the bot flood's messages until ctx is done.
func floodOn(ctx context.Context, w *world, flood func(w *world) bot.Inbound) {
	for ctx.Err() == nil {
		w.bot.Handle(ctx, flood(w))
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
