package email

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // every charset the mail world uses
	"github.com/emersion/go-message/mail"
)

// MaxSize is the largest mail the umpire reads. A larger one is answered
// with a notice and not processed: a move fits in a line.
const MaxSize = 1 << 20

// maxParts bounds the parts of a mail that ReadMail looks at, maxNesting
// how deep it looks into multiparts, and maxText the text it keeps of one
// part.
const (
	maxParts   = 64
	maxNesting = 8
	maxText    = 64 << 10
)

// Mail is what the umpire reads of one e-mail: who sent it, what it
// answers, the tokens it carries, and its command.
type Mail struct {
	From string // the sender's address, lower case
	// Froms is how many addresses the From header names: more than one
	// and no server's pass vouches for the mail (authres.go).
	Froms      int
	Name       string   // the sender's display name, if any
	To         []string // the recipients (To, Cc, Delivered-To): the bot's reply addresses
	Subject    string
	MessageID  string // without angle brackets; "" when the mail has none
	InReplyTo  []string
	References []string
	Lang       string // the Content-Language, if any
	// Arrived is when the mail came into the mailbox (IMAP's INTERNALDATE):
	// the time a move by mail counts as sent. Zero when read otherwise.
	Arrived time.Time
	// AuthResults are the values of the Authentication-Results headers,
	// topmost first: what the servers on the way found of the sender
	// (authres.go tells which one to trust).
	AuthResults []string
	// Auto is set for a mail no one should answer: an auto-reply, a
	// mailing list, a bounce.
	Auto bool
	// Command is the first lines of the body the sender wrote, with quoted
	// text, attributions, signatures and HTML taken away.
	Command string
	// TooLarge is set when the mail is over MaxSize; nothing but the
	// header was read.
	TooLarge bool
	// Bounce is set for a delivery status notification.
	Bounce *Bounce
}

// ReadMail reads a mail in RFC 5322 form. It reads at most MaxSize bytes
// and sets TooLarge for a longer mail, returning its header only. Parts
// in unknown charsets or encodings are read as they are; attachments are
// ignored. It returns an error only when the header cannot be read.
func ReadMail(r io.Reader) (*Mail, error) {
	raw, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("email: read mail: %w", err)
	}
	m := new(Mail)
	if len(raw) > MaxSize {
		m.TooLarge = true
		raw = headerOnly(raw)
	}
	e, err := message.Read(bytes.NewReader(raw))
	if e == nil {
		return nil, fmt.Errorf("email: read mail header: %w", err)
	}
	m.readHeader(&mail.Header{Header: e.Header})
	if !m.TooLarge {
		m.readBody(e)
	}
	if m.Command == "" && !m.Auto {
		m.Command = subjectWord(m.Subject)
	}
	if m.MessageID == "" {
		m.MessageID = digestID(raw)
	}
	return m, nil
}

// headerOnly cuts a mail after its header.
func headerOnly(raw []byte) []byte {
	for _, sep := range []string{"\r\n\r\n", "\n\n"} {
		if i := bytes.Index(raw, []byte(sep)); i >= 0 {
			return raw[:i+len(sep)]
		}
	}
	return append(raw, "\r\n\r\n"...)
}

// digestID names a mail without a Message-ID by its content, so that the
// same bytes delivered twice are the same message.
func digestID(raw []byte) string {
	sum := sha256.Sum256(raw)
	return "sha256-" + hex.EncodeToString(sum[:16])
}

// readHeader fills in what the header says.
func (m *Mail) readHeader(h *mail.Header) {
	if from, err := h.AddressList("From"); err == nil && len(from) > 0 {
		m.From, m.Name, m.Froms = strings.ToLower(from[0].Address), from[0].Name, len(from)
	} else {
		m.From = strings.ToLower(strings.Trim(strings.TrimSpace(h.Get("From")), "<>"))
	}
	for _, k := range []string{"To", "Cc", "Delivered-To", "X-Original-To"} {
		m.To = append(m.To, addresses(h, k)...)
	}
	m.Subject, _ = h.Subject()
	m.MessageID, _ = h.MessageID()
	m.InReplyTo, _ = h.MsgIDList("In-Reply-To")
	m.References, _ = h.MsgIDList("References")
	m.Lang = strings.TrimSpace(strings.Split(h.Get("Content-Language"), ",")[0])
	m.AuthResults = h.Values("Authentication-Results")
	m.Auto = isAuto(h)
}

// addresses lists the addresses of every field named k.
func addresses(h *mail.Header, k string) []string {
	var out []string
	for _, v := range h.Values(k) {
		list, err := mail.ParseAddressList(v)
		if err != nil {
			if a, err := mail.ParseAddress(strings.TrimSpace(v)); err == nil {
				list = []*mail.Address{a}
			}
		}
		for _, a := range list {
			out = append(out, strings.ToLower(a.Address))
		}
	}
	return out
}

// isAuto reports whether a mail was sent by a machine that must not be
// answered (RFC 3834): auto-replies, lists, bulk mail, and bounces in any
// form — a null return path, a mailer daemon — lest two machines answer
// each other for ever.
func isAuto(h *mail.Header) bool {
	if a := strings.ToLower(strings.TrimSpace(h.Get("Auto-Submitted"))); a != "" && a != "no" {
		return true
	}
	switch strings.ToLower(strings.TrimSpace(h.Get("Precedence"))) {
	case "bulk", "junk", "list", "auto_reply":
		return true
	}
	if strings.TrimSpace(h.Get("Return-Path")) == "<>" {
		return true
	}
	for _, k := range []string{"List-Id", "X-Autoreply", "X-Autorespond", "X-Failed-Recipients"} {
		if h.Get(k) != "" {
			return true
		}
	}
	from := addresses(h, "From")
	return len(from) > 0 && isDaemon(from[0])
}

// isDaemon reports whether an address is a mail system's own.
func isDaemon(addr string) bool {
	local, _, _ := strings.Cut(addr, "@")
	switch local {
	case "mailer-daemon", "postmaster", "mail-daemon", "mailerdaemon":
		return true
	}
	return false
}

// readBody finds the command: in the first plain text part, else in the
// first HTML part made text. A delivery status report is read as a
// Bounce instead.
func (m *Mail) readBody(e *message.Entity) {
	t, params, _ := e.Header.ContentType()
	report := t == "multipart/report" && strings.EqualFold(params["report-type"], "delivery-status")
	var b body
	b.walk(e, 0, func(p *message.Entity) {
		if report {
			m.readReportPart(p)
		} else {
			b.take(p)
		}
	})
	switch {
	case report:
		m.Auto = true
	case b.havePlain && strings.TrimSpace(b.plain) != "":
		m.Command = command(b.plain)
	case b.haveHTML:
		m.Command = command(htmlText(b.html))
	}
}

// body is the text of a mail: its first plain and first HTML part.
type body struct {
	plain, html         string
	havePlain, haveHTML bool
	parts               int
}

// walk calls fn for each leaf part of e, depth first, down to maxNesting
// levels and up to maxParts parts: a mail built to nest deeper costs no
// more than one that does not.
func (b *body) walk(e *message.Entity, depth int, fn func(*message.Entity)) {
	mr := e.MultipartReader()
	if mr == nil {
		b.parts++
		fn(e)
		return
	}
	if depth >= maxNesting {
		return
	}
	for b.parts < maxParts {
		p, err := mr.NextPart()
		if err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err) {
			return
		}
		b.walk(p, depth+1, fn)
	}
}

// take keeps a part if it is the first text of its kind; attachments and
// pictures are ignored.
func (b *body) take(p *message.Entity) {
	ct, cp, _ := p.Header.ContentType()
	disp, _, _ := p.Header.ContentDisposition()
	if disp == "attachment" {
		return
	}
	switch {
	case (ct == "text/plain" || ct == "") && !b.havePlain:
		b.plain, b.havePlain = readText(p.Body), true
		if strings.EqualFold(cp["format"], "flowed") {
			b.plain = unflow(b.plain, strings.EqualFold(cp["delsp"], "yes"))
		}
	case ct == "text/html" && !b.haveHTML:
		b.html, b.haveHTML = readText(p.Body), true
	}
}

// readText reads at most maxText bytes of a text part.
func readText(r io.Reader) string {
	b, _ := io.ReadAll(io.LimitReader(r, maxText))
	return strings.ToValidUTF8(string(b), "\uFFFD")
}

// unflow joins the lines of a format=flowed text (RFC 3676) that end in a
// space with the next line.
func unflow(text string, delsp bool) string {
	var b strings.Builder
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(nil, maxText)
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if line != "-- " && strings.HasSuffix(line, " ") && !strings.HasPrefix(line, ">") {
			if delsp {
				line = line[:len(line)-1]
			}
			b.WriteString(line)
			continue
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// subjectWord is the command of a mail with an empty body, as a
// List-Unsubscribe mailto sends (subject=stop): the subject's one word,
// after any "Re:" and token tags; "" when it has more or none, or when the
// word would open a quote, a signature or a forwarded message in a body.
func subjectWord(subject string) string {
	s := stripTag(subject)
	for {
		t := strings.TrimSpace(s)
		if len(t) < 3 || !strings.EqualFold(t[:3], "re:") {
			s = t
			break
		}
		s = t[3:]
	}
	w := strings.Fields(s)
	if len(w) != 1 || len(w[0]) > 32 || isQuote(w[0]) || isSignature(w[0]) || isSeparator(w[0]) || attribution(w) > 0 {
		return ""
	}
	return w[0]
}
