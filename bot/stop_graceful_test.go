package bot_test

import (
	"context"
	"path/filepath"
	"testing"

	"umpire/bot"
	"umpire/bot/bottest"
	"umpire/bot/wire"
	"umpire/store"
)

// gated is a transport whose sends wait for the test, and fail as a
// network call would once their context is done.
type gated struct {
	*bottest.Transport
	sending chan struct{}
	release chan struct{}
}

func (g *gated) Send(ctx context.Context, m wire.Message) error {
	g.sending <- struct{}{}
	<-g.release
	if err := ctx.Err(); err != nil {
		return err
	}
	return g.Transport.Send(ctx, m)
}

// TestStopSendsWhatIsDue: on a stop (SIGTERM cancels Run's context) the
// umpire takes no more input but still sends the answer it owes.
func TestStopSendsWhatIsDue(t *testing.T) {
	t.Parallel()
	db, err := store.Open(filepath.Join(t.TempDir(), "u.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	b, err := bot.New(bot.Config{DB: db})
	if err != nil {
		t.Fatal(err)
	}
	tr := &gated{Transport: bottest.New("test"), sending: make(chan struct{}, 1), release: make(chan struct{})}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx, tr) }()
	tr.Push(tr.Private("ann", "help"))
	<-tr.sending // the answer is on its way
	stop()
	close(tr.release)
	if err := <-done; err != nil {
		t.Fatalf("Run = %v", err)
	}
	if len(tr.To("ann")) != 1 {
		t.Fatalf("sent %v; want the answer to help, sent after the stop", tr.Sent())
	}
}
