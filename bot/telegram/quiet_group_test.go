package telegram

import (
	"testing"

	"umpire/bot/telegram/tgtest"
)

// TestRefusalToItsWriterAlone: a line the umpire refuses in a group, from
// a member it cannot write to in private (Carol never started the bot),
// is answered in the group to Carol alone (an ephemeral message, Bot API
// 10.2) where the bot is an administrator; where it is not, Telegram
// refuses that, and the group hears the refusal as it did before, the
// first time after one refused call, then at once for a while. A member
// the umpire can reach in private (Bob) is answered there, as before.
func TestRefusalToItsWriterAlone(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		admin bool
		only  int64 // who sees the refusals in the group: 0 for everyone
		calls int   // sendMessage calls for Carol's two refusals
	}{{"administrator", true, carol, 2}, {"member", false, 0, 3}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			g := newGame(t, func(s *tgtest.Server) {
				if c.admin {
					s.MakeAdmin(club)
				}
			})
			g.step(g.srv.Start(bob))
			g.step(g.srv.Group(club, bob, "/m e4"))
			if m, _ := g.srv.Last(bob); m.Text == "" || len(g.srv.To(club)) != 0 {
				t.Fatalf("Bob's refusal: %q in private, %d messages in the group", m.Text, len(g.srv.To(club)))
			}
			before := g.srv.Calls("sendMessage")
			g.step(g.srv.Group(club, carol, "/m e4"))
			g.step(g.srv.Group(club, carol, "/board"))
			got := g.srv.To(club)
			if len(got) != 2 {
				t.Fatalf("the group got %d messages; want Carol's 2 refusals", len(got))
			}
			for _, m := range got {
				if m.Only != c.only {
					t.Errorf("%q is for %d; want %d", m.Text, m.Only, c.only)
				}
			}
			if n := g.srv.Calls("sendMessage") - before; n != c.calls {
				t.Errorf("%d calls of sendMessage; want %d", n, c.calls)
			}
		})
	}
}
