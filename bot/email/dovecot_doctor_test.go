package email

import (
	"context"
	"net/mail"
	"net/url"
	"os"
	"strings"
	"testing"

	"umpire/bot/wire"
)

// TestDoctorDovecot runs Diagnose against the test Dovecot and an SMTP
// sink: good settings pass every check, a wrong password fails the login,
// and MAIL_AUTHSERV_ID is looked for in the newest mail's headers.
func TestDoctorDovecot(t *testing.T) {
	t.Parallel()
	raw := os.Getenv("UMPIRE_DOVECOT")
	if raw == "" {
		t.Skip("UMPIRE_DOVECOT is not set; start a Dovecot with bot/email/testdata/dovecot.sh")
	}
	u, _ := url.Parse(raw)
	imapAddr, lmtp := u.Host, u.Query().Get("lmtp")
	emptyMailbox(t, imapAddr, botUser)
	k := newSink(t)
	from, _ := mail.ParseAddress("Umpire <" + botAddr + ">")
	cfg := func(pass, authserv string) Config {
		return Config{IMAP: &url.URL{Scheme: "imap+plain", User: url.UserPassword(botUser, pass), Host: imapAddr, Path: "/INBOX"},
			SMTP: k.url(), From: from, AuthservID: authserv, Poll: DefaultPoll}
	}
	levels := func(fs []wire.Finding) map[string]wire.Level {
		out := map[string]wire.Level{"imap login": -1, "imap idle": -1, "imap mailbox": -1, "smtp login": -1, "mail authserv-id": -1}
		for _, f := range fs {
			out[f.Check] = f.Level
			if strings.Contains(f.Text, dovecotPassword) {
				t.Errorf("a finding holds the password: %q", f.Text)
			}
		}
		return out
	}
	ctx := context.Background()
	got := levels(Diagnose(ctx, cfg(dovecotPassword, "")))
	for _, c := range []string{"imap login", "imap idle", "imap mailbox", "smtp login"} {
		if got[c] != wire.OK {
			t.Errorf("%s: %v with good settings", c, got[c])
		}
	}
	if got["mail authserv-id"] != wire.Warn {
		t.Errorf("no MAIL_AUTHSERV_ID: %v; want a warning", got["mail authserv-id"])
	}
	mailWith := func(header string) {
		t.Helper()
		msg := header + "From: alice@example.org\r\nTo: " + botAddr + "\r\nSubject: hi\r\nMessage-ID: <d" + header[:4] + "@example.org>\r\n\r\nhello\r\n"
		if err := lmtpDeliver(lmtp, "alice@example.org", []string{botAddr}, []byte(msg)); err != nil {
			t.Fatal(err)
		}
	}
	mailWith("Authentication-Results: mx.umpire.test;\r\n dmarc=pass header.from=example.org\r\n")
	if got := levels(Diagnose(ctx, cfg(dovecotPassword, "mx.umpire.test"))); got["mail authserv-id"] != wire.OK {
		t.Errorf("the newest mail names mx.umpire.test: %v", got["mail authserv-id"])
	}
	if got := levels(Diagnose(ctx, cfg(dovecotPassword, "mx.other.test"))); got["mail authserv-id"] != wire.Fail {
		t.Errorf("the newest mail names another server: %v", got["mail authserv-id"])
	}
	if got := levels(Diagnose(ctx, cfg("wrong", ""))); got["imap login"] != wire.Fail {
		t.Errorf("a wrong password: %v", got)
	}
}
