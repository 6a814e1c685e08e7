package email

import (
	"context"
	"strings"
	"unicode"

	"umpire/bot/wire"
)

// handle hands one mail read from the mailbox to h as an Inbound, or passes
// over what must not be answered (automatic mail, mail from the bot
// itself). A mail's From is only claimed, so the Inbound is Forgeable and
// carries the seat key found in its reply address or subject tag: the bot
// decides what the key opens and whom to tell of a refusal. A mail too
// large to read, one that failed DMARC and a bounce are handed over as
// events. It returns an error only when the mail should be read again
// later.
func (t *Transport) handle(ctx context.Context, m *Mail, h wire.Handler) error {
	in := wire.Inbound{Transport: Name, From: m.From, Text: m.Command, ID: m.MessageID, Lang: langOf(m),
		Name: m.Name, Private: true, Forgeable: true, Key: tokenOf(m, t.self), Sent: m.Arrived,
		Verified: m.Froms <= 1 && verifiedFrom(m.AuthResults, t.AuthservID, m.From)}
	switch {
	case m.Bounce != nil:
		return t.bounced(ctx, m, in, h)
	case m.Auto || m.From == "" || t.isSelf(m.From):
		t.Log.Info("mail passed over: automatic, or from the bot", "from", m.From, "id", m.MessageID)
		return nil
	case m.TooLarge:
		in.Event, in.Text = wire.TooLarge, ""
	case forgedFrom(m.AuthResults, t.AuthservID, m.From):
		t.Log.Warn("mail refused: DMARC failed", "from", m.From, "id", m.MessageID)
		in.Event, in.Text = wire.Unverified, ""
	case in.Key != "":
		t.remember(m.From, wire.KeyGame(in.Key), m.MessageID)
	}
	return h.Handle(ctx, in)
}

// bounced hands the bot a permanent delivery failure: the address that
// failed, and the seat key of the failed mail (its reply address or
// subject tag, else the bounce's own VERP-style address), which names the
// game. A temporary failure is passed over.
func (t *Transport) bounced(ctx context.Context, m *Mail, in wire.Inbound, h wire.Handler) error {
	b := m.Bounce
	if !b.Permanent() || b.Recipient == "" {
		return nil
	}
	tok := tokenOf(&Mail{To: b.ReplyTo, Subject: b.Subject}, t.self)
	if tok == "" {
		tok = tokenOf(m, t.self)
	}
	t.Log.Warn("mail bounced", "to", b.Recipient, "status", b.Status)
	in.Event, in.Text, in.Key = wire.Bounce, b.Recipient, tok
	return h.Handle(ctx, in)
}

// langOf guesses a sender's language: its Content-Language, else the
// letters of its command (Cyrillic for Russian, ĉ ĝ ĥ ĵ ŝ ŭ for
// Esperanto); "" when nothing tells.
func langOf(m *Mail) string {
	if m.Lang != "" {
		return strings.ToLower(m.Lang)
	}
	for _, r := range m.Command {
		switch {
		case unicode.Is(unicode.Cyrillic, r):
			return "ru"
		case strings.ContainsRune("ĉĝĥĵŝŭĈĜĤĴŜŬ", r):
			return "eo"
		}
	}
	return ""
}

// isSelf reports whether an address is the bot's own, with or without a
// token: a mail from it would make the bot answer itself.
func (t *Transport) isSelf(addr string) bool {
	local, domain, _ := strings.Cut(t.self, "@")
	l, d, _ := strings.Cut(addr, "@")
	base, _, _ := strings.Cut(l, "+")
	return d == domain && base == local
}
