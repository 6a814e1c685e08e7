package email

import (
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strings"
	"time"

	"github.com/emersion/go-message/mail"

	"umpire/bot/wire"
)

// DefaultPoll is how often the mailbox is polled when the server has no
// IDLE, and how long an IDLE waits before it checks anyway.
const DefaultPoll = time.Minute

// Config are the settings of a Transport. IMAP, SMTP, From and Cursor are
// required; the zero value of every other field is a working default.
type Config struct {
	// IMAP is the mailbox to read (IMAP_URL):
	// imaps://user:password@host[:993]/INBOX for TLS,
	// imap://user:password@host[:143]/INBOX for STARTTLS (required), and
	// imap+plain://… for no TLS at all, allowed on a loopback host only.
	// The user and password are percent-encoded (bot%40example.org).
	IMAP *url.URL
	// SMTP is the server to send through (SMTP_URL): smtps://…[:465] for
	// TLS, smtp://…[:587] for STARTTLS (required), smtp+plain://… on a
	// loopback host only. Without a user nothing is authenticated.
	SMTP *url.URL
	// From is the bot's address (MAIL_FROM), "Umpire <umpire@example.org>".
	// Replies come to it with a token after a "+": the mail server must
	// deliver umpire+anything@example.org to the IMAP mailbox.
	From *mail.Address
	// AuthservID is the authserv-id of the operator's receiving mail
	// server (MAIL_AUTHSERV_ID), the first word of the
	// Authentication-Results headers it adds: "mx.example.org". Only the
	// topmost header naming it is trusted (authres.go). Empty: no header
	// is trusted, and seat keys alone protect the games.
	AuthservID string
	// UnsubscribeURL is the public HTTPS URL of the one-click unsubscribe
	// (MAIL_UNSUBSCRIBE_URL, RFC 8058), served on UnsubscribeListen
	// (MAIL_UNSUBSCRIBE_LISTEN, as ":8025", which is loopback, or
	// "0.0.0.0:8025" for every interface: wire.ListenAddr) behind the
	// operator's HTTPS proxy; nil for none: unsolicited mails then offer
	// the mailto alone (unsubscribe.go).
	UnsubscribeURL    *url.URL
	UnsubscribeListen string
	// UnsubscribeLimits bound the unsubscribe server's connections
	// (wire.HTTPLimits); the zero value: wire.DefaultHTTPLimits.
	UnsubscribeLimits wire.HTTPLimits
	// Cursor keeps the mailbox's UIDVALIDITY and last UID read; the bot
	// hands one (bot.Cursors).
	Cursor wire.Cursor
	// TLS is the TLS configuration for both servers; nil means the
	// system's roots. Tests give one that trusts their own certificate.
	TLS *tls.Config
	// Poll is the polling interval without IDLE; 0 means DefaultPoll.
	Poll time.Duration
	// Limits are the rate limits of the outbox sender; nil means
	// MailLimits. A provider with stricter limits (or a test) sets its
	// own.
	Limits *wire.Limits
	// Now is the clock for Date headers; nil means time.Now.
	Now func() time.Time
	// Log is the logger; nil means slog.Default(). No password reaches it.
	Log *slog.Logger
}

// FromEnv reads IMAP_URL, SMTP_URL and MAIL_FROM, and MAIL_AUTHSERV_ID,
// MAIL_UNSUBSCRIBE_URL and MAIL_UNSUBSCRIBE_LISTEN when set. It returns ok == false
// when none is set (e-mail is not configured), and an error naming the
// variable to change when one is missing or wrong. Errors never quote a
// password. Cursor and the rest are for the caller to fill in.
func FromEnv(getenv func(string) string) (cfg Config, ok bool, err error) {
	imapURL, smtpURL, from := getenv("IMAP_URL"), getenv("SMTP_URL"), getenv("MAIL_FROM")
	if imapURL == "" && smtpURL == "" && from == "" {
		return cfg, false, nil
	}
	if cfg.IMAP, err = parseURL("IMAP_URL", imapURL, imapSchemes); err != nil {
		return cfg, true, err
	}
	if cfg.SMTP, err = parseURL("SMTP_URL", smtpURL, smtpSchemes); err != nil {
		return cfg, true, err
	}
	if cfg.From, err = parseFrom(from); err != nil {
		return cfg, true, err
	}
	cfg.AuthservID = strings.TrimSpace(getenv("MAIL_AUTHSERV_ID"))
	cfg.UnsubscribeURL, cfg.UnsubscribeListen, err = unsubscribeFromEnv(getenv)
	return cfg, true, err
}

// A scheme says how to reach a server: its default port and its TLS.
type scheme struct {
	port string
	tls  security
}

// security is how a connection is protected.
type security int

const (
	implicitTLS security = iota // TLS from the first byte
	startTLS                    // plain, then STARTTLS, which must succeed
	noTLS                       // plain all along: loopback only
)

var (
	imapSchemes = map[string]scheme{"imaps": {"993", implicitTLS}, "imap": {"143", startTLS}, "imap+plain": {"143", noTLS}}
	smtpSchemes = map[string]scheme{"smtps": {"465", implicitTLS}, "smtp": {"587", startTLS}, "smtp+plain": {"25", noTLS}}
)

// parseURL reads a server URL and checks it against schemes.
func parseURL(name, raw string, schemes map[string]scheme) (*url.URL, error) {
	if raw == "" {
		return nil, fmt.Errorf("%s is not set: e-mail needs IMAP_URL, SMTP_URL and MAIL_FROM together", name)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("%s is not a URL (like %s): %v", name, example(schemes), redactErr(err))
	}
	s, ok := schemes[u.Scheme]
	switch {
	case !ok:
		return nil, fmt.Errorf("%s: scheme %q: want one of %s", name, u.Scheme, schemeList(schemes))
	case u.Hostname() == "":
		return nil, fmt.Errorf("%s: no host in the URL", name)
	case s.tls == noTLS && !isLoopback(u.Hostname()):
		return nil, fmt.Errorf("%s: %s sends the password in the clear and is for a loopback host only; use %s", name, u.Scheme, strings.TrimSuffix(u.Scheme, "+plain")+"s")
	}
	return u, nil
}

// example is an example URL for a scheme set.
func example(schemes map[string]scheme) string {
	if _, ok := schemes["imaps"]; ok {
		return "imaps://bot%40example.org:password@imap.example.org/INBOX"
	}
	return "smtps://bot%40example.org:password@smtp.example.org"
}

func schemeList(schemes map[string]scheme) string {
	for k := range schemes {
		if strings.HasSuffix(k, "s") {
			b := strings.TrimSuffix(k, "s")
			return k + ":// (TLS), " + b + ":// (STARTTLS), " + b + "+plain:// (loopback only)"
		}
	}
	return ""
}

// redactErr drops the URL from a url.Error, which may hold a password.
func redactErr(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// isLoopback reports whether host is localhost or a loopback address.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// parseFrom reads MAIL_FROM.
func parseFrom(raw string) (*mail.Address, error) {
	if raw == "" {
		return nil, errors.New("MAIL_FROM is not set: give the bot's address, like Umpire <umpire@example.org>")
	}
	a, err := mail.ParseAddress(raw)
	if err != nil || !strings.Contains(a.Address, "@") {
		return nil, fmt.Errorf("MAIL_FROM %q is not an address like Umpire <umpire@example.org>", raw)
	}
	if strings.Contains(strings.SplitN(a.Address, "@", 2)[0], "+") {
		return nil, fmt.Errorf("MAIL_FROM %q: give the address without a +tag; the bot adds its own", raw)
	}
	return a, nil
}

// hostPort is a URL's host with its scheme's default port.
func hostPort(u *url.URL, schemes map[string]scheme) string {
	if u.Port() != "" {
		return u.Host
	}
	return net.JoinHostPort(u.Hostname(), schemes[u.Scheme].port)
}

// credentials are a URL's user and password ("" when none).
func credentials(u *url.URL) (user, pass string) {
	if u.User == nil {
		return "", ""
	}
	pass, _ = u.User.Password()
	return u.User.Username(), pass
}

// mailbox is the mailbox a URL names; INBOX when none.
func mailbox(u *url.URL) string {
	if m := strings.Trim(u.Path, "/"); m != "" {
		return m
	}
	return "INBOX"
}

// check fills in the defaults and refuses a Config that lacks what is
// required.
func (c *Config) check() error {
	switch {
	case c.IMAP == nil:
		return errors.New("email: no IMAP URL")
	case c.SMTP == nil:
		return errors.New("email: no SMTP URL")
	case c.From == nil:
		return errors.New("email: no From address")
	case c.Cursor == nil:
		return errors.New("email: no cursor")
	}
	if c.Poll <= 0 {
		c.Poll = DefaultPoll
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	return nil
}

// unsubscribeFromEnv reads MAIL_UNSUBSCRIBE_URL (an https URL) and
// MAIL_UNSUBSCRIBE_LISTEN, which go together.
func unsubscribeFromEnv(getenv func(string) string) (*url.URL, string, error) {
	raw, listen := strings.TrimSpace(getenv("MAIL_UNSUBSCRIBE_URL")), strings.TrimSpace(getenv("MAIL_UNSUBSCRIBE_LISTEN"))
	if raw == "" && listen == "" {
		return nil, "", nil
	}
	u, err := url.Parse(raw)
	switch {
	case err != nil || u.Scheme != "https" || u.Host == "" || u.RawQuery != "":
		return nil, "", fmt.Errorf("MAIL_UNSUBSCRIBE_URL: want the public https URL of the one-click unsubscribe, like https://umpire.example.org/unsubscribe, without a query")
	case listen == "":
		return nil, "", errors.New("MAIL_UNSUBSCRIBE_LISTEN is not set: the address umpire serve answers MAIL_UNSUBSCRIBE_URL on, like :8025 (loopback)")
	}
	if listen, err = wire.ListenAddr(listen); err != nil {
		return nil, "", fmt.Errorf("MAIL_UNSUBSCRIBE_LISTEN: %w", err)
	}
	return u, listen, nil
}
