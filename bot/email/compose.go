package email

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html"
	"mime"
	"net/url"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"

	"umpire/bot/wire"
)

// letter is everything a mail the bot sends is made of. Compose is a pure
// function of it: the same letter makes the same bytes, so two games a
// seat cannot tell apart send it the same mail, boundaries included.
type letter struct {
	msg     wire.Message
	from    *mail.Address
	to      string
	token   string    // the recipient's seat token, or ""
	replyTo string    // the last Message-ID the recipient wrote about the game, or ""
	date    time.Time // the Date header
	// unsubscribe is the recipient's one-click URL, or "" (unsubscribe.go)
	unsubscribe string
}

// maxSubject bounds the subject's length in runes, before the tag.
const maxSubject = 100

// picture names the attached picture: the same for every mail, so that no
// file name says anything.
const picture = "board.png"

// compose writes the mail: the text as a plain part (with the text board)
// and, with a picture, an HTML part showing it inline beside it — the
// picture once, in a multipart/related with alt text, which clients that
// show no HTML list as an attachment anyway. Threading headers tie every
// mail of a conversation (wire.Message.Thread) to the one that opened it.
// Nothing in a header or a file name comes from anywhere but the
// message's subject (the game and the reader's seat, which the reader
// knows) or the first line of its text, the recipient's own token and
// opaque Message-IDs.
func compose(l letter) ([]byte, error) {
	var body part
	text := textPart("text/plain", plainText(l.msg))
	switch {
	case len(l.msg.Sections) > 0:
		body = l.digestBody()
	case len(l.msg.Image) > 0:
		cid := "board@" + l.domain()
		body = multipart("multipart/alternative", text,
			multipart("multipart/related", textPart("text/html", l.htmlPage(cid)), imagePart(l.msg.Image, picture, cid)))
	case len(l.msg.Buttons) > 0:
		body = multipart("multipart/alternative", text, textPart("text/html", l.htmlPage("")))
	default:
		body = text
	}
	if len(l.msg.Files) > 0 {
		body = withFiles(body, l.msg.Files)
	}
	body.bound(l.boundarySeed(), "0")
	body.header = l.header(body.header).Header
	var b bytes.Buffer
	if err := body.write(&b); err != nil {
		return nil, fmt.Errorf("email: compose: %w", err)
	}
	return b.Bytes(), nil
}

// header makes the mail's header around the body's content fields. The
// fields are set last first: go-message writes the last set first.
func (l letter) header(content message.Header) mail.Header {
	var h mail.Header
	for _, k := range []string{"Content-Transfer-Encoding", "Content-Type"} {
		if v := content.Get(k); v != "" {
			h.Set(k, v)
		}
	}
	h.Set("MIME-Version", "1.0")
	h.Set("Auto-Submitted", "auto-replied")
	h.Set("List-Id", l.listID())
	l.listUnsubscribe(&h)
	if refs := l.references(); len(refs) > 0 {
		h.SetMsgIDList("References", refs)
		h.SetMsgIDList("In-Reply-To", refs[len(refs)-1:])
	}
	h.SetMessageID(l.messageID())
	h.SetSubject(l.subject())
	if l.token != "" {
		h.SetAddressList("Reply-To", []*mail.Address{{Name: l.from.Name, Address: replyAddress(l.from.Address, l.token)}})
	}
	h.SetAddressList("To", []*mail.Address{{Address: l.to}})
	h.SetAddressList("From", []*mail.Address{l.from})
	h.SetDate(l.date)
	return h
}

// subject is the message's subject (the game and its move number), else
// the first line of its text, cut short, with the tag.
func (l letter) subject() string {
	s := l.msg.Subject
	if s == "" {
		s, _, _ = strings.Cut(strings.TrimSpace(l.msg.Text), "\n")
	}
	s = strings.TrimSpace(s)
	if s == "" {
		s = l.from.Name
	}
	if utf8.RuneCountInString(s) > maxSubject {
		s = string([]rune(s)[:maxSubject-1]) + "…"
	}
	return s + subjectTag(l.token)
}

// domain is the bot's mail domain.
func (l letter) domain() string {
	_, d, _ := strings.Cut(l.from.Address, "@")
	return d
}

// messageID is the mail's Message-ID: the message's opaque key, which the
// bot derives so that it tells nothing, or a digest of the letter.
func (l letter) messageID() string {
	key := l.msg.Key
	if key == "" {
		key = "d" + digest(l.to, l.msg.Text, l.date.String())
	}
	return "umpire." + key + "@" + l.domain()
}

// references are the Message-IDs the mail follows: the one that opened
// its conversation (unless it is that one) and the player's last mail
// about the game, which it answers.
func (l letter) references() []string {
	var refs []string
	if t := l.msg.Thread; t != "" && t != l.msg.Key {
		refs = append(refs, "umpire."+t+"@"+l.domain())
	}
	if l.replyTo != "" {
		refs = append(refs, l.replyTo)
	}
	return refs
}

// listID is the List-Id header that names the umpire (RFC 2919), for
// players to filter its mails by: its name and its address as a dotted
// id, "Umpire <umpire.example.org>".
func (l letter) listID() string {
	local, _, _ := strings.Cut(l.from.Address, "@")
	if i := strings.IndexByte(local, '+'); i >= 0 {
		local = local[:i]
	}
	id := listIDAtom.ReplaceAllString(strings.ToLower(local), "-") + "." + strings.ToLower(l.domain())
	name := l.from.Name
	if name == "" {
		name = "umpire"
	}
	return mime.QEncoding.Encode("utf-8", name) + " <" + id + ">"
}

// listIDAtom matches what may not stand in a List-Id's dot-atom.
var listIDAtom = regexp.MustCompile(`[^a-z0-9!#$%&'*+/=?^_{|}~-]+`)

// boundarySeed makes the multipart boundaries: from the Message-ID, not
// from chance, so that a letter always makes the same bytes.
func (l letter) boundarySeed() string { return digest(l.messageID())[:24] }

// digest is a hex SHA-256 of the parts.
func digest(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:%s", len(p), p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// plainText is the text part: the message's text and, when it has one,
// its board as a text diagram.
func plainText(m wire.Message) string {
	t := strings.TrimRight(m.Text, "\n") + "\n"
	if m.Board != "" {
		t += "\n" + strings.TrimRight(m.Board, "\n") + "\n"
	}
	return t
}

// htmlPage is the HTML part: the text, the buttons as links that open a
// reply with their command, then the picture when cid names one.
func (l letter) htmlPage(cid string) string {
	m := l.msg
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html><body>\n")
	htmlLines(&b, m.Text)
	if len(m.Buttons) > 0 {
		b.WriteString("<p>")
		for i, bt := range m.Buttons {
			if i > 0 {
				b.WriteString(" · ")
			}
			fmt.Fprintf(&b, "<a href=\"%s\">%s</a>", html.EscapeString(l.mailto(bt.Command)), html.EscapeString(bt.Label))
		}
		b.WriteString("</p>\n")
	}
	if cid != "" {
		fmt.Fprintf(&b, "<p><img src=\"cid:%s\" alt=\"%s\"></p>\n", cid, html.EscapeString(firstLine(m.Text)))
	}
	b.WriteString("</body></html>\n")
	return b.String()
}

// mailto is a link that opens a reply to this mail with command as its
// body (RFC 6068).
func (l letter) mailto(command string) string {
	esc := func(s string) string { return strings.ReplaceAll(url.QueryEscape(s), "+", "%20") }
	to := replyAddress(l.from.Address, l.token)
	return "mailto:" + to + "?subject=" + esc("Re: "+l.subject()) + "&body=" + esc(command)
}

// htmlLines writes text as HTML, a <div> a line.
func htmlLines(b *strings.Builder, text string) {
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		fmt.Fprintf(b, "<div>%s</div>\n", html.EscapeString(line))
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return l
}

// part is a MIME entity to write: a leaf with a body, or a multipart.
type part struct {
	header message.Header
	body   []byte
	parts  []part
}

func textPart(typ, text string) part {
	var h message.Header
	h.SetContentType(typ, map[string]string{"charset": "utf-8"})
	h.Set("Content-Transfer-Encoding", "quoted-printable")
	return part{header: h, body: []byte(text)}
}

// imagePart is a picture shown inline, under a name and a Content-ID.
func imagePart(png []byte, name, cid string) part {
	var h message.Header
	h.SetContentType("image/png", map[string]string{"name": name})
	h.SetContentDisposition("inline", map[string]string{"filename": name})
	h.Set("Content-Transfer-Encoding", "base64")
	if cid != "" {
		h.Set("Content-ID", "<"+cid+">")
	}
	return part{header: h, body: png}
}

// withFiles adds the message's files as attachments: to a multipart/mixed
// body, or around any other.
func withFiles(body part, files []wire.File) part {
	if typ, _, _ := body.header.ContentType(); typ != "multipart/mixed" {
		body = multipart("multipart/mixed", body)
	}
	for _, f := range files {
		body.parts = append(body.parts, filePart(f))
	}
	return body
}

// filePart is a file as an attachment, under the name the bot gave it.
func filePart(f wire.File) part {
	var h message.Header
	h.SetContentType(f.Type, map[string]string{"name": f.Name})
	h.SetContentDisposition("attachment", map[string]string{"filename": f.Name})
	h.Set("Content-Transfer-Encoding", "base64")
	return part{header: h, body: f.Data}
}

func multipart(typ string, parts ...part) part {
	var h message.Header
	h.SetContentType(typ, nil)
	return part{header: h, parts: parts}
}

// write writes the part; bound gave it its boundaries.
func (p part) write(w *bytes.Buffer) error {
	mw, err := message.CreateWriter(w, p.header)
	if err != nil {
		return err
	}
	return p.writeBody(mw)
}

// bound gives each multipart in the tree its boundary: the seed and the
// part's path.
func (p *part) bound(seed, path string) {
	if len(p.parts) == 0 {
		return
	}
	typ, params, _ := p.header.ContentType()
	if params == nil {
		params = map[string]string{}
	}
	params["boundary"] = "=_" + seed + "." + path
	p.header.SetContentType(typ, params)
	for i := range p.parts {
		p.parts[i].bound(seed, fmt.Sprintf("%s.%d", path, i))
	}
}

// writeBody writes the body of a part through its writer.
func (p part) writeBody(mw *message.Writer) error {
	if len(p.parts) == 0 {
		if _, err := mw.Write(p.body); err != nil {
			return err
		}
		return mw.Close()
	}
	for _, c := range p.parts {
		cw, err := mw.CreatePart(c.header)
		if err != nil {
			return err
		}
		if err := c.writeBody(cw); err != nil {
			return err
		}
	}
	return mw.Close()
}
