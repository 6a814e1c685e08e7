package bot_test

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"umpire/bot/wire"
	"umpire/internal/cputime"

	"umpire/bot"
	"umpire/bot/bottest"
	"umpire/referee"
)

// The floods of issue 14, each driven through the real bot (store, budget,
// caps, outbox and sender) on the real clock while an unrelated pair plays
// chess: each reports how long a move of that pair waits for its answer
// to be sent (p50 and p99), the measure the issue sets (p99 < 100 ms).
// Beside them: the flood's messages handled per move (flood/op), and the
// processor time the test process got per second of the clock
// (cpu-share; at most GOMAXPROCS), which tells a loaded machine from a
// slow bot. BenchmarkFloodNone is the same pair with no flood: the waits
// the machine's load alone makes.
func BenchmarkFloodNone(b *testing.B) {
	benchFlood(b, nil)
}

func BenchmarkFloodPrivate(b *testing.B) {
	benchFlood(b, func(w *world) wire.Inbound { return w.tr.Private("flooder", "help") })
}

func BenchmarkFloodGroup(b *testing.B) {
	benchFlood(b, func(w *world) wire.Inbound { return w.tr.Group("g1", "flooder", "/e4") })
}

func BenchmarkFloodDrawOffers(b *testing.B) {
	var game string
	benchFlood(b, func(w *world) wire.Inbound {
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
	benchFlood(b, func(w *world) wire.Inbound {
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
// one; it reports the moves' waits. A nil flood sends none.
func benchFlood(b *testing.B, flood func(w *world) wire.Inbound) {
	w := newWorld(b)
	real, err := bot.New(bot.Config{DB: w.db, Picture: w.picture, Replay: fakeReplay, Log: slog.New(slog.DiscardHandler), Budget: &wire.DefaultBudget})
	if err != nil {
		b.Fatal(err)
	}
	tr := told{w.tr, make(chan string, 1024)}
	w.bot, w.send = real, real.Sender(tr)
	pair := func(i int) [2]string {
		return [2]string{fmt.Sprint("w", i/len(opening)), fmt.Sprint("b", i/len(opening))}
	}
	w.newPrivateGame("w0", "b0")
	game := w.gameOf("w0")
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var flooded atomic.Int64
	if flood != nil {
		flood(w) // set the flood's game up before the clock runs
		wg.Go(func() { floodOn(ctx, w, flood, &flooded) })
	}
	wg.Go(func() { w.send.Run(ctx) })
	waits := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	wall := time.Now()
	cpu0, cpuOK := cputime.Used()
	for i := range b.N {
		// a new pair each game: a player moves a few times a minute
		p := pair(i)
		who := p[i%2]
		if i > 0 && i%len(opening) == 0 {
			w.newPrivateGame(p[0], p[1])
			game = w.gameOf(p[0])
		}
		tr.forget()
		start := time.Now()
		if err := w.bot.Handle(ctx, w.tr.Private(who, "#"+game+" "+opening[i%len(opening)])); err != nil {
			b.Fatal(err)
		}
		for to := ""; to != who; to = <-tr.sent {
		}
		waits = append(waits, time.Since(start))
	}
	b.StopTimer()
	if cpu1, ok := cputime.Used(); ok && cpuOK {
		b.ReportMetric(float64(cpu1-cpu0)/float64(time.Since(wall)), "cpu-share")
	}
	cancel()
	wg.Wait()
	slices.Sort(waits)
	b.ReportMetric(ms(waits[len(waits)/2]), "p50-ms")
	b.ReportMetric(ms(waits[len(waits)*99/100]), "p99-ms")
	b.ReportMetric(float64(flooded.Load())/float64(b.N), "flood/op")
}

// told is the fake transport, telling sent the recipient of each message
// it sends (dropped when sent is full), so that the benchmark waits for an
// answer without polling.
type told struct {
	*bottest.Transport
	sent chan string
}

func (t told) Send(ctx context.Context, m wire.Message) error {
	err := t.Transport.Send(ctx, m)
	if err == nil {
		select {
		case t.sent <- m.To.ID:
		default:
		}
	}
	return err
}

// forget empties sent.
func (t told) forget() {
	for len(t.sent) > 0 {
		<-t.sent
	}
}

// floodOn hands the bot flood's messages until ctx is done, counting them.
func floodOn(ctx context.Context, w *world, flood func(w *world) wire.Inbound, n *atomic.Int64) {
	for ctx.Err() == nil {
		w.bot.Handle(ctx, flood(w))
		n.Add(1)
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
