package email

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"strings"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"umpire/bot/wire"
)

// Send mails one message. The recipient's seat key (the bot gives it only
// to the seat's holder, or to one invited while the seat is free) goes
// into the reply address and the subject tag.
// A recipient or a mail the server refuses for good (5xx to RCPT or DATA)
// is a permanent failure; everything else is worth retrying.
func (t *Transport) Send(ctx context.Context, m wire.Message) error {
	if m.To.Transport != Name || !strings.Contains(m.To.ID, "@") {
		return wire.Permanent(fmt.Errorf("email: %s is not an e-mail address", m.To))
	}
	raw, err := compose(letter{msg: m, from: t.From, to: m.To.ID, token: m.SeatKey,
		replyTo: t.lastFrom(m.To.ID, m.Game), date: t.Now(), unsubscribe: t.unsubscribeURL(m.To.ID)})
	if err != nil {
		return wire.Permanent(err)
	}
	return t.deliver(ctx, m.To.ID, raw)
}

// deliver sends a composed mail through the SMTP server.
func (t *Transport) deliver(ctx context.Context, to string, raw []byte) error {
	c, err := t.dialSMTP(ctx)
	if err != nil {
		return err
	}
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	if err := c.Mail(t.self, &smtp.MailOptions{Size: int64(len(raw))}); err != nil {
		return fmt.Errorf("smtp: MAIL FROM: %w", err)
	}
	if err := c.Rcpt(to, nil); err != nil {
		return classify("RCPT TO", err)
	}
	w, err := c.Data()
	if err != nil {
		return classify("DATA", err)
	}
	if _, err := w.Write(raw); err != nil {
		return fmt.Errorf("smtp: DATA: %w", err)
	}
	if err := w.Close(); err != nil {
		return classify("DATA", err)
	}
	return c.Quit()
}

// classify makes a 5xx answer a permanent failure.
func classify(cmd string, err error) error {
	var se *smtp.SMTPError
	if errors.As(err, &se) && se.Code >= 500 {
		return wire.Permanent(fmt.Errorf("smtp: %s: %w", cmd, err))
	}
	return fmt.Errorf("smtp: %s: %w", cmd, err)
}

// dialSMTP connects to the SMTP server, protects the connection as the
// URL's scheme says, and authenticates when the URL has a user.
func (t *Transport) dialSMTP(ctx context.Context) (*smtp.Client, error) {
	addr := hostPort(t.SMTP, smtpSchemes)
	sec := smtpSchemes[t.SMTP.Scheme].tls
	tlsCfg := t.tlsConfig(t.SMTP.Hostname())
	conn, err := dial(ctx, addr, sec == implicitTLS, tlsCfg)
	if err != nil {
		return nil, fmt.Errorf("smtp: connect to %s: %w", addr, err)
	}
	c, err := t.smtpClient(conn, sec, tlsCfg)
	if err != nil {
		return nil, fmt.Errorf("smtp: %s: %w", addr, err)
	}
	if err := t.smtpAuth(c); err != nil {
		c.Close()
		return nil, fmt.Errorf("smtp: %s: %w", addr, err)
	}
	return c, nil
}

// smtpClient greets the server, with STARTTLS when the scheme wants it,
// and says hello as the bot's mail domain.
func (t *Transport) smtpClient(conn net.Conn, sec security, cfg *tls.Config) (*smtp.Client, error) {
	c := smtp.NewClient(conn)
	if sec == startTLS {
		var err error
		if c, err = smtp.NewClientStartTLS(conn, cfg); err != nil {
			conn.Close()
			return nil, fmt.Errorf("STARTTLS: %w", err)
		}
	}
	if err := c.Hello(t.helloName()); err != nil {
		c.Close()
		return nil, fmt.Errorf("EHLO: %w", err)
	}
	return c, nil
}

// smtpAuth logs in with PLAIN when the URL has a user.
func (t *Transport) smtpAuth(c *smtp.Client) error {
	user, pass := credentials(t.SMTP)
	if user == "" {
		return nil
	}
	if err := c.Auth(sasl.NewPlainClient("", user, pass)); err != nil {
		return fmt.Errorf("log in as %q: %w", user, err)
	}
	return nil
}

// helloName is the name the bot gives in EHLO: its mail domain.
func (t *Transport) helloName() string {
	_, d, _ := strings.Cut(t.self, "@")
	return d
}
