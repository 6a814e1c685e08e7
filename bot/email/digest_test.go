package email

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"umpire/store"
)

// testClock is the bot's clock in a test, moved by the test.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *testClock) set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.t = t }

// gameNumber is the game a mail's subject names.
func gameNumber(t testing.TB, l *letterIn) uint64 {
	t.Helper()
	m := regexp.MustCompile(`#([0-9]+)`).FindStringSubmatch(l.subject())
	if m == nil {
		t.Fatalf("no game in the subject %q", l.subject())
	}
	id, _ := strconv.ParseUint(m[1], 10, 64)
	return id
}

// images counts a mail's PNG parts.
func images(l *letterIn) int {
	n := 0
	for _, p := range l.parts {
		if strings.HasPrefix(p, "image/png ") {
			n++
		}
	}
	return n
}

// TestDigestByMail is the daily digest on a fake clock. Alice takes her
// news once a day; in four games with Bob she moves and Bob answers: the
// news of three games waits, silently, while the fourth game's end (Bob
// mates) is mailed at once. At 07:00 one mail lists the three games, a
// picture each, each section with its own reply address; a move written
// to one of those addresses is played; the digest is not sent twice; and
// after `mail each` what waits comes in one last digest, then news comes
// in mails of their own again.
func TestDigestByMail(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	tb := newTableAt(t, func(r *rig) { r.tr.AuthservID = "mx.example.net" }, clk.now)
	tb.write(t, alice, "mail digest", "Authentication-Results: mx.example.net; dmarc=pass header.from=example.org")
	if l := tb.next(t, alice); !strings.Contains(l.text, "once a day") || !strings.Contains(l.text, "2026-05-02 07:00 UTC") {
		t.Errorf("answer to mail digest: %q", l.text)
	}
	var white, black [4]*letterIn
	var ids [4]uint64
	for i := range 4 {
		tb.writeConfirmed(t, alice, "new kriegspiel white with "+bob)
		tb.reply(t, bob, tb.nextWith(t, bob, "invites you"), "join")
		white[i], black[i] = tb.nextWith(t, alice, "begins"), tb.nextWith(t, bob, "begins")
		ids[i] = gameNumber(t, white[i])
	}
	for i := range 4 {
		tb.reply(t, alice, white[i], map[bool]string{true: "f3", false: "e4"}[i == 3])
		white[i], black[i] = tb.next(t, alice), tb.next(t, bob) // her own move's answer comes at once
	}
	for i := range 4 {
		tb.reply(t, bob, black[i], "e5")
		black[i] = tb.next(t, bob) // Alice's news waits for her digest
	}
	tb.reply(t, alice, white[3], "g4")
	if l := tb.next(t, alice); !strings.Contains(l.text, "g4") || gameNumber(t, l) != ids[3] {
		t.Fatalf("after g4, Alice's next mail: %q; want the answer to g4 (nothing of the news held)", l.text)
	}
	black[3] = tb.next(t, bob)
	tb.reply(t, bob, black[3], "Qh4#")
	if l := tb.next(t, alice); !strings.Contains(l.text, "is over on move") || gameNumber(t, l) != ids[3] {
		t.Fatalf("after Qh4#, Alice's next mail: %q; want the end of game #%d, at once", l.text, ids[3])
	}

	clk.set(time.Date(2026, 5, 2, 7, 0, 0, 0, time.UTC))
	if err := tb.bot.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	d := tb.nextDigest(t, alice, ids[3])
	if d.subject() != "Daily digest: games waiting for you (3)" || strings.Contains(d.replyTo(), "+") {
		t.Errorf("digest: Subject %q, Reply-To %q; want three games and no key", d.subject(), d.replyTo())
	}
	if n := images(d); n != 3 {
		t.Errorf("digest: %d pictures; want 3: %q", n, d.parts)
	}
	checkStructure(t, d, "digest.golden")
	seats := make([]store.Seat, 3)
	for i := range 3 {
		g := tb.gameNow(t, ids[i])
		seats[i] = g.Seats["white"]
		head := fmt.Sprintf("Game #%d (Kriegspiel, wild16 rules), you play White.", ids[i])
		reply := fmt.Sprintf("To play in game #%d, write your move to umpire+%s@example.net", ids[i], seats[i].Token)
		if !strings.Contains(d.text, head) || !strings.Contains(d.text, reply) || !strings.Contains(d.html, head) {
			t.Errorf("digest: no section for game #%d (%q, %q):\n%s", ids[i], head, reply, d.text)
		}
		if cid := fmt.Sprintf(`<img src="cid:board%d@example.net"`, i+1); !strings.Contains(d.html, cid) {
			t.Errorf("digest: no picture %s in the HTML", cid)
		}
	}
	if strings.Contains(d.text, fmt.Sprintf("#%d ", ids[3])) || strings.Contains(d.text, "Black to move") {
		t.Errorf("digest names the finished game, or a game not waiting:\n%s", d.text)
	}

	clk.set(time.Date(2026, 5, 2, 7, 0, 30, 0, time.UTC))
	if err := tb.bot.Tick(context.Background()); err != nil { // the same digest is not sent twice
		t.Fatal(err)
	}
	if p, err := tb.db.PlayerAt(store.Address{Transport: Name, ID: alice}); err != nil || !p.Digest.Equal(time.Date(2026, 5, 3, 7, 0, 0, 0, time.UTC)) {
		t.Errorf("after the digest: next at %v, %v; want tomorrow 07:00 UTC", p.Digest, err)
	}
	tb.imap.deliver(t, mailFrom(alice, "umpire+"+seats[0].Token+"@example.net", "Re: "+d.subject(), "dg1@example.org", "Nf3"))
	if l := tb.next(t, alice); !strings.Contains(l.text, "Nf3") || gameNumber(t, l) != ids[0] {
		t.Fatalf("a move written to the digest's address for game #%d: %q", ids[0], l.text)
	}
	black[0] = tb.nextWith(t, bob, fmt.Sprintf("Game #%d (", ids[0])) // past the mails of the finished game
	tb.writeConfirmed(t, alice, "mail each")
	if l := tb.next(t, alice); !strings.Contains(l.text, "comes at once") {
		t.Errorf("answer to mail each: %q", l.text)
	}
	if err := tb.bot.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	if l := tb.next(t, alice); l.subject() != "Daily digest: games waiting for you (2)" || images(l) != 2 {
		t.Errorf("after mail each, the last digest: %q with %d pictures; want games #%d and #%d", l.subject(), images(l), ids[1], ids[2])
	}
	tb.reply(t, bob, black[0], "Nc6")
	if l := tb.next(t, alice); gameNumber(t, l) != ids[0] || images(l) != 1 || !strings.HasPrefix(l.subject(), "Kriegspiel #") {
		t.Errorf("after mail each, Bob's move: %q, %q; want a mail of its own about game #%d", l.subject(), l.text, ids[0])
	}
}

// nextDigest waits for the next mail to addr that is a digest, past the
// mails about the finished game over.
func (tb *table) nextDigest(t testing.TB, addr string, over uint64) *letterIn {
	t.Helper()
	for {
		l := tb.next(t, addr)
		if strings.HasPrefix(l.subject(), "Daily digest") {
			return l
		}
		if gameNumber(t, l) != over {
			t.Fatalf("before the digest, a mail about game #%d: %q", gameNumber(t, l), l.text)
		}
	}
}

// A digest holds news back, so a mail anyone may write in a player's name
// does not ask for it: a keyless `mail digest` from alice's address brings
// her a confirmation and changes nothing; her reply to a game mail (her
// seat's key), her reply to the confirmation or a mail her server vouched
// for switches her.
func TestDigestNeedsProof(t *testing.T) {
	t.Parallel()
	tb := newTable(t, func(r *rig) { r.tr.AuthservID = "mx.example.net" })
	aliceAt := store.Address{Transport: Name, ID: alice}
	mode := func() string {
		p, err := tb.db.PlayerAt(aliceAt)
		if err != nil {
			t.Fatal(err)
		}
		return p.Mail
	}
	white, _ := tb.start(t)
	tb.write(t, alice, "mail digest") // alice, or mallory in her name
	if l := tb.next(t, alice); !strings.Contains(l.text, confirmPhrase) {
		t.Errorf("a keyless mail digest was answered %q; want a confirmation", l.text)
	}
	if m := mode(); m == store.MailDigest {
		t.Fatalf("a keyless mail digest switched alice to the digest")
	}
	tb.reply(t, alice, white, "mail digest")
	tb.nextWith(t, alice, "once a day")
	if m := mode(); m != store.MailDigest {
		t.Fatalf("alice's reply to her game mail left her mail mode %q", m)
	}
	tb.writeConfirmed(t, alice, "mail each")
	tb.nextWith(t, alice, "at once")
	if m := mode(); m == store.MailDigest {
		t.Fatalf("a keyless mail each left alice on the digest")
	}
	tb.write(t, alice, "mail digest", "Authentication-Results: mx.example.net; dmarc=pass header.from=example.org")
	tb.nextWith(t, alice, "once a day")
}
