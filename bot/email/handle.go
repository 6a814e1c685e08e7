package email

import (
	"context"
	"strconv"
	"strings"
	"unicode"

	"umpire/bot"
	"umpire/store"
)

// handle decides on one mail read from the mailbox: it passes over what
// must not be answered, refuses what it must refuse (telling whom it
// must), and hands the rest to h as an Inbound. It returns an error only
// when the mail should be read again later.
func (t *Transport) handle(ctx context.Context, m *Mail, h bot.Handler) error {
	key := Name + ":" + m.MessageID
	switch {
	case m.Bounce != nil:
		return t.bounced(m, key)
	case m.Auto || m.From == "" || t.isSelf(m.From):
		t.Log.Info("mail passed over: automatic, or from the bot", "from", m.From, "id", m.MessageID)
		return nil
	case t.seen(key):
		return nil
	case m.TooLarge:
		return t.settle(key, t.notice(t.playerOf(m.From), m.From, noticeTooLarge, "limit", "1 MB"))
	case m.DMARC == "fail":
		return t.dmarcFailed(m, key)
	}
	v, err := t.admit(m)
	if err != nil {
		return err
	}
	if !v.accept {
		t.Log.Info("mail refused", "from", m.From, "id", m.MessageID, "notices", len(v.notices))
		return t.settle(key, v.notices...)
	}
	if v.game != 0 {
		t.remember(m.From, v.game, m.MessageID)
	}
	return h.Handle(ctx, bot.Inbound{Transport: Name, From: m.From, Text: v.text, ID: m.MessageID,
		Lang: langOf(m), Name: m.Name, Private: true})
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

// seen reports whether an inbound id was handled. A store error counts as
// not seen: the bot checks again in its own transaction.
func (t *Transport) seen(key string) bool {
	seen := false
	_ = t.DB.View(func(tx *store.Tx) error {
		seen = tx.Seen(key)
		return nil
	})
	return seen
}

// playerOf is the player at an e-mail address, or nil.
func (t *Transport) playerOf(addr string) *store.Player {
	p, err := t.DB.PlayerAt(store.Address{Transport: Name, ID: addr})
	if err != nil {
		return nil
	}
	return p
}

// dmarcFailed refuses a mail that failed DMARC: its From is not its
// sender. The player at that address, if any, is told; a stranger is not
// (the mail was likely spam in its name).
func (t *Transport) dmarcFailed(m *Mail, key string) error {
	t.Log.Warn("mail refused: DMARC failed", "from", m.From, "id", m.MessageID)
	p := t.playerOf(m.From)
	if p == nil {
		return t.settle(key)
	}
	return t.settle(key, t.notice(p, m.From, noticeDMARC))
}

// bounced turns a delivery failure into a notice to the other players of
// the game the failed mail was about, once per game and address. The
// failed mail's reply address (or subject tag) names the game; a bounce
// without a valid token is passed over, so a forged one tells nobody
// anything.
func (t *Transport) bounced(m *Mail, key string) error {
	b := m.Bounce
	if !b.Permanent() || b.Recipient == "" {
		return t.settle(key)
	}
	tok := tokenOf(&Mail{To: b.ReplyTo, Subject: b.Subject}, t.self)
	if tok == "" {
		tok = tokenOf(m, t.self) // a VERP-style return path
	}
	var rows []store.Outgoing
	once := "email.bounced " + strconv.FormatUint(tokenGame(tok), 10) + " " + b.Recipient
	err := t.DB.Update(func(tx *store.Tx) error {
		if tx.Seen(key) || tx.Cursor(once) != nil {
			return nil
		}
		var err error
		if rows, err = t.bounceRows(tx, tok, b.Recipient); err != nil || len(rows) == 0 {
			return err
		}
		if _, err := tx.Queue(rows...); err != nil {
			return err
		}
		return tx.SetCursor(once, []byte{1})
	})
	if err != nil {
		return err
	}
	t.Log.Warn("mail bounced", "to", b.Recipient, "status", b.Status, "notices", len(rows))
	return t.settle(key)
}

// bounceRows are the notices that mail to rcpt about tok's game bounced,
// to every seated player of that game but the one at rcpt.
func (t *Transport) bounceRows(tx *store.Tx, tok, rcpt string) ([]store.Outgoing, error) {
	g, err := tx.Game(tokenGame(tok))
	if err != nil {
		return nil, nil // no such game: a bounce of nothing we know
	}
	if _, ok := seatOfToken(g, tok); !ok {
		return nil, nil
	}
	name := rcpt
	lost, err := playerAt(tx, store.Address{Transport: Name, ID: rcpt})
	if err != nil {
		return nil, err
	}
	if lost != nil {
		name = lost.Name
	}
	var rows []store.Outgoing
	for _, seat := range g.Seats {
		if seat.PlayerID == 0 || (lost != nil && seat.PlayerID == lost.ID) {
			continue
		}
		p, err := tx.Player(seat.PlayerID)
		if err != nil {
			return nil, err
		}
		if a, ok := reachable(p); ok {
			rows = append(rows, bot.NoticeRow(a, t.readerLang(p), g.ID, noticeBounced, "game", strconv.FormatUint(g.ID, 10), "name", name))
		}
	}
	return rows, nil
}
