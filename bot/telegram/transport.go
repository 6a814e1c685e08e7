package telegram

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"umpire/bot/wire"
)

// Name is the transport's name, the Transport of its addresses. A user's
// address is its user id (also its private chat's id); a group's is the
// group's chat id, which is negative.
const Name = "telegram"

// Transport is the bot on Telegram. Make it with New; its methods are safe
// for concurrent use.
type Transport struct {
	api          *api
	self         tgbotapi.User
	cursor       wire.Cursor
	words        wire.Words
	answers      chan answer // callback queries to answer, off the receive loop
	log          *slog.Logger
	limits       wire.Limits
	pollTimeout  time.Duration
	sleep        func(ctx context.Context, d time.Duration) error
	webhook      Webhook
	webApp       string // the Mini App's address, "" for none
	wire.CatchUp        // caught up once a poll finds no more updates waiting
	wire.Reach          // ready while the last call to the Bot API that tells worked (getMe, a poll, setWebhook)

	admins    admins // getChatMember's answers, briefly (admins.go)
	now       func() time.Time
	topicMode bool       // getMe's has_topics_enabled: the private chats may hold topics
	chats     chatStates // forums, and chats whose topics were refused lately

	mu    sync.Mutex
	parts map[string]int // messages sent in parts: key → parts sent
}

var (
	_ wire.Transport = (*Transport)(nil)
	_ wire.Limited   = (*Transport)(nil)
	_ wire.Featured  = (*Transport)(nil)
	_ wire.Readier   = (*Transport)(nil)
)

// New checks the settings, asks the API who the bot is (getMe) and returns
// the transport. It fails when the token is refused or the API cannot be
// reached within ctx; its errors never hold the token.
func New(ctx context.Context, cfg Config) (*Transport, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	if cfg.Cursor == nil {
		return nil, errors.New("telegram: no cursor")
	}
	t := &Transport{cursor: cfg.Cursor, words: cfg.Words, log: cfg.Log, limits: TelegramLimits,
		pollTimeout: cfg.PollTimeout, sleep: cfg.Sleep, webhook: cfg.Webhook, webApp: cfg.WebApp.URL, parts: map[string]int{},
		answers: make(chan answer, 256), now: cfg.Now}
	t.defaults(cfg)
	if err := t.connect(ctx, cfg); err != nil {
		return nil, err
	}
	t.log = t.log.With("transport", Name, "bot", "@"+t.self.UserName)
	t.Reached(nil) // getMe answered
	t.readTopicMode(ctx)
	return t, nil
}

// readTopicMode learns from getMe whether the bot is in topic mode
// (has_topics_enabled, which the library's User does not read): then its
// private chats may hold topics. Without an answer, they hold none.
func (t *Transport) readTopicMode(ctx context.Context) {
	var me struct {
		HasTopicsEnabled bool `json:"has_topics_enabled"`
	}
	if err := t.api.do(ctx, 30*time.Second, "getMe", nil, nil, &me); err != nil {
		t.log.Warn("getMe: cannot tell whether the bot is in topic mode; its private chats get no topics", "err", err)
		return
	}
	t.topicMode = me.HasTopicsEnabled
}

// defaults fills in what cfg left zero.
func (t *Transport) defaults(cfg Config) {
	if cfg.Limits != nil {
		t.limits = *cfg.Limits
	}
	if t.log == nil {
		t.log = slog.Default()
	}
	if t.pollTimeout <= 0 {
		t.pollTimeout = DefaultPollTimeout
	}
	if t.sleep == nil {
		t.sleep = sleep
	}
	if t.now == nil {
		t.now = time.Now
	}
}

// connect makes the client and learns the bot's name with getMe; it
// tries again after failures that may pass (the network, 5xx, a flood
// wait) until ctx is done.
func (t *Transport) connect(ctx context.Context, cfg Config) error {
	h := cfg.HTTP
	if h == nil {
		h = defaultHTTP()
	}
	for n := 1; ; n++ {
		lib, err := getMe(ctx, cfg, h)
		if err == nil {
			t.api = &api{lib: lib, http: h, token: cfg.Token}
			t.self = lib.Self
			return nil
		}
		if fatal(err) {
			return fmt.Errorf("the Bot API refused TELEGRAM_TOKEN (%w): check the token, or TELEGRAM_API_URL", err)
		}
		t.log.Warn("cannot reach the Bot API; will retry", "err", err)
		if ctx.Err() != nil || t.sleep(ctx, backoff(n, err)) != nil {
			return fmt.Errorf("cannot reach the Bot API at %s: %w", wire.ShownURL(cmp.Or(cfg.APIURL, DefaultAPIURL)), err)
		}
	}
}

// getMe makes the library's client, which asks getMe, under ctx.
func getMe(ctx context.Context, cfg Config, h *http.Client) (*tgbotapi.BotAPI, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	c := &call{ctx: ctx, http: h, token: cfg.Token}
	lib, err := tgbotapi.NewBotAPIWithClient(cfg.Token, endpoint(cfg.APIURL), c)
	if err != nil {
		return nil, classify("getMe", err, c.status)
	}
	return lib, nil
}

// Name is "telegram".
func (t *Transport) Name() string { return Name }

// Username is the bot's username, without the @.
func (t *Transport) Username() string { return t.self.UserName }

// Limits are the transport's rate limits: Telegram's unless Config lifted
// them.
func (t *Transport) Limits() wire.Limits { return t.limits }

// Features: deep links (a seat is taken in the private chat, so that its
// player can be written to), the common acts under a seat's board,
// messages edited in place, messages to one member of a group (Bot API
// 10.2's ephemeral messages, where the bot is an administrator; the whole
// group sees them elsewhere), and the Mini App where it is set up.
func (t *Transport) Features() wire.Features {
	f := wire.Features{Link: t.link, Acts: true, Edits: true, GroupCommands: true, Whisper: true}
	if t.webApp != "" {
		f.App = t.appURL
	}
	return f
}

// appURL is the Mini App's address on a game (?game=N), or for game 0 on
// the list of the reader's games.
func (t *Transport) appURL(game uint64) string {
	if game == 0 {
		return t.webApp
	}
	return t.webApp + "?game=" + strconv.FormatUint(game, 10)
}

// TelegramLimits are the Bot API's limits: about one message a second in
// a chat, twenty a minute in a group, thirty a second in all.
var TelegramLimits = wire.Limits{
	Global: []wire.Rate{{N: 30, Per: time.Second}},
	Chat: func(to wire.Address) []wire.Rate {
		if isGroup(to.ID) {
			return []wire.Rate{{N: 1, Per: time.Second}, {N: 20, Per: time.Minute}}
		}
		return []wire.Rate{{N: 1, Per: time.Second}}
	},
}

// isGroup reports whether a chat id is a group's: groups' ids are
// negative, users' positive.
func isGroup(id string) bool { return len(id) > 0 && id[0] == '-' }

// chatID reads an address's id.
func chatID(a wire.Address) (int64, error) {
	if a.Transport != Name {
		return 0, wire.Permanent(fmt.Errorf("telegram: address %s is not on Telegram", a))
	}
	id, err := strconv.ParseInt(a.ID, 10, 64)
	if err != nil || id == 0 {
		return 0, wire.Permanent(fmt.Errorf("telegram: %q is not a chat id", a.ID))
	}
	return id, nil
}

// sleep waits d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// link is the deep link that opens the private chat with the bot, with a
// start payload when not ""; "" for a payload a deep link cannot carry
// (1-64 of A-Z a-z 0-9 _ -).
func (t *Transport) link(payload string) string {
	l := "https://t.me/" + t.self.UserName
	if payload == "" {
		return l
	}
	if !validPayload(payload, 64) {
		return ""
	}
	return l + "?start=" + payload
}
