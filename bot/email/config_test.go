package email

import (
	"strings"
	"testing"
)

// envTests are settings and what FromEnv makes of them: the error's
// words, or "" for none.
var envTests = []struct {
	name            string
	imap, smtp, frm string
	err             string
}{
	{name: "gmail", imap: "imaps://umpire.bot%40gmail.com:app-password@imap.gmail.com/INBOX",
		smtp: "smtps://umpire.bot%40gmail.com:app-password@smtp.gmail.com", frm: "Umpire <umpire.bot@gmail.com>"},
	{name: "starttls", imap: "imap://bot:app-password@mail.example.org", smtp: "smtp://bot:app-password@mail.example.org:587", frm: "bot@example.org"},
	{name: "loopback", imap: "imap+plain://bot:app-password@127.0.0.1:1143/INBOX", smtp: "smtp+plain://[::1]:2525", frm: "bot@example.org"},
	{name: "plain on the net", imap: "imap+plain://bot:app-password@mail.example.org", smtp: "smtps://mail.example.org", frm: "bot@example.org",
		err: "IMAP_URL: imap+plain sends the password in the clear"},
	{name: "no SMTP", imap: "imaps://bot:app-password@mail.example.org", frm: "bot@example.org", err: "SMTP_URL is not set"},
	{name: "no from", imap: "imaps://bot:app-password@mail.example.org", smtp: "smtps://mail.example.org", err: "MAIL_FROM is not set"},
	{name: "scheme", imap: "https://bot:app-password@mail.example.org", smtp: "smtps://mail.example.org", frm: "bot@example.org", err: `IMAP_URL: scheme "https"`},
	{name: "bad URL", imap: "imaps://bot:app-password@mail.example.org:port", smtp: "smtps://mail.example.org", frm: "bot@example.org", err: "IMAP_URL is not a URL"},
	{name: "no host", imap: "imaps://bot:app-password@/INBOX", smtp: "smtps://mail.example.org", frm: "bot@example.org", err: "IMAP_URL: no host"},
	{name: "tagged from", imap: "imaps://mail.example.org", smtp: "smtps://mail.example.org", frm: "bot+x@example.org", err: "without a +tag"},
	{name: "bad from", imap: "imaps://mail.example.org", smtp: "smtps://mail.example.org", frm: "Umpire", err: "MAIL_FROM"},
}

func TestFromEnv(t *testing.T) {
	t.Parallel()
	for _, tt := range envTests {
		t.Run(tt.name, func(t *testing.T) {
			env := map[string]string{"IMAP_URL": tt.imap, "SMTP_URL": tt.smtp, "MAIL_FROM": tt.frm}
			cfg, ok, err := FromEnv(func(k string) string { return env[k] })
			if !ok {
				t.Fatal("FromEnv: ok = false with settings")
			}
			switch {
			case tt.err == "" && err != nil:
				t.Errorf("FromEnv: %v", err)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Errorf("FromEnv = %v; want an error with %q", err, tt.err)
			case err != nil && strings.Contains(err.Error(), "app-password"):
				t.Errorf("FromEnv's error shows the password: %v", err)
			case err == nil && (cfg.IMAP == nil || cfg.SMTP == nil || cfg.From == nil):
				t.Errorf("FromEnv = %+v; want every setting", cfg)
			}
		})
	}
	if _, ok, err := FromEnv(func(string) string { return "" }); ok || err != nil {
		t.Errorf("FromEnv with nothing set = %v, %v; want not configured", ok, err)
	}
}

func TestURLParts(t *testing.T) {
	t.Parallel()
	env := map[string]string{"IMAP_URL": "imaps://bot%40example.org:p%40ss@imap.example.org/Games/Umpire",
		"SMTP_URL": "smtp://smtp.example.org", "MAIL_FROM": "bot@example.org"}
	cfg, _, err := FromEnv(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	user, pass := credentials(cfg.IMAP)
	if user != "bot@example.org" || pass != "p@ss" || mailbox(cfg.IMAP) != "Games/Umpire" ||
		hostPort(cfg.IMAP, imapSchemes) != "imap.example.org:993" || hostPort(cfg.SMTP, smtpSchemes) != "smtp.example.org:587" {
		t.Errorf("user %q, pass %q, mailbox %q, hosts %s %s", user, pass, mailbox(cfg.IMAP),
			hostPort(cfg.IMAP, imapSchemes), hostPort(cfg.SMTP, smtpSchemes))
	}
	if u, _ := credentials(cfg.SMTP); u != "" {
		t.Errorf("SMTP user = %q; want none", u)
	}
}

// The strangers' settings: MAIL_AUTHSERV_ID as given, and the one-click
// unsubscribe URL (https, no query) with the address to serve it on.
func TestFromEnvStrangers(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		authserv, url, listen string
		err                   string
	}{
		{authserv: " mx.example.org "},
		{url: "https://umpire.example.org/unsubscribe", listen: "127.0.0.1:8025"},
		{url: "http://umpire.example.org/unsubscribe", listen: "127.0.0.1:8025", err: "MAIL_UNSUBSCRIBE_URL"},
		{url: "https://umpire.example.org/u?x=1", listen: "127.0.0.1:8025", err: "without a query"},
		{url: "https://umpire.example.org/unsubscribe", err: "MAIL_UNSUBSCRIBE_LISTEN is not set"},
		{listen: ":8025", err: "MAIL_UNSUBSCRIBE_URL"},
	} {
		env := map[string]string{"IMAP_URL": "imaps://mail.example.org", "SMTP_URL": "smtps://mail.example.org", "MAIL_FROM": "bot@example.org",
			"MAIL_AUTHSERV_ID": tt.authserv, "MAIL_UNSUBSCRIBE_URL": tt.url, "MAIL_UNSUBSCRIBE_LISTEN": tt.listen}
		cfg, _, err := FromEnv(func(k string) string { return env[k] })
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%+v: %v", tt, err)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%+v: error %v; want one saying %q", tt, err, tt.err)
		case err == nil && (cfg.AuthservID != strings.TrimSpace(tt.authserv) || cfg.UnsubscribeListen != tt.listen):
			t.Errorf("%+v: AuthservID %q, UnsubscribeListen %q", tt, cfg.AuthservID, cfg.UnsubscribeListen)
		}
	}
}
