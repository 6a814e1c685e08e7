package email

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"umpire/store"
)

// eve is a stranger: she never played with anyone here.
const eve = "eve@stranger.example"

// keysIn reports the keys of g's seats that a mail holds anywhere (text,
// HTML, headers).
func keysIn(l *letterIn, g *store.Game) []string {
	var out []string
	for _, s := range g.Seats {
		if s.Token != "" && bytes.Contains(bytes.ToLower(l.raw), []byte(strings.ToLower(s.Token))) {
			out = append(out, s.Token)
		}
	}
	return out
}

// A stranger who watches or boards a game with a free seat gets no key:
// her reply `join` takes nothing, and the invited player joins as meant.
func TestStrangerWatchGetsNoKey(t *testing.T) {
	tb := newTable(t, nil)
	tb.write(t, alice, "new kriegspiel with "+bob)
	tb.nextWith(t, alice, ") created.")
	inv := tb.nextWith(t, bob, "invites you")
	g := tb.game(t, alice)
	id := fmt.Sprintf("#%d", g.ID)
	tb.write(t, eve, "watch "+id)
	watched := tb.next(t, eve)
	tb.write(t, eve, "board "+id)
	boarded := tb.next(t, eve)
	for _, l := range []*letterIn{watched, boarded} {
		if k := keysIn(l, g); len(k) > 0 || strings.Contains(l.replyTo(), "+") {
			t.Errorf("eve's mail (Reply-To %q, Subject %q) carries keys %v", l.replyTo(), l.subject(), k)
		}
	}
	tb.reply(t, eve, watched, "join")
	tb.next(t, eve) // whatever she is told, she takes no seat
	if now := tb.gameNow(t, g.ID); now.Seats["black"].PlayerID != 0 {
		t.Fatalf("eve took black by replying to a spectator's mail")
	}
	tb.reply(t, bob, inv, "join")
	tb.nextWith(t, alice, "begins")
	tb.nextWith(t, bob, "begins")
	if now := tb.game(t, bob); now.ID != g.ID || now.State != store.StatePlaying {
		t.Errorf("bob's game is #%d %s; want #%d playing", now.ID, now.State, g.ID)
	}
}

// The key a seat is taken with, which its maker saw, is replaced at the
// join: the maker, forging the joiner's From with it, acts on nothing,
// and the joiner plays on with the fresh key only it was told.
func TestJoinKeyReplaced(t *testing.T) {
	tb := newTable(t, nil)
	tb.write(t, alice, "new kriegspiel white")
	created := tb.nextWith(t, alice, "join ")
	old := joinToken.FindStringSubmatch(created.text)
	if old == nil {
		t.Fatal("no join token in alice's mail")
	}
	tb.reply(t, alice, created, "invite black "+bob)
	tb.reply(t, bob, tb.nextWith(t, bob, old[1]), "join "+old[1])
	white, black := tb.nextWith(t, alice, "#"), tb.nextWith(t, bob, "#")
	g := tb.gameNow(t, tb.game(t, alice).ID)
	if g.Seats["black"].Token == old[1] {
		t.Fatalf("black's key %s was not replaced at the join", old[1])
	}
	if k := keysIn(white, g); len(k) != 1 || k[0] != g.Seats["white"].Token {
		t.Errorf("alice's mail carries keys %v; want only white's", k)
	}
	if k := keysIn(black, g); len(k) != 1 || k[0] != g.Seats["black"].Token {
		t.Errorf("bob's mail carries keys %v; want only black's", k)
	}
	// Alice writes as bob to the old key's address.
	forged := mailFrom(bob, "umpire+"+old[1]+"@example.net", "Re: game", "forged@example.com", "resign")
	tb.imap.deliver(t, forged)
	tb.nextTold(t, bob, "email.bad-token")
	unchanged(t, tb, g)
	tb.play(t, white, black, "f3", "e5", "g4", "Qh4#")
	if now := tb.game(t, alice); now.State != store.StateOver {
		t.Fatalf("the game did not go on: %s", now.State)
	}
}

// A finished game's keys open nothing: a reply to its last mail is read
// as a new mail, though its end mails still carry their reader's own key
// (dead), so that the subject stays the thread's to the end.
func TestFinishedKeysDead(t *testing.T) {
	tb := newTable(t, nil)
	white, black := tb.start(t)
	white, _ = tb.play(t, white, black, "f3", "e5", "g4", "Qh4#")
	g := tb.gameNow(t, tb.game(t, alice).ID)
	tok := g.Seats["white"].Token
	if want := "umpire+" + tok + "@example.net"; white.replyTo() != want { // dead, kept for the thread
		t.Errorf("the end mail's Reply-To %q; want its reader's own dead key, %q", white.replyTo(), want)
	}
	tb.imap.deliver(t, mailFrom(alice, "umpire+"+tok+"@example.net", "Re: game", "late@example.org", "abort"))
	tb.nextTold(t, alice, noticeNeedToken)
	unchanged(t, tb, g)
}

// nextTold waits for the next mail to addr that tells it notice id.
func (tb *table) nextTold(t testing.TB, addr, id string) *letterIn {
	t.Helper()
	for {
		if l := tb.next(t, addr); told(l, id) {
			return l
		}
	}
}

// A player who writes without a display name is never shown by address:
// the opponent reads "Player N", in the texts and in the PGN tags.
func TestNoAddressShown(t *testing.T) {
	tb := newTable(t, nil)
	white, black := tb.start(t)
	for _, l := range []*letterIn{white, black} {
		if strings.Contains(l.text, alice) || strings.Contains(l.text, bob) || !strings.Contains(l.text, "Player ") {
			t.Errorf("a mail names players by address, or not as Player N: %q", l.text)
		}
	}
	white, _ = tb.play(t, white, black, "f3", "e5", "g4", "Qh4#")
	for {
		l := tb.next(t, alice)
		if !strings.Contains(l.text, "over") {
			continue
		}
		if bytes.Contains(l.raw, []byte(bob)) {
			t.Errorf("alice's end mail names bob by address")
		}
		break
	}
	_ = white
}

// A mail forged in the maker's name cannot send the invited seat to
// someone else: `invite` acts on the maker's seat and needs its key. The
// maker is told to reply to the game's mails, and the invited player
// still joins.
func TestForgedInviteRefused(t *testing.T) {
	tb := newTable(t, nil)
	tb.write(t, alice, "new kriegspiel with "+bob)
	tb.nextWith(t, alice, ") created.")
	inv := tb.nextWith(t, bob, "invites you")
	g := tb.gameNow(t, tb.game(t, alice).ID)
	tb.write(t, alice, fmt.Sprintf("invite #%d black %s", g.ID, eve)) // Eve, as alice: no key
	tb.nextTold(t, alice, noticeNeedToken)
	tb.empty(t, eve)
	unchanged(t, tb, g)
	tb.reply(t, bob, inv, "join")
	tb.nextWith(t, alice, "begins")
	tb.nextWith(t, bob, "begins")
}
