package bot

import (
	"log/slog"
	"testing"
	"time"

	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/store"
)

// TestRefusalCap: N refusals within the window go, the last saying so;
// then silence, which a readable message ends, as does a Pause without
// unreadable mail; refusals further apart than the window never add up.
func TestRefusalCap(t *testing.T) {
	c := RefusalCap{N: 3, Window: time.Hour, Pause: 24 * time.Hour}
	rs := refusalCounts{cap: c}
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	want := func(what, msg string, send, last bool) {
		t.Helper()
		if s, l := rs.take("a", msg, now); s != send || l != last {
			t.Fatalf("%s: send, last = %v, %v; want %v, %v", what, s, l, send, last)
		}
	}
	want("1st", "m1", true, false)
	want("2nd", "m2", true, false)
	want("3rd", "m3", true, true)
	want("4th", "m4", false, false)
	rs.readable("a", "m4") // the message just set aside is not readable
	want("5th", "m5", false, false)
	rs.readable("a", "r1")
	want("after a readable message", "m6", true, false)

	now = now.Add(c.Window)
	want("a window later", "m7", true, false)
	now = now.Add(c.Window)
	want("another window later", "m8", true, false)

	rs.take("a", "m9", now)
	want("3rd within the window", "m10", true, true)
	now = now.Add(c.Pause - time.Minute)
	want("within the pause", "m11", false, false)
	now = now.Add(c.Pause - time.Minute)
	want("a mail set aside prolongs the pause", "m12", false, false)
	now = now.Add(c.Pause)
	want("a pause without unreadable mail", "m13", true, false)

	none := refusalCounts{}
	for range 10 {
		if s, l := none.take("a", "m", now); !s || l {
			t.Fatal("with no cap a refusal was held back")
		}
	}
}

// TestCapRefusalRows: past the cap the rows to the sender are left out,
// those to others kept; the last refusal carries the pause line; messages
// on a chat network are never capped.
func TestCapRefusalRows(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	b := &Bot{refused: refusalCounts{cap: RefusalCap{N: 2, Window: time.Hour, Pause: time.Hour}},
		now: func() time.Time { return now }, log: slog.New(slog.DiscardHandler)}
	mallory := store.Address{Transport: "email", ID: "mallory@example.org"}
	alice := store.Address{Transport: "email", ID: "alice@example.org"}
	rows := []store.Outgoing{post.NoticeRow(mallory, "en", 1, "email.forged-self"), post.NoticeRow(alice, "en", 1, "email.forged")}
	in := wire.Inbound{Transport: "email", From: mallory.ID, Private: true, Forgeable: true}
	for i, want := range []struct {
		n      int
		paused bool
	}{{2, false}, {2, true}, {1, false}} {
		in.ID = "m" + itoa(uint64(i))
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
		chat.ID = itoa(uint64(i))
		if got := b.refused.capRows(b.log, b.now(), chat, []store.Outgoing{post.NoticeRow(to, "en", 0, "err.unknown")}); len(got) != 1 {
			t.Fatalf("a chat's refusal %d was held back", i+1)
		}
	}
}
