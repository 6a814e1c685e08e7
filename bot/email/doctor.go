package email

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net/textproto"
	"strings"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"umpire/bot/wire"
)

// Diagnose checks the mail settings for `umpire doctor`, sending nothing
// and changing nothing: the settings' form, the IMAP login, IDLE, the
// mailbox (opened read-only), the SMTP login (no mail sent), and whether
// the newest mail carries an Authentication-Results header of
// MAIL_AUTHSERV_ID. No finding holds a password.
func Diagnose(ctx context.Context, cfg Config) []wire.Finding {
	if cfg.Cursor == nil {
		cfg.Cursor = noCursor{} // the doctor reads no mail as the umpire does
	}
	if err := cfg.check(); err != nil {
		return []wire.Finding{{Check: "mail settings", Level: wire.Fail, Text: err.Error()}}
	}
	out := []wire.Finding{{Check: "mail settings", Text: "IMAP_URL, SMTP_URL and MAIL_FROM are readable"}}
	t := &Transport{Config: cfg, self: strings.ToLower(cfg.From.Address)}
	c, err := t.dialIMAP(ctx, nil)
	if err != nil {
		return append(out, wire.Found("imap login", "", redactErr(err), wire.Fail))
	}
	defer c.Close()
	out = append(out, wire.Finding{Check: "imap login", Text: "logged in to " + wire.ShownURL(t.IMAP.String())})
	if c.Caps().Has(imap.CapIdle) {
		out = append(out, wire.Finding{Check: "imap idle", Text: "the server has IDLE: new mail is read at once"})
	} else {
		out = append(out, wire.Finding{Check: "imap idle", Level: wire.Warn, Text: fmt.Sprintf("the server has no IDLE: the umpire looks for mail every %s", t.Poll)})
	}
	box := mailbox(t.IMAP)
	sel, err := c.Select(box, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		return append(out, wire.Found("imap mailbox", "", fmt.Errorf("cannot open %q: %w (the path of IMAP_URL names it)", box, err), wire.Fail))
	}
	out = append(out, wire.Finding{Check: "imap mailbox", Text: fmt.Sprintf("%q holds %d mails", box, sel.NumMessages)})
	out = append(out, t.authservFinding(c, sel.NumMessages))
	s, err := t.dialSMTP(ctx)
	if err != nil {
		return append(out, wire.Found("smtp login", "", redactErr(err), wire.Fail))
	}
	s.Quit()
	return append(out, wire.Finding{Check: "smtp login", Text: "logged in to " + wire.ShownURL(t.SMTP.String()) + " (no mail sent)"})
}

// authservFinding says whether the newest of the mailbox's n mails names
// MAIL_AUTHSERV_ID in an Authentication-Results header: the sign that the
// umpire will read the server's verdicts on From (authres.go).
func (t *Transport) authservFinding(c *imapclient.Client, n uint32) wire.Finding {
	const check = "mail authserv-id"
	if t.AuthservID == "" {
		return wire.Finding{Check: check, Level: wire.Warn, Text: "MAIL_AUTHSERV_ID is unset: a forged From is not refused, only seat keys guard the games; set it to the name your mail server writes in Authentication-Results"}
	}
	if n == 0 {
		return wire.Finding{Check: check, Level: wire.Warn, Text: "the mailbox is empty: send the umpire a mail, then look again"}
	}
	section := &imap.FetchItemBodySection{Peek: true, Specifier: imap.PartSpecifierHeader}
	msgs, err := c.Fetch(imap.SeqSetNum(n), &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{section}}).Collect()
	if err != nil || len(msgs) != 1 {
		return wire.Found(check, "reading the newest mail's header", fmt.Errorf("%v", err), wire.Warn)
	}
	h, _ := textproto.NewReader(bufio.NewReader(bytes.NewReader(msgs[0].FindBodySection(section)))).ReadMIMEHeader()
	var ids []string
	for _, v := range h.Values("Authentication-Results") {
		head, _, _ := strings.Cut(v, ";")
		words := strings.Fields(head)
		if len(words) == 0 {
			continue
		}
		id := words[0]
		if strings.EqualFold(id, t.AuthservID) {
			return wire.Finding{Check: check, Text: "the newest mail carries Authentication-Results of " + t.AuthservID}
		}
		ids = append(ids, id)
	}
	if len(ids) == 0 {
		return wire.Finding{Check: check, Level: wire.Fail, Text: "the newest mail has no Authentication-Results header: the server does not stamp its mail, and MAIL_AUTHSERV_ID would refuse nothing; configure your server to check SPF, DKIM and DMARC"}
	}
	return wire.Finding{Check: check, Level: wire.Fail, Text: fmt.Sprintf("the newest mail's Authentication-Results name %s, not MAIL_AUTHSERV_ID=%s", strings.Join(ids, ", "), t.AuthservID)}
}

// noCursor is a cursor that keeps nothing.
type noCursor struct{}

func (noCursor) Load(string) ([]byte, error) { return nil, nil }
func (noCursor) Save(string, []byte) error   { return nil }
