package email

import (
	"bufio"
	"io"
	"net/textproto"
	"strings"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"
)

// Bounce is what a delivery status notification (RFC 3464) says: a mail
// the umpire sent could not be delivered.
type Bounce struct {
	Recipient string // the address that failed, lower case
	Status    string // the status code, "5.1.1"
	// Original is the Message-ID of the mail that failed, and ReplyTo
	// its reply addresses: they name the game and the seat.
	Original string
	ReplyTo  []string
	Subject  string
}

// Permanent reports whether the failure is final: a 5.x.x status, or one
// not given. A delay notice (4.x.x) is not a bounce worth telling.
func (b *Bounce) Permanent() bool { return !strings.HasPrefix(b.Status, "4") }

// readReportPart reads one part of a multipart/report: the status fields
// of message/delivery-status, the header of the returned message.
func (m *Mail) readReportPart(p *message.Entity) {
	ct, _, _ := p.Header.ContentType()
	switch ct {
	case "message/delivery-status", "message/global-delivery-status":
		m.bounce().readStatus(io.LimitReader(p.Body, maxText))
	case "message/rfc822", "text/rfc822-headers", "message/global", "message/global-headers":
		m.bounce().readOriginal(io.LimitReader(p.Body, maxText))
	}
}

// bounce returns the mail's Bounce, made on first use.
func (m *Mail) bounce() *Bounce {
	if m.Bounce == nil {
		m.Bounce = new(Bounce)
	}
	return m.Bounce
}

// readStatus reads the per-message and per-recipient field groups of a
// delivery status; the first failed recipient wins.
func (b *Bounce) readStatus(r io.Reader) {
	tp := textproto.NewReader(bufio.NewReader(r))
	for {
		h, err := tp.ReadMIMEHeader()
		action := strings.ToLower(strings.TrimSpace(h.Get("Action")))
		if rcpt := h.Get("Final-Recipient"); rcpt != "" && b.Recipient == "" && (action == "failed" || action == "") {
			_, addr, ok := strings.Cut(rcpt, ";")
			if !ok {
				addr = rcpt
			}
			b.Recipient = strings.ToLower(strings.Trim(strings.TrimSpace(addr), "<>"))
			b.Status = strings.TrimSpace(h.Get("Status"))
		}
		if err != nil {
			return
		}
	}
}

// readOriginal reads the header of the message that failed.
func (b *Bounce) readOriginal(r io.Reader) {
	mr, _ := mail.CreateReader(r)
	if mr == nil {
		return
	}
	b.Original, _ = mr.Header.MessageID()
	b.Subject, _ = mr.Header.Subject()
	b.ReplyTo = addresses(&mr.Header, "Reply-To")
	b.ReplyTo = append(b.ReplyTo, addresses(&mr.Header, "From")...)
}
