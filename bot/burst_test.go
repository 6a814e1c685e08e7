package bot_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"umpire/bot"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// burstGames is how many games end at once in TestEndBurstResident, and
// burstMaxRSS the resident memory the process may reach while it sends
// their ends (issue #48: under 150 MB).
const (
	burstGames  = 100
	burstMaxRSS = 150 << 20
)

// TestEndBurstResident: 100 games of Kriegspiel of 40 plies each end at
// once, and the umpire sends every end (the god's picture, the record and
// the fog replay, to both players) with its real pictures
// and replays, its senders' workers side by side: the process's resident
// memory stays under 150 MB. The burst runs in a child process of its own
// (this test binary again), so that the figure is its own, read from
// /proc/self/status (VmHWM, the peak).
func TestEndBurstResident(t *testing.T) {
	if os.Getenv("UMPIRE_BURST_CHILD") != "" {
		burstChild(t)
		return
	}
	if testing.Short() {
		t.Skip("a burst of 100 game ends: not in -short")
	}
	t.Parallel()
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc: the peak resident memory cannot be read")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestEndBurstResident$", "-test.v")
	cmd.Env = append(os.Environ(), "UMPIRE_BURST_CHILD="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the burst's process: %v\n%s", err, out)
	}
	var sent, peak int64
	for l := range strings.Lines(string(out)) {
		if _, err := fmt.Sscanf(strings.TrimSpace(l), "burst: sent %d messages, peak resident %d", &sent, &peak); err == nil {
			break
		}
	}
	t.Logf("%d game ends: %d messages, peak resident memory %.1f MB", burstGames, sent, float64(peak)/(1<<20))
	if sent < 2*burstGames || peak == 0 || peak >= burstMaxRSS {
		t.Errorf("sent %d messages (want %d), peak resident memory %d bytes; want under %d", sent, 2*burstGames, peak, burstMaxRSS)
	}
}

// burstChild is the burst itself, in the child: it makes the games, ends
// them all, sends everything and prints the count and the peak.
func burstChild(t *testing.T) {
	db, err := store.Open(filepath.Join(os.Getenv("UMPIRE_BURST_CHILD"), "umpire.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	b, err := bot.New(bot.Config{DB: db, Now: func() time.Time { return now }, Budget: &wire.Budget{}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	handle := func(who, text string, n int) {
		in := wire.Inbound{Transport: "burst", From: who, Text: text, ID: fmt.Sprint(who, "-", n), Private: true}
		if err := b.Handle(ctx, in); err != nil {
			t.Fatal(err)
		}
	}
	for i := range burstGames { // a pair of players a game: a player has at most 30
		handle(fmt.Sprint("w", i), "new kriegspiel berkeley white", i)
		g := burstGame(t, db, i)
		handle(fmt.Sprint("b", i), "join "+g.Seats[referee.Black].Token, i)
		if _, err := db.Apply(g.ID, "", func(g *store.Game) ([]store.Outgoing, error) {
			g.Log = append(g.Log, burstLog...)
			return nil, nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	sink := &discard{}
	send := b.Sender(sink)
	if _, err := send.Flush(ctx); err != nil { // the starts, before the burst
		t.Fatal(err)
	}
	sink.n.Store(0)
	for i := range burstGames {
		handle(fmt.Sprint("w", i), fmt.Sprintf("#%d resign", i+1), burstGames+i)
	}
	if _, err := send.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("burst: sent %d messages, peak resident %d\n", sink.n.Load(), peakResident(t))
}

// burstGame is the i-th game made, game i+1.
func burstGame(t *testing.T, db *store.DB, i int) *store.Game {
	g, err := db.Game(uint64(i + 1))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// burstLog is a 40-ply game of Kriegspiel (berkeley: no repetition) as the referee logs
// it: the knights going out and home.
var burstLog = func() []referee.Action {
	moves := []string{"g1f3", "g8f6", "f3g1", "f6g8", "b1c3", "b8c6", "c3b1", "c6b8"}
	var log []referee.Action
	for ply := range 40 {
		seat := []referee.Seat{referee.White, referee.Black}[ply%2]
		log = append(log, referee.Action{Seat: seat, Text: moves[ply%len(moves)]})
	}
	return log
}()

// peakResident is the process's peak resident memory, in bytes.
func peakResident(t *testing.T) int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmHWM in /proc/self/status")
	return 0
}

// discard is a transport that sends into nothing, counting.
type discard struct{ n atomic.Int64 }

func (d *discard) Name() string                                      { return "burst" }
func (d *discard) Limits() wire.Limits                               { return wire.NoLimits }
func (d *discard) Receive(ctx context.Context, _ wire.Handler) error { <-ctx.Done(); return nil }
func (d *discard) Send(context.Context, wire.Message) error {
	d.n.Add(1)
	return nil
}
