package bot_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"umpire/bot/post"

	"umpire/bot/bottest"
	"umpire/store"
)

// crossWorld has the "test" transport and one named "email", as the
// e-mail transport is, with a sender for each when mail is on.
type crossWorld struct {
	*world
	email     *bottest.Transport
	emailSend *post.Sender
}

func newCrossWorld(t *testing.T, mailOn bool) *crossWorld {
	w := &crossWorld{world: newWorld(t), email: bottest.New("email")}
	if mailOn {
		w.emailSend = w.bot.Sender(w.email)
	}
	return w
}

// mail is a message from user by the e-mail transport.
func (w *crossWorld) mail(user, text string) {
	w.t.Helper()
	if err := w.bot.Handle(context.Background(), w.email.Private(user, text)); err != nil {
		w.t.Fatalf("Handle(%q): %v", text, err)
	}
	w.flushBoth()
}

func (w *crossWorld) flushBoth() {
	w.t.Helper()
	w.flush()
	if w.emailSend != nil {
		if _, err := w.emailSend.Flush(context.Background()); err != nil {
			w.t.Fatal(err)
		}
	}
}

var joinToken = regexp.MustCompile(`join (\d+-[0-9a-f]+)`)

// TestInviteByMailFromElsewhere: from another transport, an invitation to
// an e-mail address is mailed, and the friend takes the seat by mail.
func TestInviteByMailFromElsewhere(t *testing.T) {
	t.Parallel()
	w := newCrossWorld(t, true)
	w.say("ann", "new kriegspiel white")
	id := w.gameIn(w.last("ann"))
	w.say("ann", "invite black Friend@Example.org")
	w.flushBoth()
	got := w.email.Last("friend@example.org").Text
	m := joinToken.FindStringSubmatch(got)
	if m == nil {
		t.Fatalf("no invitation mailed: %q (ann read %q)", got, w.last("ann"))
	}
	w.mail("friend@example.org", "join "+m[1])
	g, err := w.db.Game(id)
	if err != nil {
		t.Fatal(err)
	}
	if g.State != store.StatePlaying {
		t.Errorf("game %d is %s after the mailed join; want playing", id, g.State)
	}
}

// TestInviteNoMail: without e-mail, an e-mail address is refused, saying so.
func TestInviteNoMail(t *testing.T) {
	t.Parallel()
	w := newCrossWorld(t, false)
	w.say("ann", "new kriegspiel white")
	w.say("ann", "invite black friend@example.org")
	if got := w.last("ann"); !strings.Contains(got, "e-mail") {
		t.Errorf("invite without mail: %q; want a refusal naming e-mail", got)
	}
}

// TestInviteFromMailByName: by mail, an invitation names a player of
// another transport who shares a game with the inviter; a name from
// outside the inviter's games reaches nobody.
func TestInviteFromMailByName(t *testing.T) {
	t.Parallel()
	w := newCrossWorld(t, true)
	w.say("ann", "name Ann Lee")
	w.say("eve", "name Eve")
	w.mail("bob@example.org", "name Bob")
	w.say("ann", "seek dark")
	w.mail("bob@example.org", "seek dark")
	w.mail("bob@example.org", "new korona white")
	id := w.gameIn(w.email.Last("bob@example.org").Text)
	w.mail("bob@example.org", fmt.Sprintf("invite #%d black eve", id))
	if got := w.email.Last("bob@example.org").Text; !strings.Contains(got, "eve") || strings.Contains(w.last("eve"), "invites") {
		t.Errorf("a stranger was invited by name: bob read %q, eve %q", got, w.last("eve"))
	}
	w.mail("bob@example.org", fmt.Sprintf("invite #%d black ann", id))
	m := joinToken.FindStringSubmatch(w.last("ann"))
	if m == nil || !strings.Contains(w.last("ann"), "Bob") {
		t.Fatalf("ann got no invitation from Bob: %q", w.last("ann"))
	}
	w.say("ann", "join "+m[1])
	if g, _ := w.db.Game(id); g.State != store.StatePlaying {
		t.Errorf("game %d is %s; want playing", id, g.State)
	}
}
