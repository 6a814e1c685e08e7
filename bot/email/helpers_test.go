package email

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"umpire/bot/post"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-message/mail"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"umpire/bot"
	"umpire/bot/wire"
	"umpire/store"
)

// The bot's mailbox in tests.
const (
	botAddr = "umpire@example.net"
	botUser = "umpire@example.net"
	botPass = "s3cret pass/word"
)

// imapTest is go-imap's in-memory IMAP server on loopback, with the bot's
// mailbox.
type imapTest struct {
	addr string
	user *imapmemserver.User
	srv  *imapserver.Server
}

func newIMAP(t testing.TB) *imapTest {
	t.Helper()
	mem := imapmemserver.New()
	user := imapmemserver.NewUser(botUser, botPass)
	if err := user.Create("INBOX", nil); err != nil {
		t.Fatal(err)
	}
	mem.AddUser(user)
	srv := imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return mem.NewSession(), nil, nil
		},
		Caps:         imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}},
		InsecureAuth: true,
		Logger:       discardLogger{},
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return &imapTest{addr: ln.Addr().String(), user: user, srv: srv}
}

type discardLogger struct{}

func (discardLogger) Printf(string, ...any) {}
func (discardLogger) Println(...any)        {}

// deliver puts a mail in the bot's INBOX.
func (s *imapTest) deliver(t testing.TB, raw []byte) {
	t.Helper()
	if _, err := s.user.Append("INBOX", literal{bytes.NewReader(raw)}, &imap.AppendOptions{}); err != nil {
		t.Fatal(err)
	}
}

// url is the IMAP_URL of the bot's mailbox.
func (s *imapTest) url() *url.URL {
	return &url.URL{Scheme: "imap+plain", User: url.UserPassword(botUser, botPass), Host: s.addr, Path: "/INBOX"}
}

// seen lists the UIDs flagged \Seen in the INBOX.
func (s *imapTest) seen(t testing.TB) []imap.UID {
	t.Helper()
	c, err := imapclient.DialInsecure(s.addr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login(botUser, botPass).Wait(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait(); err != nil {
		t.Fatal(err)
	}
	msgs, err := c.Fetch(imap.SeqSet{{Start: 1, Stop: 0}}, &imap.FetchOptions{UID: true, Flags: true}).Collect()
	if err != nil {
		t.Fatal(err)
	}
	var uids []imap.UID
	for _, m := range msgs {
		if slices.Contains(m.Flags, imap.FlagSeen) {
			uids = append(uids, m.UID)
		}
	}
	slices.Sort(uids)
	return uids
}

type literal struct{ *bytes.Reader }

func (l literal) Size() int64 { return l.Reader.Size() }

// sink is a go-smtp server on loopback that keeps the mails it is sent
// and, when deliver is set, passes each on.
type sink struct {
	addr    string
	arrived chan sent
	user    string
	pass    string
	mu      sync.Mutex
	refuse  map[string]*smtp.SMTPError // by recipient
	deliver func(from string, to []string, data []byte) error
}

// sent is one mail the sink took.
type sent struct {
	from string
	to   []string
	data []byte
	tls  bool // the session was encrypted
}

// newSink starts a sink; a TLS configuration offers STARTTLS, and with
// implicit set the sink speaks TLS from the first byte.
func newSink(t testing.TB) *sink { return newTLSSink(t, nil, false) }

func newTLSSink(t testing.TB, cfg *tls.Config, implicit bool) *sink {
	t.Helper()
	k := &sink{arrived: make(chan sent, 1000), refuse: map[string]*smtp.SMTPError{}}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		_, tlsOn := c.TLSConnectionState()
		return &sinkSession{k: k, tls: tlsOn}, nil
	}))
	srv.AllowInsecureAuth = cfg == nil
	srv.Domain = "localhost"
	srv.ErrorLog = discardLogger{}
	if !implicit {
		srv.TLSConfig = cfg
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if implicit {
		ln = tls.NewListener(ln, cfg)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	k.addr = ln.Addr().String()
	return k
}

// url is the SMTP_URL of the sink.
func (k *sink) url() *url.URL {
	u := &url.URL{Scheme: "smtp+plain", Host: k.addr}
	if k.user != "" {
		u.User = url.UserPassword(k.user, k.pass)
	}
	return u
}

// next waits for the next mail the sink takes.
func (k *sink) next(t testing.TB) sent {
	t.Helper()
	select {
	case m := <-k.arrived:
		return m
	case <-time.After(20 * time.Second):
		t.Fatal("no mail sent within 20s")
	}
	return sent{}
}

// none checks that no mail is waiting.
func (k *sink) none(t testing.TB) {
	t.Helper()
	select {
	case m := <-k.arrived:
		t.Fatalf("unexpected mail to %v:\n%s", m.to, m.data)
	default:
	}
}

type sinkSession struct {
	k      *sink
	tls    bool
	authed bool
	from   string
	to     []string
}

func (s *sinkSession) AuthMechanisms() []string { return []string{"PLAIN"} }

func (s *sinkSession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != s.k.user || pass != s.k.pass {
			return errors.New("bad credentials")
		}
		s.authed = true
		return nil
	}), nil
}

func (s *sinkSession) Mail(from string, _ *smtp.MailOptions) error {
	if s.k.user != "" && !s.authed {
		return smtp.ErrAuthRequired
	}
	s.from = from
	return nil
}

func (s *sinkSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.k.mu.Lock()
	defer s.k.mu.Unlock()
	if e := s.k.refuse[to]; e != nil {
		return e
	}
	s.to = append(s.to, to)
	return nil
}

func (s *sinkSession) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if s.k.deliver != nil {
		if err := s.k.deliver(s.from, s.to, data); err != nil {
			return err
		}
	}
	s.k.arrived <- sent{from: s.from, to: s.to, data: data, tls: s.tls}
	return nil
}

func (s *sinkSession) Reset()        { s.from, s.to = "", nil }
func (s *sinkSession) Logout() error { return nil }

// rig is a store, an IMAP server with the bot's mailbox, an SMTP sink and
// the transport between them.
type rig struct {
	t    testing.TB
	db   *store.DB
	imap *imapTest
	smtp *sink
	tr   *Transport
	now  time.Time
}

func newRig(t testing.TB) *rig {
	t.Helper()
	r := &rig{t: t, imap: newIMAP(t), smtp: newSink(t), now: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	db, err := store.Open(filepath.Join(t.TempDir(), "umpire.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	r.db = db
	from, _ := mail.ParseAddress("Umpire <" + botAddr + ">")
	r.tr, err = New(context.Background(), Config{IMAP: r.imap.url(), SMTP: r.smtp.url(), From: from, Cursor: bot.Cursors(db),
		Poll: 50 * time.Millisecond, Now: func() time.Time { return r.now }, Log: testLogger(t), Limits: &post.NoLimits})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// testLogger logs to the test's log.
func testLogger(t testing.TB) *slog.Logger {
	return slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(b []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(b), "\n"))
	return len(b), nil
}

// recorder is a Handler that keeps what it is handed, or fails.
type recorder struct {
	mu    sync.Mutex
	got   []wire.Inbound
	fail  error
	ch    chan wire.Inbound
	calls chan struct{} // a tick for every call, failed or not
}

func newRecorder() *recorder {
	return &recorder{ch: make(chan wire.Inbound, 100), calls: make(chan struct{}, 100)}
}

func (r *recorder) Handle(_ context.Context, in wire.Inbound) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls <- struct{}{}
	if r.fail != nil {
		return r.fail
	}
	r.got = append(r.got, in)
	r.ch <- in
	return nil
}

// next waits for the next Inbound.
func (r *recorder) next(t testing.TB) wire.Inbound {
	t.Helper()
	select {
	case in := <-r.ch:
		return in
	case <-time.After(20 * time.Second):
		t.Fatal("nothing handled within 20s")
	}
	return wire.Inbound{}
}

// receive runs the transport's Receive with h until the test ends.
func (r *rig) receive(h wire.Handler) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.tr.Receive(ctx, h) }()
	r.t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			r.t.Errorf("Receive: %v", err)
		}
	})
}

// mailFrom makes a plain text mail.
func mailFrom(from, to, subject, id, body string, extra ...string) []byte {
	var b strings.Builder
	for _, h := range extra {
		b.WriteString(h + "\r\n")
	}
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nMessage-ID: <%s>\r\nDate: Fri, 01 May 2026 12:00:00 +0000\r\n", from, to, subject, id)
	b.WriteString("Content-Type: text/plain; charset=utf-8\r\n\r\n")
	b.WriteString(strings.ReplaceAll(body, "\n", "\r\n"))
	return []byte(b.String())
}

// eventually waits until cond holds, checking every 20 ms for 10 s at
// most, and fails the test if it never does.
func eventually(t testing.TB, what string, cond func() bool) {
	t.Helper()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(10 * time.Second)
	for !cond() {
		select {
		case <-deadline:
			t.Fatalf("waited 10s for %s", what)
		case <-tick.C:
		}
	}
}
