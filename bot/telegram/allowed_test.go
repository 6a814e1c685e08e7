package telegram

import (
	"slices"
	"testing"
)

// TestAllowedUpdates: the transport asks Telegram for the kinds of update
// it reads, messages and presses of buttons, and nothing else: an edit of
// a message written before never reaches the bot.
func TestAllowedUpdates(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := &recorder{}
	f.receive(t, f.tr, r)
	f.srv.Start(ann)
	f.handled(t, f.srv.Private(ann, "e2e4"))
	f.srv.EditMessage(ann, 2, "d2d4")
	f.handled(t, f.srv.Private(ann, "resign"))
	var got []string
	for _, in := range r.inbounds() {
		got = append(got, in.Text)
	}
	if want := []string{"/start", "e2e4", "resign"}; !slices.Equal(got, want) {
		t.Errorf("the bot got %q; want %q", got, want)
	}
	if kinds := f.srv.AllowedUpdates(); !slices.Equal(kinds, []string{"message", "callback_query"}) {
		t.Errorf("allowed_updates = %q", kinds)
	}
}
