package bot_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"umpire/bot/wire"

	"umpire/referee"
	"umpire/store"
)

// TestConcurrentGames plays 200 games of chess at once, each from its own
// goroutine, while a sender drains the outbox: every game ends in the
// fool's mate, and every player gets the reveal. Run it with -race.
func TestConcurrentGames(t *testing.T) {
	t.Parallel()
	const games = 200
	w := newWorld(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sent := make(chan error, 1)
	go func() { sent <- w.send.Run(ctx) }()
	var wg sync.WaitGroup
	errs := make(chan error, games)
	for i := range games {
		wg.Go(func() {
			if err := w.foolsMate(ctx, fmt.Sprintf("w%d", i), fmt.Sprintf("b%d", i)); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	cancel()
	if err := <-sent; err != nil {
		t.Fatal(err)
	}
	if err := w.send.Drain(context.Background()); err != nil {
		t.Fatal(err)
	}
	for i := range games {
		for _, who := range []string{fmt.Sprintf("w%d", i), fmt.Sprintf("b%d", i)} {
			if m := w.tr.Last(who); m.Seat != string(referee.God) {
				t.Errorf("last message to %s is not the reveal: %q", who, m.Text)
			}
		}
	}
}

// foolsMate plays 1.f3 e5 2.g4 Qh4# between two new players, white
// making the game in private and black joining with the token.
func (w *world) foolsMate(ctx context.Context, white, black string) error {
	handle := func(in wire.Inbound) error { return w.bot.Handle(ctx, in) }
	if err := handle(w.tr.Private(white, "new chess white")); err != nil {
		return err
	}
	p, err := w.db.PlayerAt(store.Address(w.tr.Addr(white)))
	if err != nil {
		return err
	}
	games, err := w.db.Games(p.ID)
	if err != nil || len(games) != 1 {
		return fmt.Errorf("%s: games %v, %v", white, games, err)
	}
	g := games[0]
	if err := handle(w.tr.Private(black, "join "+g.Seats[referee.Black].Token)); err != nil {
		return err
	}
	for i, m := range []string{"f3", "e5", "g4", "Qh4#"} {
		who := white
		if i%2 == 1 {
			who = black
		}
		if err := handle(w.tr.Private(who, m)); err != nil {
			return err
		}
	}
	g, err = w.db.Game(g.ID)
	if err != nil {
		return err
	}
	if g.State != store.StateOver || g.Result != "0-1" || len(g.Log) != 4 {
		return fmt.Errorf("game %d: %s %s %s after %d entries; want over 0-1 checkmate after 4", g.ID, g.State, g.Result, g.Reason, len(g.Log))
	}
	return nil
}
