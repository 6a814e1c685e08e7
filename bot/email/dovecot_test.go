package email

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"umpire/bot/post"
	"umpire/bot/wire"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-message/mail"
	"github.com/emersion/go-smtp"

	"umpire/bot"
	"umpire/store"
)

// dovecotPassword is every user's password on the test Dovecot
// (testdata/dovecot.sh).
const dovecotPassword = "dovecot-test"

// TestDovecot plays Kriegspiel by e-mail to checkmate through a real
// Dovecot: each player's mails reach the bot's mailbox over LMTP, the bot
// reads them over IMAP and answers over SMTP to a sink on loopback that
// delivers over LMTP to the players' mailboxes, where the players read
// them over IMAP and reply. It runs when UMPIRE_DOVECOT is set, as
// testdata/dovecot.sh prints it.
func TestDovecot(t *testing.T) {
	// Not parallel: the test Dovecot's mailboxes are shared.
	d := newDovecot(t, nil)
	imapAddr, db := d.imap, d.db
	a, bb := newReader(t, imapAddr, alice), newReader(t, imapAddr, bob)
	reply := func(who string, to *letterIn, body string) { t.Helper(); d.reply(t, who, to, body) }
	d.writeConfirmed(t, alice, a, "new kriegspiel white")
	created := a.nextWith(t, "join ")
	tok := joinToken.FindStringSubmatch(created.text)
	if tok == nil {
		t.Fatalf("no join token in %q", created.text)
	}
	reply(alice, created, "invite black "+bob)
	inv := bb.nextWith(t, tok[1])
	reply(bob, inv, "join "+tok[1])
	white, black := a.nextWith(t, "#"), bb.nextWith(t, "#")
	wroot, broot := created, black // each seat's conversation begins with its first mail about the game
	begun := white
	reply(alice, white, "Qh5") // illegal: told to white alone
	if white = a.next(t); !strings.Contains(white.text, "Qh5") {
		t.Errorf("white's answer to Qh5: %q", white.text)
	}
	// Every mail of the game to a seat has exactly its first mail's
	// subject, tag included, the last ones after the mate too.
	checkThread(t, wroot, white)
	for i, mv := range []string{"f3", "e5", "g4", "Qh4#"} {
		if i%2 == 0 {
			reply(alice, white, mv)
		} else {
			reply(bob, black, mv)
		}
		white, black = a.next(t), bb.next(t)
		if strings.Contains(black.text, "Qh5") {
			t.Errorf("black heard of white's illegal try: %q", black.text)
		}
		checkThread(t, wroot, white)
		checkThread(t, broot, black)
		checkOneImage(t, white, black)
		if i == 0 {
			checkStructure(t, white, "structure.golden")
		}
	}
	p, err := db.PlayerAt(store.Address{Transport: Name, ID: alice})
	if err != nil {
		t.Fatal(err)
	}
	games, err := db.Games(p.ID)
	if err != nil || len(games) != 1 {
		t.Fatalf("alice's games: %v, %v", games, err)
	}
	if g := games[0]; g.State != store.StateOver || g.Result != "0-1" {
		t.Errorf("after Qh4# by mail: %s %s %s; want over 0-1 checkmate", g.State, g.Result, g.Reason)
	}
	checkLetter(t, begun, games[0], alice)
	allSeen(t, imapAddr)
	t.Logf("game %d by mail through Dovecot: %s %s", games[0].ID, games[0].Result, games[0].Reason)
}

// dovecot is a bot on the test Dovecot that UMPIRE_DOVECOT names: players'
// mails reach its mailbox over LMTP, it reads them over IMAP and answers
// over SMTP to a sink on loopback that delivers over LMTP to the players'
// mailboxes.
type dovecot struct {
	bot  *bot.Bot
	db   *store.DB
	imap string // Dovecot's IMAP address, for the players' readers
	lmtp string
	n    int // mails written, for their Message-IDs
}

// newDovecot empties the mailboxes and runs a bot on Dovecot until the
// test ends, with the clock now (nil: time.Now, and the transport's own
// rate limits; a test's clock stands still, so there are none then), and
// the transport's settings changed by configs. It skips the test when
// UMPIRE_DOVECOT is not set.
func newDovecot(t *testing.T, now func() time.Time, configs ...func(*Config)) *dovecot {
	return newDovecotWith(t, now, nil, configs...)
}

// newDovecotWith is newDovecot with more transports for the bot to run,
// each made on the bot's store (a player of another service).
func newDovecotWith(t *testing.T, now func() time.Time, more func(db *store.DB) wire.Transport, configs ...func(*Config)) *dovecot {
	raw := os.Getenv("UMPIRE_DOVECOT")
	if raw == "" {
		t.Skip("UMPIRE_DOVECOT is not set; start a Dovecot with bot/email/testdata/dovecot.sh")
	}
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatalf("UMPIRE_DOVECOT: %v", err)
	}
	d := &dovecot{imap: u.Host, lmtp: u.Query().Get("lmtp")}
	for _, who := range []string{botUser, alice, bob, mallory} {
		emptyMailbox(t, d.imap, who)
	}
	k := newSink(t)
	k.deliver = func(from string, to []string, data []byte) error { return lmtpDeliver(d.lmtp, from, to, data) }
	if d.db, err = store.Open(t.TempDir()+"/umpire.db", nil); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.db.Close() })
	from, _ := mail.ParseAddress("Umpire <" + botAddr + ">")
	imapURL := &url.URL{Scheme: "imap+plain", User: url.UserPassword(botUser, dovecotPassword), Host: d.imap, Path: "/INBOX"}
	cfg := Config{IMAP: imapURL, SMTP: k.url(), From: from, Cursor: bot.Cursors(d.db), Poll: time.Hour, Log: testLogger(t)} // only IDLE tells of a mail
	if now != nil {
		cfg.Limits = &post.NoLimits
	}
	for _, c := range configs {
		c(&cfg)
	}
	tr, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if d.bot, err = bot.New(bot.Config{DB: d.db, Log: testLogger(t), Now: now}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	ts := []wire.Transport{tr}
	if more != nil {
		ts = append(ts, more(d.db))
	}
	go func() { done <- d.bot.Run(ctx, ts...) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("bot.Run: %v", err)
		}
	})
	return d
}

// send delivers a mail from who to the address to.
func (d *dovecot) send(t testing.TB, who string, raw []byte, to string) {
	t.Helper()
	if err := lmtpDeliver(d.lmtp, who, []string{to}, raw); err != nil {
		t.Fatalf("LMTP delivery from %s: %v", who, err)
	}
}

// id is a new Message-ID of who's.
func (d *dovecot) id(who string) string {
	d.n++
	return fmt.Sprintf("dc%d.%d@%s", time.Now().UnixNano(), d.n, domainOf(who))
}

// write sends a new mail from who to the address to (the bot's plain
// address when none is given).
func (d *dovecot) write(t testing.TB, who, body string, to ...string) {
	t.Helper()
	addr := botAddr
	if len(to) > 0 {
		addr = to[0]
	}
	d.send(t, who, mailFrom(who, addr, "to the umpire", d.id(who), body), addr)
}

// reply sends who's reply to a mail of the bot, as a client makes it.
func (d *dovecot) reply(t testing.TB, who string, to *letterIn, body string) {
	t.Helper()
	d.send(t, who, makeReply(d.id(who), who, to, body), to.replyTo())
}

// lmtpDeliver delivers a mail to Dovecot over LMTP.
func lmtpDeliver(addr, from string, to []string, data []byte) error {
	conn, err := net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		return err
	}
	c := smtp.NewClientLMTP(conn)
	defer c.Close()
	if err := c.Hello("localhost"); err != nil {
		return err
	}
	if err := c.Mail(from, nil); err != nil {
		return err
	}
	for _, r := range to {
		if err := c.Rcpt(r, nil); err != nil {
			return fmt.Errorf("RCPT %s: %w", r, err)
		}
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		return err
	}
	if _, err := w.CloseWithLMTPResponse(); err != nil {
		return err
	}
	return c.Quit()
}

// login logs in to the test Dovecot as user and selects the INBOX.
func login(t testing.TB, addr, user string) *imapclient.Client {
	t.Helper()
	c, _ := loginSelect(t, addr, user)
	return c
}

// loginSelect is login that also returns what SELECT said of the INBOX.
// (The client's Mailbox() is set by its reader after Wait may return, so
// it is not read here.)
func loginSelect(t testing.TB, addr, user string) (*imapclient.Client, *imap.SelectData) {
	t.Helper()
	c, err := imapclient.DialInsecure(addr, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Login(user, dovecotPassword).Wait(); err != nil {
		t.Fatalf("log in as %s: %v", user, err)
	}
	data, err := c.Select("INBOX", nil).Wait()
	if err != nil {
		t.Fatal(err)
	}
	return c, data
}

// emptyMailbox deletes every mail of a user, left by an earlier run.
func emptyMailbox(t testing.TB, addr, user string) {
	t.Helper()
	c, inbox := loginSelect(t, addr, user)
	defer c.Close()
	if inbox.NumMessages == 0 {
		return
	}
	flags := &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted}}
	if err := c.Store(imap.SeqSet{{Start: 1, Stop: 0}}, flags, nil).Close(); err != nil {
		t.Fatal(err)
	}
	if err := c.Expunge().Close(); err != nil {
		t.Fatal(err)
	}
}

// reader is a player's mail client: it reads the player's INBOX in order.
type reader struct {
	c    *imapclient.Client
	user string
	last imap.UID
}

func newReader(t testing.TB, addr, user string) *reader {
	r := &reader{c: login(t, addr, user), user: user}
	t.Cleanup(func() { r.c.Close() })
	return r
}

// next waits for the next mail in the INBOX, checking every 50 ms.
func (r *reader) next(t testing.TB) *letterIn {
	t.Helper()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(30 * time.Second)
	for {
		var set imap.UIDSet
		set.AddRange(r.last+1, 0)
		msgs, err := r.c.Fetch(set, &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{{Peek: true}}}).Collect()
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range msgs {
			if m.UID > r.last {
				r.last = m.UID
				return readLetter(t, m.FindBodySection(&imap.FetchItemBodySection{Peek: true}))
			}
		}
		select {
		case <-deadline:
			t.Fatalf("no mail for %s within 30s", r.user)
		case <-tick.C:
		}
		if err := r.c.Noop().Wait(); err != nil {
			t.Fatal(err)
		}
	}
}

// nextWith waits for the next mail whose text has s.
func (r *reader) nextWith(t testing.TB, s string) *letterIn {
	t.Helper()
	for {
		if l := r.next(t); strings.Contains(l.text, s) {
			return l
		}
	}
}

// allSeen waits until every mail in the bot's INBOX is \Seen: each was
// marked once its command was committed.
func allSeen(t testing.TB, addr string) {
	t.Helper()
	c := login(t, addr, botUser)
	defer c.Close()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(10 * time.Second)
	for {
		data, err := c.UIDSearch(&imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagSeen}}, nil).Wait()
		if err != nil {
			t.Fatal(err)
		}
		if len(data.AllUIDs()) == 0 {
			return
		}
		select {
		case <-deadline:
			t.Fatalf("mails of the bot not \\Seen: %v", data.AllUIDs())
		case <-tick.C:
		}
		if err := c.Noop().Wait(); err != nil {
			t.Fatal(err)
		}
	}
}

// checkOneImage checks that each mail has the picture once.
func checkOneImage(t testing.TB, ls ...*letterIn) {
	t.Helper()
	for _, l := range ls {
		n := 0
		for _, p := range l.parts {
			if strings.HasPrefix(p, "image/png ") {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%d pictures in %q; want one: %q", n, l.subject(), l.parts)
		}
	}
}

// checkStructure compares a mail's MIME structure, as a client reads it,
// with a golden file (go test -update rewrites it).
func checkStructure(t testing.TB, l *letterIn, name string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(l.tree), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if l.tree != string(want) {
		t.Errorf("MIME structure differs from %s:\n%s", path, l.tree)
	}
}

// writeConfirmed is write for a command that acts by mail only on proof
// of the sender's mailbox: who replies to the confirmation it reads in r.
func (d *dovecot) writeConfirmed(t testing.TB, who string, r *reader, body string) {
	t.Helper()
	d.write(t, who, body)
	d.reply(t, who, r.nextWith(t, confirmPhrase), "yes")
}
