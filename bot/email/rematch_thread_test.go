package email

import "testing"

// TestRematchOfferThreaded: a rematch asked for by mail once the game is
// over reaches the opponent in its conversation about the game, with its
// subject and thread, and so does the answer to the player who asked.
func TestRematchOfferThreaded(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	white, black := tb.start(t)
	tb.reply(t, alice, white, "resign")
	tb.nextWith(t, alice, "is over")
	tb.nextWith(t, bob, "is over")
	tb.writeConfirmed(t, alice, "rematch #1") // the game's key opens nothing once it is over
	sent := tb.nextWith(t, alice, "Your offer of a rematch of game #1")
	offer := tb.nextWith(t, bob, "offers a rematch of game #1")
	checkThread(t, tb.created, sent)
	checkThread(t, black, offer)
	if offer.replyTo() != black.replyTo() {
		t.Errorf("the offer's Reply-To %q; want the seat's %q", offer.replyTo(), black.replyTo())
	}
}
