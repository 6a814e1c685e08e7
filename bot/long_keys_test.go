package bot_test

import (
	"context"
	"strings"
	"testing"
	"umpire/bot/wire"
)

// TestLongInboundID: a message id is the sender's to choose (an e-mail's
// Message-ID); one longer than the store's keys may be (32 KiB) made every
// delivery of its message fail, so a transport would hand it over again
// for ever. It is handled, and once.
func TestLongInboundID(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, id := range []string{strings.Repeat("i", 40000), strings.Repeat("i", 39999) + "j"} {
		in := wire.Inbound{Transport: "test", From: "alice", Chat: "alice", Private: true, Text: "help", ID: id}
		for range 2 {
			if err := w.bot.Handle(context.Background(), in); err != nil {
				t.Fatalf("Handle: %.100v", err)
			}
		}
		w.flush() // before the next help, which would replace this one unsent
	}
	if n := len(w.tr.To("alice")); n != 2 {
		t.Errorf("alice got %d answers to two messages, each delivered twice; want 2", n)
	}
}

// TestLongAddress: an address longer than any real one (a forged e-mail
// sender, say) cannot be stored as a player's; its message is dropped, not
// failed for ever.
func TestLongAddress(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	long := strings.Repeat("f", 40000)
	for _, in := range []wire.Inbound{
		{Transport: "test", From: long, Private: true, Text: "help", ID: "1"},
		{Transport: "test", From: "bob", Chat: long, Text: "lang ru", ID: "2"},
	} {
		if err := w.bot.Handle(context.Background(), in); err != nil {
			t.Errorf("Handle from %d bytes in %d: %.100v", len(in.From), len(in.Chat), err)
		}
	}
	w.flush()
	for _, m := range w.tr.Sent() {
		t.Errorf("sent to %.20s…: %.100q", m.To.ID, m.Text)
	}
}
