package email

import (
	"context"
	"net"
	"strings"
	"sync"
	"time"

	"umpire/bot/wire"
)

// Name is the transport's name, the Transport of its addresses. An
// address's id is the e-mail address, in lower case.
const Name = "email"

// Transport is the bot by e-mail. Make it with New; its methods are safe
// for concurrent use.
type Transport struct {
	Config
	self         string // the bot's address, lower case
	wire.CatchUp        // caught up once the first session has read the new mails
	wire.Reach          // ready while the last session logged in and waits for mail (IDLE or polling)

	mu       sync.Mutex
	threads  map[threadKey]string // the last Message-ID a player wrote about a game
	secret   []byte               // the unsubscribe secret (unsubscribe.go), nil without a URL
	unsubLn  net.Listener         // where the one-click URL is served, or nil
	posts    wire.Buckets         // the one-click POSTs' budget, by address
	allPosts wire.Buckets         // and for all addresses
	noIdle   bool                 // poll even where the server has IDLE (tests)
	idling   func()               // called when an IDLE has begun (tests)
}

// threadKey names a thread: a player's address and a game.
type threadKey struct {
	to   string
	game uint64
}

var _ wire.Transport = (*Transport)(nil)

// New checks the settings and logs in to both servers once, so that a
// wrong password or host is reported at start. Its errors never hold a
// password.
func New(ctx context.Context, cfg Config) (*Transport, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	t := &Transport{Config: cfg, self: strings.ToLower(cfg.From.Address), threads: map[threadKey]string{}}
	t.Log = t.Log.With("transport", Name, "mailbox", wire.ShownURL(t.IMAP.String()))
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
	if err := t.listenUnsubscribe(); err != nil {
		return nil, err
	}
	return t, nil
}

// Name is "email".
func (t *Transport) Name() string { return Name }

// MailLimits are the default rate limits: ten mails a second in all, none
// per recipient (a player gets few, and each must go at once).
var MailLimits = wire.Limits{Global: []wire.Rate{{N: 10, Per: time.Second}}}

// Limits are the rate limits the outbox sender keeps: Config.Limits, or
// MailLimits.
func (t *Transport) Limits() wire.Limits {
	if t.Config.Limits != nil {
		return *t.Config.Limits
	}
	return MailLimits
}

var (
	_ wire.Limited  = (*Transport)(nil)
	_ wire.Featured = (*Transport)(nil)
)

// Features: a reply to a mail comes back with the recipient's seat key,
// which the mail carries in its reply address and subject tag.
func (t *Transport) Features() wire.Features {
	return wire.Features{Keys: true, KeyAddress: func(key string) string { return replyAddress(t.From.Address, key) }}
}

// remember notes the Message-ID a player wrote about a game, for the
// threading of the answer. An id longer than a header line may be (998
// bytes) is no real one, and is not echoed back.
func (t *Transport) remember(from string, game uint64, id string) {
	if len(id) > 998 {
		return
	}
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
