package email

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestDovecotDigest is the daily digest through a real Dovecot, on a fake
// clock: Alice takes her news once a day; in three games with Bob the
// news waits; at 07:00 one mail reaches her mailbox with the three games,
// a picture each (the MIME structure as Dovecot delivers it), and a move
// written to one game's address in it is played.
func TestDovecotDigest(t *testing.T) {
	// Not parallel: the test Dovecot's mailboxes are shared.
	clk := &testClock{t: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	d := newDovecot(t, clk.now, func(c *Config) { c.AuthservID = "mx.example.net" })
	a, bb := newReader(t, d.imap, alice), newReader(t, d.imap, bob)
	vouched := "Authentication-Results: mx.example.net; dmarc=pass header.from=example.org" // a digest needs it
	d.send(t, alice, mailFrom(alice, botAddr, "to the umpire", d.id(alice), "mail digest", vouched), botAddr)
	a.nextWith(t, "once a day")
	var white, black [3]*letterIn
	for i := range 3 {
		d.writeConfirmed(t, alice, a, "new kriegspiel white with "+bob)
		d.reply(t, bob, bb.nextWith(t, "invites you"), "join")
		white[i], black[i] = a.nextWith(t, "begins"), bb.nextWith(t, "begins")
	}
	for i := range 3 {
		d.reply(t, alice, white[i], "e4")
		white[i], black[i] = a.next(t), bb.next(t)
		d.reply(t, bob, black[i], "e5")
		black[i] = bb.next(t)
	}
	clk.set(time.Date(2026, 5, 2, 7, 0, 0, 0, time.UTC))
	if err := d.bot.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	dg := a.next(t) // nothing of the held news came before it
	if dg.subject() != "Daily digest: games waiting for you (3)" || images(dg) != 3 {
		t.Fatalf("Alice's next mail: %q with %d pictures; want the digest of three games", dg.subject(), images(dg))
	}
	checkStructure(t, dg, "digest.golden")
	id := gameNumber(t, white[0])
	g, err := d.db.Game(id)
	if err != nil {
		t.Fatal(err)
	}
	addr := "umpire+" + g.Seats["white"].Token + "@example.net"
	if !strings.Contains(dg.text, fmt.Sprintf("To play in game #%d, write your move to %s", id, addr)) {
		t.Fatalf("no address for game #%d in the digest:\n%s", id, dg.text)
	}
	d.write(t, alice, "Nf3", addr)
	if l := a.next(t); gameNumber(t, l) != id || !strings.Contains(l.text, "Nf3") {
		t.Errorf("a move written to game #%d's address: %q", id, l.text)
	}
}
