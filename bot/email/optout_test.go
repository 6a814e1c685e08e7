package email

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"umpire/store"
)

// carol is a third address, invited by several.
const carol = "carol@example.com"

// inviteFrom makes a game of alice's with an invitation to addr, and
// returns alice's answer.
func (tb *table) inviteFrom(t *testing.T, from, addr string) *letterIn {
	t.Helper()
	tb.writeConfirmed(t, from, "new kriegspiel with "+addr)
	return tb.next(t, from)
}

// A stop lasts: bob, who wrote stop, is invited no more (alice is given
// the link to pass on, with no word of why). A mail from his address does not lift it, for
// anyone may write one: it brings bob a token, and his reply with it
// does. A mail the operator's server vouched for lifts it at once.
func TestStopLasts(t *testing.T) {
	t.Parallel()
	tb := newTable(t, func(r *rig) { r.tr.AuthservID = "mx.example.net" })
	tb.writeConfirmed(t, bob, "stop")
	tb.nextTold(t, bob, "stop-quiet")
	tb.refusedInvite(t, alice, bob)
	tb.empty(t, bob)
	tb.write(t, bob, "help") // bob, or someone in his name
	ask := tb.nextWith(t, bob, "resume r")
	tb.refusedInvite(t, alice, bob) // after an unproven mail
	tb.write(t, bob, "games")       // a second mail brings no second token
	tb.reply(t, bob, ask, "resume r0123456789abcdef")
	tb.nextTold(t, bob, "resume-bad")
	tok := regexp.MustCompile(`resume (r[0-9a-f]{16})`).FindStringSubmatch(ask.text)
	tb.reply(t, bob, ask, "resume "+tok[1])
	tb.nextTold(t, bob, "resumed")
	if l := tb.inviteFrom(t, alice, bob); !strings.Contains(l.text, ") created.") {
		t.Errorf("alice was told %q; want the game made", l.text)
	}
	tb.nextWith(t, bob, "invites you")
	tb.writeConfirmed(t, bob, "stop")
	tb.nextTold(t, bob, "stop-quiet")
	tb.write(t, bob, "help", "Authentication-Results: mx.example.net; dmarc=pass header.from=example.com")
	tb.nextWith(t, bob, "new VARIANT")
	if out, _ := tb.db.OptedOut(store.Address{Transport: Name, ID: bob}); out {
		t.Errorf("a mail with a DMARC pass did not lift bob's stop")
	}
}

// An invitation carries List-Unsubscribe; its mailto (subject stop, to the
// reply address) declines the invitation and opts bob out.
func TestListUnsubscribeMailto(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	tb.writeConfirmed(t, alice, "new kriegspiel with "+bob)
	inv := tb.nextWith(t, bob, "invites you")
	m := regexp.MustCompile(`<mailto:([^?>]+)\?subject=stop>`).FindStringSubmatch(inv.header.Get("List-Unsubscribe"))
	if m == nil || m[1] != inv.replyTo() {
		t.Fatalf("List-Unsubscribe = %q; want a mailto to %s", inv.header.Get("List-Unsubscribe"), inv.replyTo())
	}
	if inv.header.Get("List-Unsubscribe-Post") != "" {
		t.Errorf("List-Unsubscribe-Post without a URL configured")
	}
	tb.imap.deliver(t, mailFrom(bob, m[1], "stop", "unsub@example.com", ""))
	tb.nextWith(t, bob, "You declined")
	tb.nextWith(t, alice, "declined")
	if out, _ := tb.db.OptedOut(store.Address{Transport: Name, ID: bob}); !out {
		t.Errorf("bob is not opted out")
	}
}

// One click (RFC 8058): the invitation names an https URL with a token;
// a POST to it records the opt-out through the real handler and store,
// a GET or a wrong token records nothing.
func TestOneClickUnsubscribe(t *testing.T) {
	t.Parallel()
	tb, srv := oneClickTable(t)
	tb.writeConfirmed(t, alice, "new kriegspiel with "+bob)
	inv := tb.nextWith(t, bob, "invites you")
	if got := inv.header.Get("List-Unsubscribe-Post"); got != "List-Unsubscribe=One-Click" {
		t.Errorf("List-Unsubscribe-Post = %q", got)
	}
	m := regexp.MustCompile(`<(https://[^>]+)>`).FindStringSubmatch(inv.header.Get("List-Unsubscribe"))
	if m == nil {
		t.Fatalf("List-Unsubscribe = %q; want an https URL", inv.header.Get("List-Unsubscribe"))
	}
	u, _ := url.Parse(m[1])
	at := srv.URL + u.Path + "?" + u.RawQuery
	bobAddr := store.Address{Transport: Name, ID: bob}
	post := func(target string) int {
		resp, err := http.Post(target, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	forged := strings.Replace(at, "to=bob", "to=carol", 1)
	if code := post(forged); code != http.StatusNotFound {
		t.Errorf("a POST with bob's token for carol: %d; want 404", code)
	}
	resp, err := http.Get(at)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if out, _ := tb.db.OptedOut(bobAddr); out || resp.StatusCode != http.StatusOK {
		t.Errorf("after a GET: %d, opted out %v; want 200 and not", resp.StatusCode, out)
	}
	resp, err = http.Post(at, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(page), "answer the mail that comes back") {
		t.Errorf("the one-click POST: %d %q; want 200 and how to lift it", resp.StatusCode, page)
	}
	if out, _ := tb.db.OptedOut(bobAddr); !out {
		t.Errorf("bob is not opted out after the one-click POST")
	}
	tb.refusedInvite(t, alice, bob)
}

// Few invitations wait at once: five from one inviter, three to one
// address; past that the inviter is told why, and nothing is sent.
func TestInvitationCaps(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	for i := range 5 {
		to := fmt.Sprintf("friend%d@example.com", i)
		tb.inviteFrom(t, alice, to)
		tb.nextWith(t, to, "invites you")
	}
	if l := tb.inviteFrom(t, alice, "friend5@example.com"); !told(l, "err.invite-cap-by", "5") {
		t.Errorf("alice's sixth invitation was answered %q; want the cap", l.text)
	}
	tb.empty(t, "friend5@example.com")
	for _, from := range []string{"x1@example.org", "x2@example.org", "x3@example.org"} {
		tb.inviteFrom(t, from, carol)
		tb.nextWith(t, carol, "invites you")
	}
	tb.refusedInvite(t, "x4@example.org", carol) // a fourth to carol
	tb.empty(t, carol)
	tb.writeConfirmed(t, carol, "stop") // carol opts out: no invitation at all may come
	tb.nextTold(t, carol, "stop-quiet")
	tb.refusedInvite(t, "x5@example.org", carol)
	tb.empty(t, carol)
}

// refusedInvite has from invite to with `new … with`, and checks that the
// umpire sent nothing there: from is given the game's link to pass on,
// in words that do not say why (the invitee's opt-out or waiting
// invitations are its own affair).
func (tb *table) refusedInvite(t *testing.T, from, to string) {
	t.Helper()
	tb.writeConfirmed(t, from, "new kriegspiel with "+to)
	l := tb.nextWith(t, from, "I cannot invite")
	if !strings.Contains(l.text, "I cannot invite "+to+" now; pass this on to them yourself") || !joinToken.MatchString(l.text) {
		t.Errorf("%s was told %q; want the neutral refusal with the link", from, l.text)
	}
	for _, why := range []string{"asked", "too many", "waiting"} {
		if strings.Contains(l.text, why) {
			t.Errorf("the refusal tells %s why (%q): %q", from, why, l.text)
		}
	}
}

// A declined invitation waits no more: it no longer counts toward its
// inviter's five.
func TestDeclinedInvitationFreesTheCap(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	var last *letterIn
	for i := range 5 {
		to := fmt.Sprintf("friend%d@example.com", i)
		tb.inviteFrom(t, alice, to)
		last = tb.nextWith(t, to, "invites you")
	}
	tb.reply(t, "friend4@example.com", last, "stop")
	tb.nextWith(t, alice, "declined")
	if l := tb.inviteFrom(t, alice, "friend5@example.com"); !strings.Contains(l.text, ") created.") {
		t.Errorf("alice's invitation after a decline was answered %q; want it made", l.text)
	}
}

// The transport serves the one-click URL on MAIL_UNSUBSCRIBE_LISTEN while
// the bot runs: a POST there opts the address out.
func TestOneClickServed(t *testing.T) {
	t.Parallel()
	base, _ := url.Parse("https://umpire.example.net/unsubscribe")
	tb := newTable(t, func(r *rig) {
		r.tr.UnsubscribeURL, r.tr.UnsubscribeListen = base, "127.0.0.1:0"
		if err := r.tr.listenUnsubscribe(); err != nil {
			t.Fatal(err)
		}
	})
	u, _ := url.Parse(tb.tr.unsubscribeURL(bob))
	at := "http://" + tb.tr.unsubLn.Addr().String() + u.Path + "?" + u.RawQuery
	eventually(t, "the one-click POST is answered", func() bool {
		resp, err := http.Post(at, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	})
	if out, _ := tb.db.OptedOut(store.Address{Transport: Name, ID: bob}); !out {
		t.Errorf("bob is not opted out")
	}
}

// A key proves a mailbox only when the umpire mailed it there: a free
// seat's key (its maker may pass it to anyone) or a finished game's key,
// on a mail in bob's name, does not lift bob's stop; bob's own reply to
// an invitation mailed to him does.
func TestForgedKeyKeepsStop(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	bobAddr := store.Address{Transport: Name, ID: bob}
	white, black := tb.start(t)
	tb.play(t, white, black, "f3", "e5", "g4", "Qh4#")
	dead := tb.gameNow(t, tb.game(t, alice).ID).Seats["white"].Token // alice's
	tb.writeConfirmed(t, bob, "stop")
	tb.nextTold(t, bob, "stop-quiet")
	tb.writeConfirmed(t, alice, "new kriegspiel")
	free := joinToken.FindStringSubmatch(tb.nextWith(t, alice, "join ").text)
	if free == nil {
		t.Fatal("no join token in alice's mail")
	}
	tb.imap.deliver(t, mailFrom(bob, "umpire+"+free[1]+"@example.net", "Re: game", "forged1@example.org", "help"))
	tb.nextWith(t, bob, "new VARIANT") // after the token to resume, if any
	if out, _ := tb.db.OptedOut(bobAddr); !out {
		t.Errorf("a free seat's key, in a mail in bob's name, lifted bob's stop")
	}
	tb.write(t, bob, "stop") // again, were it lifted: it needs no proof while it holds
	tb.nextTold(t, bob, "stop-quiet")
	tb.imap.deliver(t, mailFrom(bob, "umpire+"+dead+"@example.net", "Re: game", "forged2@example.org", "help"))
	tb.nextWith(t, bob, "new VARIANT")
	if out, _ := tb.db.OptedOut(bobAddr); !out {
		t.Errorf("a finished game's key, in a mail in bob's name, lifted bob's stop")
	}
	const dave = "dave@example.com"
	tb.writeConfirmed(t, carol, "new kriegspiel with "+dave)
	inv := tb.nextWith(t, dave, "invites you")
	tb.writeConfirmed(t, dave, "stop")
	tb.nextTold(t, dave, "stop-quiet")
	tb.reply(t, dave, inv, "join")
	tb.nextWith(t, dave, "#")
	if out, _ := tb.db.OptedOut(store.Address{Transport: Name, ID: dave}); out {
		t.Errorf("dave's reply to the invitation mailed to him did not lift his stop")
	}
}

// Invitations sent are counted for a day, answered or not: alice, who
// invites and aborts again and again, sends 20, then is told when she
// may invite again, and may then.
func TestInvitationsPerDay(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	tb := newTableAt(t, nil, clk.now)
	for i := range 20 {
		to := fmt.Sprintf("friend%d@example.com", i)
		created := tb.inviteFrom(t, alice, to)
		tb.nextWith(t, to, "invites you")
		tb.reply(t, alice, created, "abort")
		tb.nextWith(t, alice, "aborted")
		clk.set(clk.now().Add(time.Minute))
	}
	l := tb.inviteFrom(t, alice, "friend20@example.com")
	if !told(l, "err.invite-cap-day") || !strings.Contains(l.text, "2026-05-02 12:00 UTC") {
		t.Errorf("alice's 21st invitation of the day was answered %q; want the cap and when it lifts", l.text)
	}
	tb.empty(t, "friend20@example.com")
	clk.set(time.Date(2026, 5, 2, 12, 0, 0, 0, time.UTC))
	if l := tb.inviteFrom(t, alice, "friend20@example.com"); !strings.Contains(l.text, ") created.") {
		t.Errorf("a day later, alice's invitation was answered %q; want it sent", l.text)
	}
	tb.nextWith(t, "friend20@example.com", "invites you")
}

// The one-click endpoint never causes a mail: its POSTs spend no budget of
// the address's (the 31st is not told to slow down), and past the
// endpoint's own budget it answers 429 and hands the bot nothing.
func TestOneClickBudget(t *testing.T) {
	t.Parallel()
	tb, srv := oneClickTable(t)
	at := srv.URL + "/unsubscribe?" + url.Values{"to": {bob}, "t": {tb.tr.unsubscribeToken(bob)}}.Encode()
	codes := map[int]int{}
	for range 40 {
		resp, err := http.Post(at, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		codes[resp.StatusCode]++
	}
	if codes[http.StatusOK] != postsPerAddress.Burst || codes[http.StatusTooManyRequests] != 40-postsPerAddress.Burst {
		t.Errorf("40 POSTs of one link were answered %v; want %d × 200, the rest 429", codes, postsPerAddress.Burst)
	}
	if out, _ := tb.db.OptedOut(store.Address{Transport: Name, ID: bob}); !out {
		t.Errorf("bob is not opted out")
	}
	tb.empty(t, bob)
}

// oneClickTable is a table whose transport offers the one-click URL, and
// a server of its endpoint, closed when the test ends.
func oneClickTable(t *testing.T) (*table, *httptest.Server) {
	t.Helper()
	base, _ := url.Parse("https://umpire.example.net/unsubscribe")
	tb := newTable(t, func(r *rig) {
		r.tr.UnsubscribeURL = base
		if err := r.tr.loadSecret(); err != nil {
			t.Fatal(err)
		}
	})
	srv := httptest.NewServer(tb.tr.UnsubscribeHandler(tb.bot))
	t.Cleanup(srv.Close)
	return tb, srv
}
