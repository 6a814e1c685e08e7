package telegram

import (
	"strings"
	"testing"
)

// TestInviteSomeoneWhoNeverStartedTheBot: an invitation to @dora, whom the
// bot cannot write to, is answered at once with the link to forward, and
// never said to be sent.
func TestInviteSomeoneWhoNeverStartedTheBot(t *testing.T) {
	t.Parallel()
	g := newGame(t)
	g.step(g.srv.Start(bob))
	g.step(g.srv.Private(bob, "/new kriegspiel with @dora"))
	var answer string
	for _, m := range g.srv.To(bob) {
		answer += m.Text + "\n"
	}
	if strings.Contains(answer, "Invitation sent") || !strings.Contains(answer, "I sent nothing to dora") ||
		!strings.Contains(answer, "https://t.me/umpire_test_bot?start=1-") {
		t.Errorf("Bob was told:\n%s\nwant the link to forward, and no invitation sent", answer)
	}
	if n := g.srv.Calls("sendMessage") + g.srv.Calls("sendPhoto"); n != len(g.srv.Sent()) {
		t.Errorf("%d calls for %d messages delivered: a message was tried that could not go", n, len(g.srv.Sent()))
	}
}
