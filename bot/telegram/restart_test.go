package telegram

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"umpire/bot"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// TestRestartMidGame stops the umpire in the middle of a Kriegspiel game
// at the worst moment — a move committed, its update not yet confirmed,
// its messages not yet sent — while the players go on writing, and starts
// it again on the same database file: every move is played once, none is
// lost, and every message goes out once.
func TestRestartMidGame(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	path := filepath.Join(t.TempDir(), "restart.db")
	f.db.Close()
	f.db = openDB(t, path)
	f.tr = f.transport(t)
	b := newBot(t, f.db)
	g := &game{fixture: f, t: t, bot: b, send: b.Sender(f.tr)}

	// First run: make the game, play two moves.
	ctx, crash := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- f.tr.Receive(ctx, wire.HandlerFunc(func(ctx context.Context, in wire.Inbound) error {
			err := b.Handle(ctx, in)
			if in.Text == "g4" {
				crash() // the process dies before the update is confirmed
				return errors.New("killed")
			}
			return err
		}))
	}()
	id := g.newInGroup("kriegspiel")
	g.play("f3", "e5")
	g4 := g.srv.Private(ann, "g4")
	if err := <-done; err != nil {
		t.Fatalf("Receive after the crash = %v", err)
	}
	if sg := g.stored(id); len(sg.Log) != 3 {
		t.Fatalf("log has %d entries at the crash; want 3 (g4 committed)", len(sg.Log))
	}
	if c := g.srv.Confirmed(); c > g4 {
		t.Fatalf("g4 (update %d) was confirmed before the crash (%d)", g4, c)
	}
	// While the umpire is down, Bob answers.
	mate := g.srv.Private(bob, "Qh4#")
	f.db.Close()

	// Second run on the same file: g4 comes again and is seen; Qh4# is new.
	f.db = openDB(t, path)
	f.tr = f.transport(t)
	b = newBot(t, f.db)
	g = &game{fixture: f, t: t, bot: b, send: b.Sender(f.tr)}
	f.receive(t, f.tr, b)
	g.step(mate)

	sg := g.stored(id)
	var log []string
	for _, a := range sg.Log {
		log = append(log, a.Text)
	}
	if got := strings.Join(log, " "); got != "f3 e5 g4 Qh4#" || sg.Result != "0-1" {
		t.Fatalf("log after the restart = %q, result %q; want every move once and 0-1", got, sg.Result)
	}
	// Each mover read the verdict on each of its moves once ("You played g4.",
	// "Вы сыграли g4." to Ann, who writes Russian), said in the reader's
	// letters without the mark the umpire announces itself ("Qh4", not
	// "Qh4#").
	for _, c := range []struct {
		chat int64
		move string
	}{{ann, "f3"}, {ann, "g4"}, {bob, "e5"}, {bob, "Qh4"}} {
		n := 0
		for _, m := range g.srv.To(c.chat) {
			for line := range strings.Lines(m.Text) {
				if strings.Contains(line, " played "+c.move+".") || strings.Contains(line, " сыграли "+c.move+".") {
					n++
				}
			}
		}
		if n != 1 {
			t.Errorf("chat %d read the verdict on %s %d times; want once", c.chat, c.move, n)
		}
	}
	g.checkPrivacy(id, map[int64]referee.Seat{ann: referee.White, bob: referee.Black},
		map[referee.Seat][]string{referee.White: {"f3", "g4"}, referee.Black: {"e5", "Qh4#"}})
}

func newBot(t *testing.T, db *store.DB) *bot.Bot {
	b, err := bot.New(bot.Config{DB: db, Picture: stamp, Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	return b
}
