package email

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"umpire/bot"
	"umpire/store"
)

// Name is the transport's name, the Transport of its addresses. An
// address's id is the e-mail address, in lower case.
const Name = "email"

// Transport is the bot by e-mail. Make it with New; its methods are safe
// for concurrent use.
type Transport struct {
	Config
	self string // the bot's address, lower case

	mu      sync.Mutex
	threads map[threadKey]string // the last Message-ID a player wrote about a game
	noIdle  bool                 // poll even where the server has IDLE (tests)
	idling  func()               // called when an IDLE has begun (tests)
}

// threadKey names a thread: a player's address and a game.
type threadKey struct {
	to   string
	game uint64
}

var _ bot.Transport = (*Transport)(nil)

// New checks the settings and logs in to both servers once, so that a
// wrong password or host is reported at start. Its errors never hold a
// password.
func New(ctx context.Context, cfg Config) (*Transport, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	t := &Transport{Config: cfg, self: strings.ToLower(cfg.From.Address), threads: map[threadKey]string{}}
	t.Log = t.Log.With("transport", Name, "mailbox", t.IMAP.Redacted())
	c, err := t.dialIMAP(ctx, nil)
	if err != nil {
		return nil, err
	}
	c.Close()
	s, err := t.dialSMTP(ctx)
	if err != nil {
		return nil, err
	}
	s.Close()
	return t, nil
}

// Name is "email".
func (t *Transport) Name() string { return Name }

// MailLimits are the default rate limits: ten mails a second in all, none
// per recipient (a player gets few, and each must go at once).
var MailLimits = bot.Limits{Global: []bot.Rate{{N: 10, Per: time.Second}}}

// Limits are the rate limits the outbox sender keeps: Config.Limits, or
// MailLimits.
func (t *Transport) Limits() bot.Limits {
	if t.Config.Limits != nil {
		return *t.Config.Limits
	}
	return MailLimits
}

var _ bot.Limited = (*Transport)(nil)

// notice makes an outbox row that tells an e-mail address something in
// the language of p (nil for a stranger): the catalog id with its
// arguments, worded by the bot when it is sent.
func (t *Transport) notice(p *store.Player, to, id string, kv ...string) store.Outgoing {
	return bot.NoticeRow(store.Address{Transport: Name, ID: to}, t.readerLang(p), 0, id, kv...)
}

// readerLang is the language to tell p something in: its own, else the
// transport's.
func (t *Transport) readerLang(p *store.Player) string {
	if p != nil && p.Lang != "" {
		return p.Lang
	}
	return t.Lang
}

// settle marks a mail's inbound id seen and queues rows, in one
// transaction, unless the id was seen before: what the transport does
// itself with a mail it does not hand to the bot.
func (t *Transport) settle(key string, rows ...store.Outgoing) error {
	if err := t.DB.QueueOnce(key, rows...); err != nil {
		return fmt.Errorf("email: settle %s: %w", key, err)
	}
	return nil
}

// remember notes the Message-ID a player wrote about a game, for the
// threading of the answer.
func (t *Transport) remember(from string, game uint64, id string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.threads) > 10000 {
		clear(t.threads)
	}
	t.threads[threadKey{from, game}] = id
}

// lastFrom is the last Message-ID a player wrote about a game, or "".
func (t *Transport) lastFrom(to string, game uint64) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.threads[threadKey{to, game}]
}
