package email

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"umpire/bot/texts"
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
	t.Parallel()
	tb := newTable(t, nil)
	tb.writeConfirmed(t, alice, "new kriegspiel with "+bob)
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
	t.Parallel()
	tb := newTable(t, nil)
	tb.writeConfirmed(t, alice, "new kriegspiel white")
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
	t.Parallel()
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
	t.Parallel()
	tb := newTable(t, nil)
	white, black := tb.start(t)
	for _, l := range []*letterIn{white, black} {
		if strings.Contains(l.text, alice) || strings.Contains(l.text, bob) || !strings.Contains(l.text, "Player ") {
			t.Errorf("a mail names players by address, or not as Player N: %q", l.text)
		}
	}
	white, _ = tb.play(t, white, black, "f3", "e5", "g4", "Qh4#")
	for l := white; ; l = tb.next(t, alice) { // the end is one mail: the last move, then the end
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
	t.Parallel()
	tb := newTable(t, nil)
	tb.writeConfirmed(t, alice, "new kriegspiel with "+bob)
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

// TestDovecotStrangers makes each stranger's try by e-mail through a real
// Dovecot (UMPIRE_DOVECOT): Mallory follows a private game, invites its
// free seat to herself in the maker's name, sends a mail in the maker's
// name that the receiving server found forged (MAIL_AUTHSERV_ID), renames
// her (which only brings her a confirmation), watches
// a public game in Bob's name, and invites Bob again and again. Each try
// fails; the one whose name was used is told where they should be; and
// Alice and Bob play their game to the end.
func TestDovecotStrangers(t *testing.T) {
	// Not parallel: the test Dovecot's mailboxes are shared.
	dc := newDovecot(t, nil, func(c *Config) { c.AuthservID = "mx.example.net" })
	a, bb, m := newReader(t, dc.imap, alice), newReader(t, dc.imap, bob), newReader(t, dc.imap, mallory)
	dc.writeConfirmed(t, alice, a, "new kriegspiel with "+bob)
	a.nextWith(t, ") created.")
	inv := bb.nextWith(t, "invites you")
	g := dovecotGame(t, dc, alice)
	id := fmt.Sprintf("#%d", g.ID)
	for _, cmd := range []string{"board ", "watch "} { // board first, while she is a stranger: afterwards it needs a key
		dc.write(t, mallory, cmd+id)
		if l := m.next(t); !strings.Contains(l.text, "There is no game "+id) || len(keysIn(l, g)) > 0 {
			t.Errorf("mallory's %s%s was answered %q (keys %v)", cmd, id, l.text, keysIn(l, g))
		}
	}
	dc.write(t, alice, "invite "+id+" black "+mallory) // forged: no key
	a.nextWith(t, "reply to my latest mail about your game")
	dc.send(t, alice, mailFrom(alice, botAddr, "abort", dc.id(alice), "abort "+id,
		"Authentication-Results: mx.example.net; spf=fail smtp.mailfrom=example.org; dmarc=fail header.from=example.org"), botAddr)
	a.nextWith(t, "failed its sender check")
	dc.write(t, alice, "name Alice RESIGNED") // forged: no key, no DMARC verdict
	a.nextWith(t, confirmPhrase)
	if p, err := dc.db.PlayerAt(store.Address{Transport: Name, ID: alice}); err != nil || p.Name == "Alice RESIGNED" {
		t.Errorf("a forged rename: %+v, %v", p, err)
	}
	dc.reply(t, bob, inv, "join")
	white, black := a.nextWith(t, "begins"), bb.nextWith(t, "begins")

	dc.writeConfirmed(t, mallory, m, "new dark public")
	m.nextWith(t, ") created.")
	pub := fmt.Sprintf("#%d", dovecotGame(t, dc, mallory).ID)
	dc.write(t, bob, "watch "+pub) // forged in bob's name
	bb.nextWith(t, "If not, do nothing")

	var last *letterIn
	for range maxTo {
		dc.writeConfirmed(t, mallory, m, "new kriegspiel with "+bob)
		m.nextWith(t, ") created.")
		last = bb.nextWith(t, "invites you")
	}
	dc.writeConfirmed(t, mallory, m, "new kriegspiel with "+bob)
	m.nextWith(t, "I cannot invite "+bob+" now") // neutral: no word of why
	dc.reply(t, bob, last, "stop")
	bb.nextWith(t, "will not write to you any more")
	dc.writeConfirmed(t, mallory, m, "new kriegspiel with "+bob)
	m.nextWith(t, "I cannot invite "+bob+" now")

	for i, mv := range []string{"f3", "e5", "g4", "Qh4#"} {
		if i%2 == 0 {
			dc.reply(t, alice, white, mv)
		} else {
			dc.reply(t, bob, black, mv)
		}
		white, black = a.next(t), bb.next(t)
	}
	if now := dovecotGameID(t, dc, g.ID); now.State != store.StateOver || now.Result != "0-1" || len(now.Watchers) != 0 {
		t.Errorf("game %s: %s %s, watchers %v; want over 0-1, none", id, now.State, now.Result, now.Watchers)
	}
	allSeen(t, dc.imap)
}

// maxTo is how many invitations to one address may wait (bot's cap).
const maxTo = 3

// dovecotGame is the game of the highest number addr plays.
func dovecotGame(t *testing.T, dc *dovecot, addr string) *store.Game {
	t.Helper()
	p, err := dc.db.PlayerAt(store.Address{Transport: Name, ID: addr})
	if err != nil {
		t.Fatal(err)
	}
	games, err := dc.db.Games(p.ID)
	if err != nil || len(games) == 0 {
		t.Fatalf("%s's games: %v, %v", addr, games, err)
	}
	last := games[0]
	for _, g := range games {
		if g.ID > last.ID {
			last = g
		}
	}
	return last
}

// dovecotGameID loads a game.
func dovecotGameID(t *testing.T, dc *dovecot, id uint64) *store.Game {
	t.Helper()
	g, err := dc.db.Game(id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// A mail that claims alice's From without proving her mailbox renames
// nobody, changes no language, stops nothing and mails no third party:
// each brings alice one confirmation, which changes nothing until she
// replies, and past three waiting nothing more comes. A reply with her
// token from another address opens nothing, nor does an auto-reply; her
// own reply carries the command out, once.
func TestForgedFromActsOnlyOnConfirmation(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	aliceAt := store.Address{Transport: Name, ID: alice}
	asks := map[string]*letterIn{}
	for _, cmd := range []string{"name Alice RESIGNED", "lang eo", "new kriegspiel with " + carol} {
		tb.write(t, alice, cmd) // mallory, in alice's name
		l := tb.next(t, alice)
		if !strings.Contains(l.text, confirmPhrase) || !strings.Contains(l.text, cmd) || !strings.Contains(l.replyTo(), "+0-") {
			t.Errorf("%q in alice's name brought her %q (reply to %s); want a confirmation", cmd, l.text, l.replyTo())
		}
		asks[strings.Fields(cmd)[0]] = l
	}
	tb.write(t, alice, "stop") // a fourth while three wait: nothing
	tb.empty(t, alice)
	tb.empty(t, carol)
	if p, err := tb.db.PlayerAt(aliceAt); err == nil {
		t.Errorf("forged mails made alice a player: %+v", p)
	}
	if out, _ := tb.db.OptedOut(aliceAt); out {
		t.Error("a forged stop opted alice out")
	}

	// mallory replies to the rename with alice's token, from her own address
	tb.imap.deliver(t, mailFrom(mallory, asks["name"].replyTo(), "Re: confirm", "m1@evil.example", "yes"))
	tb.empty(t, mallory)
	if p, err := tb.db.PlayerAt(aliceAt); err == nil {
		t.Errorf("mallory's reply with alice's token made a player of alice: %+v", p)
	}
	// an unmarked auto-reply to the rename confirms nothing
	tb.reply(t, alice, asks["name"], "I am away until Monday.")
	if l := tb.next(t, alice); !strings.Contains(l.text, "reply yes") {
		t.Errorf("an auto-reply to a confirmation was answered %q; want how to confirm", l.text)
	}
	if p, err := tb.db.PlayerAt(aliceAt); err == nil && p.Name == "Alice RESIGNED" {
		t.Error("an auto-reply confirmed a forged rename")
	}
	// alice answers the language: it is hers now, and a second reply does nothing
	tb.reply(t, alice, asks["lang"], "")
	tb.nextWith(t, alice, "Esperanto")
	if p, err := tb.db.PlayerAt(aliceAt); err != nil || p.Lang != "eo" || p.Name == "Alice RESIGNED" {
		t.Errorf("after alice's confirmation: %+v, %v; want Esperanto and her own name", p, err)
	}
	tb.reply(t, alice, asks["lang"], "")
	if l := tb.next(t, alice); !strings.Contains(l.text, texts.DefaultCatalog.Text("eo", "email.bad-token", nil)) {
		t.Errorf("a second reply to one confirmation: %q; want the key refused", l.text)
	}
	tb.empty(t, carol) // the invitation alice never confirmed reached nobody
}
