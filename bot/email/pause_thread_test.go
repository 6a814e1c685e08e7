package email

import "testing"

// TestPauseConfirmationThreaded: the confirmation of a pause offered by
// mail belongs to the sender's conversation about the game, with its
// subject, thread and Reply-To, as tell's does.
func TestPauseConfirmationThreaded(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	tb.writeConfirmed(t, alice, "new kriegspiel white 3d")
	created := tb.nextWith(t, alice, "join ")
	tok := joinToken.FindStringSubmatch(created.text)
	tb.reply(t, alice, created, "invite black "+bob)
	inv := tb.nextWith(t, bob, tok[1])
	tb.reply(t, bob, inv, "join "+tok[1])
	white := tb.nextWith(t, alice, "#")
	tb.nextWith(t, bob, "#")
	tb.reply(t, alice, white, "pause 2d")
	ack := tb.nextWith(t, alice, "You offered to stop the clocks")
	checkThread(t, created, ack)
	if ack.replyTo() != white.replyTo() {
		t.Errorf("the confirmation's Reply-To %q; want the seat's %q", ack.replyTo(), white.replyTo())
	}
}
