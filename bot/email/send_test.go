package email

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"math/big"
	"net"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-message/mail"
	"github.com/emersion/go-smtp"

	"umpire/bot"
	"umpire/bot/wire"
	"umpire/store"
)

// testTLS makes a certificate for 127.0.0.1 and localhost: the server's
// configuration and a client configuration that trusts it.
func testTLS(t testing.TB) (server, client *tls.Config) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "localhost"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		DNSNames: []string{"localhost"}, IPAddresses: []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}},
		&tls.Config{RootCAs: pool}
}

// tlsIMAP is an in-memory IMAP server that speaks TLS: from the first
// byte when implicit, else after STARTTLS.
func tlsIMAP(t testing.TB, cfg *tls.Config, implicit bool) string {
	mem := imapmemserver.New()
	user := imapmemserver.NewUser(botUser, botPass)
	user.Create("INBOX", nil)
	mem.AddUser(user)
	opts := &imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return mem.NewSession(), nil, nil
		},
		Caps: imap.CapSet{imap.CapIMAP4rev2: {}}, Logger: discardLogger{},
	}
	if !implicit {
		opts.TLSConfig = cfg
	}
	srv := imapserver.New(opts)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if implicit {
		ln = tls.NewListener(ln, cfg)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

func testDB(t testing.TB) *store.DB {
	db, err := store.Open(t.TempDir()+"/umpire.db", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestTLSSchemes connects with each scheme's TLS and sends a mail: the
// password never crosses in the clear.
func TestTLSSchemes(t *testing.T) {
	t.Parallel()
	serverTLS, clientTLS := testTLS(t)
	from, _ := mail.ParseAddress("Umpire <" + botAddr + ">")
	for _, implicit := range []bool{false, true} {
		imapScheme, smtpScheme := "imap", "smtp"
		if implicit {
			imapScheme, smtpScheme = "imaps", "smtps"
		}
		t.Run(imapScheme+"+"+smtpScheme, func(t *testing.T) {
			k := newTLSSink(t, serverTLS, implicit)
			k.user, k.pass = "bot", "smtp pass"
			cfg := Config{
				IMAP: &url.URL{Scheme: imapScheme, User: url.UserPassword(botUser, botPass), Host: tlsIMAP(t, serverTLS, implicit)},
				SMTP: &url.URL{Scheme: smtpScheme, User: url.UserPassword(k.user, k.pass), Host: k.addr},
				From: from, Cursor: bot.Cursors(testDB(t)), TLS: clientTLS, Log: testLogger(t),
			}
			tr, err := New(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if err := tr.Send(context.Background(), wire.Message{To: wire.Address{Transport: Name, ID: alice}, Text: "hello"}); err != nil {
				t.Fatal(err)
			}
			if m := k.next(t); !m.tls || m.to[0] != alice {
				t.Errorf("sent to %v, TLS %v; want to alice over TLS", m.to, m.tls)
			}
		})
	}
}

// TestStartTLSRequired refuses a server that offers no STARTTLS to an
// smtp:// or imap:// URL rather than log in in the clear.
func TestStartTLSRequired(t *testing.T) {
	t.Parallel()
	_, clientTLS := testTLS(t)
	r := newRig(t)
	from, _ := mail.ParseAddress(botAddr)
	smtpURL := *r.smtp.url()
	smtpURL.Scheme = "smtp"
	imapURL := *r.imap.url()
	imapURL.Scheme = "imap"
	for _, cfg := range []Config{
		{IMAP: &imapURL, SMTP: r.smtp.url(), From: from, Cursor: bot.Cursors(r.db), TLS: clientTLS},
		{IMAP: r.imap.url(), SMTP: &smtpURL, From: from, Cursor: bot.Cursors(r.db), TLS: clientTLS},
	} {
		_, err := New(context.Background(), cfg)
		if err == nil || !strings.Contains(err.Error(), "STARTTLS") {
			t.Errorf("New(%s, %s) = %v; want a STARTTLS error", cfg.IMAP.Scheme, cfg.SMTP.Scheme, err)
		}
	}
}

func TestNewWrongPassword(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	from, _ := mail.ParseAddress(botAddr)
	bad := *r.imap.url()
	bad.User = url.UserPassword(botUser, "wrong-horse-battery")
	_, err := New(context.Background(), Config{IMAP: &bad, SMTP: r.smtp.url(), From: from, Cursor: bot.Cursors(r.db)})
	if err == nil || strings.Contains(err.Error(), "wrong-horse-battery") || !strings.Contains(err.Error(), botUser) {
		t.Errorf("New with a wrong password: %v; want an error naming the user, not the password", err)
	}
}

func TestSendFailures(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	r.smtp.refuse["gone@example.org"] = &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
	r.smtp.refuse["busy@example.org"] = &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try later"}
	for _, tt := range []struct {
		to        wire.Address
		permanent bool
	}{
		{wire.Address{Transport: Name, ID: "gone@example.org"}, true},
		{wire.Address{Transport: Name, ID: "busy@example.org"}, false},
		{wire.Address{Transport: "telegram", ID: "42"}, true},
		{wire.Address{Transport: Name, ID: "no-at-sign"}, true},
	} {
		err := r.tr.Send(context.Background(), wire.Message{To: tt.to, Text: "x"})
		if err == nil || errors.Is(err, wire.ErrPermanent) != tt.permanent {
			t.Errorf("Send(%s) = %v; want an error, permanent %v", tt.to, err, tt.permanent)
		}
	}
	// A server that is down is worth retrying.
	r.tr.SMTP = &url.URL{Scheme: "smtp+plain", Host: "127.0.0.1:1"}
	if err := r.tr.Send(context.Background(), wire.Message{To: wire.Address{Transport: Name, ID: alice}, Text: "x"}); err == nil || errors.Is(err, wire.ErrPermanent) {
		t.Errorf("Send with the server down = %v; want a temporary error", err)
	}
}

func TestLimits(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	if l := r.tr.Limits(); len(l.Global) != 0 {
		t.Errorf("Limits with Config.Limits = NoLimits: %+v", l)
	}
	r.tr.Config.Limits = nil
	if l := r.tr.Limits(); len(l.Global) != 1 || l.Global[0].N != 10 || l.Global[0].Per != time.Second || l.Chat != nil {
		t.Errorf("default Limits = %+v; want ten a second in all", l)
	}
}
