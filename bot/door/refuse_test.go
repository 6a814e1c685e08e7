package door

import (
	"log/slog"
	"strconv"
	"testing"
	"time"

	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/store"
)

// TestCapRefusalRows: past the cap the rows to the sender are left out,
// those to others kept; the last refusal carries the pause line; messages
// on a chat network are never capped.
func TestCapRefusalRows(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	b := &Door{refused: refusalCounts{wire.Refusals{Cap: wire.RefusalCap{N: 2, Window: time.Hour, Pause: time.Hour}}},
		now: func() time.Time { return now }, log: slog.New(slog.DiscardHandler)}
	mallory := store.Address{Transport: "email", ID: "mallory@example.org"}
	alice := store.Address{Transport: "email", ID: "alice@example.org"}
	rows := []store.Outgoing{post.NoticeRow(mallory, "en", 1, "email.forged-self"), post.NoticeRow(alice, "en", 1, "email.forged")}
	in := wire.Inbound{Transport: "email", From: mallory.ID, Private: true, Forgeable: true}
	for i, want := range []struct {
		n      int
		paused bool
	}{{2, false}, {2, true}, {1, false}} {
		in.ID = "m" + strconv.Itoa(i)
		got := b.refused.capRows(b.log, b.now(), in, rows)
		if len(got) != want.n || got[len(got)-1].To != alice {
			t.Fatalf("refusal %d: %d rows, the last to %v; want %d, the last to alice", i+1, len(got), got[len(got)-1].To, want.n)
		}
		if paused := len(post.DecodeNote(got[0].Text).Lines) > 0; got[0].To == mallory && paused != want.paused {
			t.Errorf("refusal %d says it pauses = %v", i+1, paused)
		}
	}
	chat := wire.Inbound{Transport: "telegram", From: "42", Private: true}
	to := store.Address{Transport: "telegram", ID: "42"}
	for i := range 10 {
		chat.ID = strconv.Itoa(i)
		if got := b.refused.capRows(b.log, b.now(), chat, []store.Outgoing{post.NoticeRow(to, "en", 0, "err.unknown")}); len(got) != 1 {
			t.Fatalf("a chat's refusal %d was held back", i+1)
		}
	}
}
