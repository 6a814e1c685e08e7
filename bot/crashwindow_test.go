package bot_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"umpire/bot/post"
	"umpire/bot/wire"

	"umpire/bot"
	"umpire/store"
)

// TestSendCrashWindow stops the database in the middle of a send pass, as
// a crash would (nothing is written after that moment), opens it again and
// sends what is left: every message is delivered, and at most one per chat
// twice, the one that was in flight.
func TestSendCrashWindow(t *testing.T) {
	t.Parallel()
	names := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	for _, crashAt := range []int{1, 7, 20, 33} {
		t.Run(fmt.Sprint(crashAt), func(t *testing.T) {
			w := newWorld(t)
			path := w.db.Path()
			all := w.queueRows(names, 5)
			tr := newChats(post.NoLimits)
			var sends atomic.Int64
			tr.fail = func(m wire.Message) error {
				if sends.Add(1) == int64(crashAt) {
					w.db.Close() // the crash: this send goes out, its delete does not
				}
				return nil
			}
			s := w.bot.Sender(tr)
			s.Workers = 4
			if _, err := s.Flush(context.Background()); err == nil {
				t.Fatal("Flush went on after the crash")
			}
			db, err := store.Open(path, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			b, err := bot.New(bot.Config{DB: db, Now: w.clock, Picture: fakePicture})
			if err != nil {
				t.Fatal(err)
			}
			tr.fail = nil
			if _, err := b.Sender(tr).Flush(context.Background()); err != nil {
				t.Fatal(err)
			}
			got := map[string]int{}
			for _, text := range tr.order {
				got[text]++
			}
			for _, text := range all {
				if got[text] == 0 {
					t.Errorf("%s was never sent", text)
				}
			}
			for _, name := range names {
				twice := 0
				for _, text := range tr.got[name] {
					if got[text] > 1 {
						twice++
					}
				}
				if twice > 2 { // one message, counted in both of its deliveries
					t.Errorf("chat %s got %v: more than one message twice", name, tr.got[name])
				}
			}
		})
	}
}
