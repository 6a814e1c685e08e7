package bot_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"
	"umpire/bot/wire"

	"umpire/bot"
	"umpire/bot/bottest"
	"umpire/store"
)

// backlog is a transport that, when Run starts it, hands the bot the
// messages that waited while the umpire was down, then says it has caught
// up, then receives what is pushed.
type backlog struct {
	*bottest.Transport
	wire.CatchUp
	waiting []wire.Inbound
}

func (b *backlog) Receive(ctx context.Context, h wire.Handler) error {
	for _, in := range b.waiting {
		if err := h.Handle(ctx, in); err != nil {
			return err
		}
	}
	b.MarkCaughtUp()
	return b.Transport.Receive(ctx, h)
}

// TestDowntime: the umpire was down while two games' time ran out. In
// game 1 the seat to move sent its move before its time ran out, in
// game 3 after; game 2 got no move. At start the bot reads what waited
// before the clocks run: game 1 goes on with the move, games 2 and 3 are
// lost on time, by the umpire's timeout.
func TestDowntime(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	start := w.now
	for _, chat := range []string{"club1", "club2", "club3"} {
		w.group(chat, "w-"+chat, "new dark 1d")
	}
	for i, chat := range []string{"club1", "club2", "club3"} {
		id := string(rune('1' + i))
		w.group(chat, "w-"+chat, "join #"+id+" white")
		w.group(chat, "b-"+chat, "join #"+id+" black")
	}
	ends := w.game(1).Waits[0].Ends
	if !ends.Equal(start.Add(24 * time.Hour)) {
		t.Fatalf("white's time ends %v; want a day after %v", ends, start)
	}
	inTime, late := w.tr.Private("w-club1", "e4"), w.tr.Private("w-club3", "e4")
	inTime.Sent = ends.Add(-time.Hour)
	late.Sent = ends.Add(bot.OnTimeGrace + time.Second)
	w.now = ends.Add(3 * time.Hour) // the umpire comes back

	over := make(chan struct{}, 16)
	w.tr.Fail(func(m wire.Message) error {
		if strings.Contains(m.Text, "is over on move") && m.To.ID == "club2" {
			over <- struct{}{}
		}
		return nil
	})
	tr := &backlog{Transport: w.tr, waiting: []wire.Inbound{inTime, late}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.bot.Run(ctx, tr) }()
	<-over // the clock ran, after the backlog
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	w.flush()
	if g := w.game(1); g.State != store.StatePlaying || len(g.Log) != 1 || g.Log[0].Text != "e4" {
		t.Errorf("game 1: %s, log %v; want e4 played and the game going on", g.State, g.Log)
	}
	for _, id := range []uint64{2, 3} {
		g := w.game(id)
		if g.State != store.StateOver || g.Reason != "timeout" || g.Result != "0-1" {
			t.Errorf("game %d: %s %s %s; want lost on time by white", id, g.State, g.Result, g.Reason)
		}
		if last := g.Log[len(g.Log)-1]; last.Text != "timeout" {
			t.Errorf("game %d ends with %q; want the umpire's timeout", id, last.Text)
		}
		if chat := "club" + strconv.Itoa(int(id)); !strings.Contains(w.last(chat), "time, ruled by the umpire") {
			t.Errorf("%s is told:\n%s\nwant the umpire's ruling on time", chat, w.last(chat))
		}
	}
}
