package telegram

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// Gifts of time before the receiver acts are one message on Telegram,
// edited in place to the total: the receiver is notified once.
func TestGiftsEditedInPlace(t *testing.T) {
	t.Parallel()
	g := newGame(t)
	for _, u := range []int64{ann, bob} {
		g.step(g.srv.Start(u))
	}
	id := g.newInGroup("chess 1d+1h") // White to move: a gift to Black goes to its bank
	before := len(g.srv.To(bob))
	for range 5 {
		g.step(g.srv.Private(ann, fmt.Sprintf("#%d give 1h", id)))
	}
	got := g.srv.To(bob)[before:]
	if len(got) != 5 || got[0].Edited || !strings.Contains(got[0].Text, "White gave you 1 h more in game #1") {
		t.Fatalf("Bob got %d messages and edits: %+v", len(got), got)
	}
	for _, m := range got[1:] {
		if !m.Edited || m.MessageID != got[0].MessageID {
			t.Errorf("a gift was a new message, not an edit of the first: %+v", m)
		}
	}
	if last := got[len(got)-1]; !strings.Contains(last.Text, "White gave you 5 h more in all in game #1") {
		t.Errorf("the total: %q", last.Text)
	}
	if b := g.stored(id).Banks["black"]; b != 29*time.Hour {
		t.Errorf("Black's bank: %v", b)
	}
}
