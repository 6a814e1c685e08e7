package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"umpire/internal/testkit"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-smtp"
)

const (
	mailUser = "umpire@example.net"
	mailPass = "pass/word with spaces"
)

// mailServers starts go-imap's in-memory IMAP server with the bot's
// mailbox and a go-smtp server that passes what it takes to sent; it
// returns their URLs.
func mailServers(t *testing.T, sent chan<- []byte) (inbox *imapmemserver.User, imapURL, smtpURL string) {
	t.Helper()
	mem := imapmemserver.New()
	inbox = imapmemserver.NewUser(mailUser, mailPass)
	inbox.Create("INBOX", nil)
	mem.AddUser(inbox)
	is := imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return mem.NewSession(), nil, nil
		},
		Caps:         imap.CapSet{imap.CapIMAP4rev2: {}},
		InsecureAuth: true,
		Logger:       quiet{},
	})
	ss := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &mailSession{sent: sent}, nil }))
	ss.AllowInsecureAuth, ss.Domain, ss.ErrorLog = true, "localhost", quiet{}
	for _, serve := range []func(net.Listener) error{is.Serve, ss.Serve} {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		go serve(ln)
		if imapURL == "" {
			imapURL = (&url.URL{Scheme: "imap+plain", User: url.UserPassword(mailUser, mailPass), Host: ln.Addr().String(), Path: "/INBOX"}).String()
		} else {
			smtpURL = "smtp+plain://" + ln.Addr().String()
		}
	}
	t.Cleanup(func() { is.Close(); ss.Close() })
	return inbox, imapURL, smtpURL
}

type quiet struct{}

func (quiet) Printf(string, ...any) {}
func (quiet) Println(...any)        {}

type mailSession struct{ sent chan<- []byte }

func (s *mailSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s *mailSession) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (s *mailSession) Reset()                               {}
func (s *mailSession) Logout() error                        { return nil }
func (s *mailSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	s.sent <- b
	return err
}

type mailLiteral struct{ *bytes.Reader }

func (l mailLiteral) Size() int64 { return l.Reader.Size() }

// TestServeEmail runs `umpire serve` on a mailbox: a player asks for a
// game by mail and gets the answer (its confirmation) by mail; the log never holds the
// password.
func TestServeEmail(t *testing.T) {
	t.Parallel()
	sent := make(chan []byte, 10)
	inbox, imapURL, smtpURL := mailServers(t, sent)
	env := map[string]string{"IMAP_URL": imapURL, "SMTP_URL": smtpURL, "MAIL_FROM": "Umpire <" + mailUser + ">", "UMPIRE_LOG": "debug"}
	var out, errs testkit.SyncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "-db", filepath.Join(t.TempDir(), "u.db")}, strings.NewReader(""), &out, &errs,
			func(k string) string { return env[k] })
	}()
	mail := "From: Alice <alice@example.org>\r\nTo: " + mailUser + "\r\nSubject: a game\r\nMessage-ID: <a1@example.org>\r\n\r\nnew kriegspiel white\r\n"
	if _, err := inbox.Append("INBOX", mailLiteral{bytes.NewReader([]byte(mail))}, &imap.AppendOptions{}); err != nil {
		t.Fatal(err)
	}
	select {
	case b := <-sent:
		// a first mail from an address is confirmed by a reply first: the
		// answer is its confirmation, the token in the reply address
		if !bytes.Contains(b, []byte("To: <alice@example.org>")) || !bytes.Contains(b, []byte("umpire+0-")) {
			t.Errorf("answer to new kriegspiel:\n%s", b)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("no answer within 30s; log:\n%s", errs.String())
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("serve = %v", err)
	}
	if log := errs.String(); strings.Contains(log, mailPass) || strings.Contains(log, url.PathEscape(mailPass)) || !strings.Contains(log, "email") {
		t.Errorf("log holds the password, or not the transport:\n%s", log)
	}
}

func TestServeEmailRefusesBadSettings(t *testing.T) {
	t.Parallel()
	_, imapURL, smtpURL := mailServers(t, make(chan []byte, 1))
	wrong := strings.Replace(imapURL, url.UserPassword(mailUser, mailPass).String(), url.UserPassword(mailUser, "not-it").String(), 1)
	for _, tt := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"IMAP_URL": imapURL, "MAIL_FROM": mailUser}, "SMTP_URL"},
		{map[string]string{"IMAP_URL": imapURL, "SMTP_URL": smtpURL}, "MAIL_FROM"},
		{map[string]string{"IMAP_URL": wrong, "SMTP_URL": smtpURL, "MAIL_FROM": mailUser}, "log in"},
		{map[string]string{"IMAP_URL": "imap+plain://u:not-it@imap.example.org", "SMTP_URL": smtpURL, "MAIL_FROM": mailUser}, "loopback"},
	} {
		var out, errs testkit.SyncBuffer
		err := run(context.Background(), []string{"serve", "-db", filepath.Join(t.TempDir(), "u.db")}, strings.NewReader(""), &out, &errs,
			func(k string) string { return tt.env[k] })
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "not-it") || strings.Contains(err.Error(), mailPass) {
			t.Errorf("serve with %v = %v; want an error with %q and no password", tt.env, err, tt.want)
		}
	}
}
