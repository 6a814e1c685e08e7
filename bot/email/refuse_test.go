package email

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"umpire/bot/texts"
	"umpire/store"
)

// told reports whether a notice's text is the catalog's id or its words
// with one of the arguments.
func told(l *letterIn, id string, args ...string) bool {
	if strings.Contains(l.text, id) || strings.Contains(l.text, longestFixed(texts.DefaultCatalog.Text("en", id, nil))) {
		return true
	}
	for _, a := range args {
		if strings.Contains(l.text, a) {
			return true
		}
	}
	return false
}

// unchanged checks that game g has not moved since.
func unchanged(t *testing.T, tb *table, g *store.Game) {
	t.Helper()
	now, err := tb.db.Game(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	log, err := tb.db.Log(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if now.State != g.State || len(log) != len(g.Log) {
		t.Errorf("game %d: %s after %d entries; want %s after %d", g.ID, now.State, len(log), g.State, len(g.Log))
	}
}

// gameNow is a game with its log.
func (tb *table) gameNow(t *testing.T, id uint64) *store.Game {
	t.Helper()
	g, err := tb.db.Game(id)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := tb.db.Log(id)
	if err != nil {
		t.Fatal(err)
	}
	g.Log = nil
	for _, e := range entries {
		g.Log = append(g.Log, e.Action)
	}
	return g
}

func TestForgedSenderWithStolenToken(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	white, black := tb.start(t)
	white, black = tb.play(t, white, black, "f3", "e5")
	g := tb.gameNow(t, tb.game(t, alice).ID)
	// Mallory has alice's token (a forwarded mail, say) and writes from
	// his own address to her reply address.
	tb.reply(t, mallory, white, "resign")
	n := tb.next(t, alice)
	if !told(n, noticeForged, mallory) {
		t.Errorf("alice was told %q; want the forgery named", n.text)
	}
	unchanged(t, tb, g)
	tb.empty(t, mallory)
	tb.empty(t, bob)
	// The game goes on.
	tb.play(t, white, black, "g4", "Qh4#")
	if g := tb.game(t, alice); g.State != store.StateOver {
		t.Errorf("after the forgery the game did not go on: %s", g.State)
	}
}

func TestForgedSenderWithStolenTokenIsAPlayer(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	white, _ := tb.start(t)
	g := tb.gameNow(t, tb.game(t, alice).ID)
	// Bob replies to alice's mail, from his own address: he is told too.
	tb.reply(t, bob, white, "resign")
	if n := tb.next(t, alice); !told(n, noticeForged, bob) {
		t.Errorf("alice was told %q; want the forgery named", n.text)
	}
	if n := tb.next(t, bob); !told(n, noticeWrongSender) {
		t.Errorf("bob was told %q; want %s", n.text, noticeWrongSender)
	}
	unchanged(t, tb, g)
}

// The operator's server (MAIL_AUTHSERV_ID mx.example.net) found alice's
// From forged: the mail is refused whatever its key, even under a header
// the sender wrote saying pass, and alice is told.
func TestForgedFromFailsDMARC(t *testing.T) {
	t.Parallel()
	tb := newTable(t, func(r *rig) { r.tr.AuthservID = "mx.example.net" })
	white, _ := tb.start(t)
	g := tb.gameNow(t, tb.game(t, alice).ID)
	// Mallory forges alice's From with her token; alice's domain has
	// DMARC, so the receiving server says fail.
	tb.reply(t, alice, white, "resign",
		"Authentication-Results: mx.example.net; spf=fail smtp.mailfrom=example.org; dkim=none; dmarc=fail (p=reject) header.from=example.org",
		"Authentication-Results: mx.example.net; dmarc=pass header.from=example.org")
	if n := tb.next(t, alice); !told(n, noticeDMARC) {
		t.Errorf("alice was told %q; want %s", n.text, noticeDMARC)
	}
	unchanged(t, tb, g)
	tb.reply(t, alice, white, "f3") // alice herself plays on
	tb.nextWith(t, alice, "f3")
}

// Without MAIL_AUTHSERV_ID no Authentication-Results header is trusted,
// for a sender may write any: alice's mail, which carries her key, is
// read whatever such a header says.
func TestAuthResultsUntrustedWithoutID(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	white, _ := tb.start(t)
	tb.reply(t, alice, white, "f3", "Authentication-Results: mx.example.net; dmarc=fail header.from=example.org")
	tb.nextWith(t, alice, "f3")
}

func TestReplayedMailChangesNothing(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	white, _ := tb.start(t)
	raw := tb.reply(t, alice, white, "f3")
	tb.next(t, alice)
	black := tb.next(t, bob)
	g := tb.gameNow(t, tb.game(t, alice).ID)
	tb.imap.deliver(t, raw) // the same mail again: a replay, or a server's double delivery
	// Bob moves: the next mails are about his move, none about a replay.
	tb.reply(t, bob, black, "e5")
	tb.next(t, alice)
	black = tb.next(t, bob)
	if !strings.Contains(black.text, "e5") {
		t.Errorf("bob's next mail after the replay: %q; want his move", black.text)
	}
	now := tb.gameNow(t, g.ID)
	if len(now.Log) != len(g.Log)+1 {
		t.Errorf("log after the replay and e5: %d entries; want %d", len(now.Log), len(g.Log)+1)
	}
	tb.empty(t, alice)
	tb.empty(t, bob)
}

// A game's command in a new mail, not a reply, has no seat's key: it is
// refused, resign as much as resume #N, which ends a game's pause (unlike
// resume TOKEN, which lifts an opt-out by a token of its own).
func TestGameCommandNeedsToken(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	tb.start(t)
	g := tb.gameNow(t, tb.game(t, alice).ID)
	for _, text := range []string{"resign", "resume #" + strconv.FormatUint(g.ID, 10)} {
		tb.write(t, alice, text) // a new mail, not a reply: no token
		if n := tb.next(t, alice); !told(n, noticeNeedToken) {
			t.Errorf("%s: alice was told %q; want %s", text, n.text, noticeNeedToken)
		}
	}
	unchanged(t, tb, g)
}

func TestLargeMailNotRead(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	white, _ := tb.start(t)
	g := tb.gameNow(t, tb.game(t, alice).ID)
	raw := tb.replyMail(alice, white, "resign")
	raw = append(raw, bytes.Repeat([]byte("\r\n"+strings.Repeat("x", 76)), 5<<20/78)...)
	tb.imap.deliver(t, raw)
	if n := tb.next(t, alice); !told(n, noticeTooLarge, "1 MB") {
		t.Errorf("alice was told %q; want %s", n.text, noticeTooLarge)
	}
	unchanged(t, tb, g)
}

func TestHTMLOnlyMove(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	white, _ := tb.start(t)
	body := `<html><body><div dir="ltr">f3<br></div><div class="gmail_quote"><div class="gmail_attr">On Fri, 1 May 2026 Umpire wrote:</div>` +
		`<blockquote>resign</blockquote></div></body></html>`
	raw := tb.replyMail(alice, white, "")
	raw = bytes.Replace(raw, []byte("Content-Type: text/plain; charset=utf-8\r\n\r\n"), []byte("Content-Type: text/html; charset=utf-8\r\n\r\n"), 1)
	raw = append(raw[:bytes.Index(raw, []byte("\r\n\r\n"))+4], body...)
	tb.imap.deliver(t, raw)
	if n := tb.next(t, alice); !strings.Contains(n.text, "f3") {
		t.Errorf("after an HTML-only f3 alice got %q", n.text)
	}
	if g := tb.gameNow(t, tb.game(t, alice).ID); len(g.Log) != 1 || g.Log[0].Text != "f3" {
		t.Errorf("log after an HTML-only f3: %v", g.Log)
	}
}

func TestKOI8RMail(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	white, black := tb.start(t)
	tb.play(t, white, black, "f3")
	raw := tb.replyMail(bob, black, "сдаюсь\n\n-- \nБоб")
	raw = bytes.Replace(raw, []byte("charset=utf-8"), []byte("charset=koi8-r"), 1)
	head, body, _ := bytes.Cut(raw, []byte("\r\n\r\n"))
	koi, err := charmap.KOI8R.NewEncoder().Bytes(body)
	if err != nil {
		t.Fatal(err)
	}
	tb.imap.deliver(t, append(append(head, "\r\n\r\n"...), koi...))
	tb.next(t, bob)
	g := tb.gameNow(t, tb.game(t, alice).ID)
	if g.State != store.StateOver || g.Result != "1-0" {
		t.Errorf("after bob's сдаюсь in KOI8-R: %s %s %s; want over 1-0", g.State, g.Result, g.Reason)
	}
}

func TestBounceTellsTheOthers(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	_, black := tb.start(t)
	dsn := func(id string) []byte {
		return []byte("From: MAILER-DAEMON@example.net\r\nTo: " + botAddr + "\r\nSubject: Undelivered Mail\r\n" +
			"Message-ID: <" + id + ">\r\nMIME-Version: 1.0\r\n" +
			"Content-Type: multipart/report; report-type=delivery-status; boundary=\"r\"\r\n\r\n" +
			"--r\r\nContent-Type: text/plain\r\n\r\nresign\r\n" +
			"--r\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example.net\r\n\r\n" +
			"Final-Recipient: rfc822; " + bob + "\r\nAction: failed\r\nStatus: 5.1.1\r\n\r\n" +
			"--r\r\nContent-Type: text/rfc822-headers\r\n\r\nFrom: Umpire <" + botAddr + ">\r\nReply-To: <" + black.replyTo() + ">\r\n" +
			"To: " + bob + "\r\nSubject: " + black.subject() + "\r\nMessage-ID: <" + black.messageID() + ">\r\n\r\n--r--\r\n")
	}
	tb.imap.deliver(t, dsn("dsn1@example.net"))
	if n := tb.next(t, alice); !told(n, noticeBounced, bob) {
		t.Errorf("alice was told %q; want %s", n.text, noticeBounced)
	}
	// A second bounce for the same game and address tells nobody again;
	// a move shows the mail after it is the move's.
	tb.imap.deliver(t, dsn("dsn2@example.net"))
	tb.write(t, alice, "help")
	if n := tb.next(t, alice); told(n, noticeBounced, bob) {
		t.Errorf("alice was told twice: %q", n.text)
	}
	tb.empty(t, bob)
}

// longestFixed is the longest stretch of a catalog text between its
// arguments in braces: what every filled-in copy of it contains.
func longestFixed(text string) string {
	best := ""
	for _, part := range regexp.MustCompile(`\{[^{}]*\}`).Split(text, -1) {
		if len(part) > len(best) {
			best = part
		}
	}
	return best
}

// The bot's catalog ids of its notices about mail.
const (
	noticeTooLarge    = "email.too-large"
	noticeDMARC       = "email.dmarc-fail"
	noticeNeedToken   = "email.need-token"
	noticeForged      = "email.forged"
	noticeWrongSender = "email.wrong-sender"
	noticeBounced     = "email.bounced"
)
