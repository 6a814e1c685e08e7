package telegram

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"umpire/bot/wire"
)

// DefaultAPIURL is the Bot API's address; TELEGRAM_API_URL may name a
// local Bot API server (or a test server) instead.
const DefaultAPIURL = "https://api.telegram.org"

// DefaultPollTimeout is how long a getUpdates long poll waits for an
// update.
const DefaultPollTimeout = 50 * time.Second

// Config are the settings of a Transport. Token and Cursor are required; the
// zero value of every other field is a working default.
type Config struct {
	// Token is the bot's token from @BotFather (TELEGRAM_TOKEN). It is
	// never written to a log line or an error.
	Token string
	// APIURL is the Bot API's base URL (TELEGRAM_API_URL); methods are
	// called at APIURL/bot<token>/<method>. "" means DefaultAPIURL.
	APIURL string
	// Cursor keeps the update offset; the bot hands one (bot.Cursors).
	Cursor wire.Cursor
	// Words are the bot's words for the command menu and the alert on a
	// button pressed by someone it is not for (post.Words); nil sets no menu.
	Words wire.Words
	// HTTP is the client for the API; nil means one with connection
	// timeouts. Each call also has its own deadline.
	HTTP *http.Client
	// PollTimeout is the long poll's timeout; 0 means DefaultPollTimeout.
	PollTimeout time.Duration
	// Limits are the rate limits the outbox sender keeps; nil means
	// Telegram's (TelegramLimits). A local Bot API server or a test may
	// lift them with &wire.NoLimits.
	Limits *wire.Limits
	// Webhook, when its URL is set, receives updates by webhook instead
	// of long polling.
	Webhook Webhook
	// WebApp, when its URL is set, is the Mini App (bot/webapp): every
	// private board message gets a button that opens it on its game, and
	// the menu button opens the list of the reader's games.
	WebApp WebApp
	// Log is the logger; nil means slog.Default().
	Log *slog.Logger
	// Sleep waits between failed polls; nil waits on a timer. Tests give
	// one that records the delays and returns at once.
	Sleep func(ctx context.Context, d time.Duration) error
	// Now is the clock of the chats' cooldowns (TopicsCooldown); nil
	// means time.Now.
	Now func() time.Time
}

// Webhook are the settings of webhook mode: Telegram posts each update to
// URL with the secret in the X-Telegram-Bot-Api-Secret-Token header, and
// the transport serves them on Listen (or on Listener, for tests).
type Webhook struct {
	URL      string       // the public https URL (TELEGRAM_WEBHOOK_URL)
	Listen   string       // the address to listen on (TELEGRAM_WEBHOOK_LISTEN), DefaultWebhookListen when ""
	Secret   string       // the secret token (TELEGRAM_WEBHOOK_SECRET); "" makes a random one
	Listener net.Listener // when set, used instead of listening on Listen
	// Limits bound the webhook server's connections (wire.HTTPLimits); the
	// zero value: wire.DefaultHTTPLimits.
	Limits wire.HTTPLimits
}

// WebApp are the settings of the Mini App.
type WebApp struct {
	URL    string // its public https address (TELEGRAM_WEBAPP_URL), which the operator's proxy forwards to Listen
	Listen string // where its server listens, plain HTTP (TELEGRAM_WEBAPP_LISTEN), DefaultWebAppListen when ""
}

// Where the webhook's and the Mini App's servers listen when
// TELEGRAM_WEBHOOK_LISTEN and TELEGRAM_WEBAPP_LISTEN are unset: on
// loopback, behind the operator's HTTPS proxy. A listen address without a
// host is on loopback too (wire.ListenAddr); "0.0.0.0:8444" names every
// interface.
const (
	DefaultWebhookListen = "127.0.0.1:8443"
	DefaultWebAppListen  = "127.0.0.1:8444"
)

// FromEnv reads the settings from the environment: TELEGRAM_TOKEN,
// TELEGRAM_API_URL and, for webhook mode, TELEGRAM_WEBHOOK_URL,
// TELEGRAM_WEBHOOK_LISTEN and TELEGRAM_WEBHOOK_SECRET, and for the Mini App
// TELEGRAM_WEBAPP_URL and TELEGRAM_WEBAPP_LISTEN. Cursor and the rest are
// for the caller to fill in. A bad value is refused with the name of the
// variable to change; the token is never quoted.
func FromEnv(getenv func(string) string) (Config, error) {
	c := Config{
		Token:  strings.TrimSpace(getenv("TELEGRAM_TOKEN")),
		APIURL: getenv("TELEGRAM_API_URL"),
		Webhook: Webhook{URL: getenv("TELEGRAM_WEBHOOK_URL"), Listen: getenv("TELEGRAM_WEBHOOK_LISTEN"),
			Secret: getenv("TELEGRAM_WEBHOOK_SECRET")},
		WebApp: WebApp{URL: strings.TrimSpace(getenv("TELEGRAM_WEBAPP_URL")), Listen: getenv("TELEGRAM_WEBAPP_LISTEN")},
	}
	if c.WebApp.URL != "" && c.WebApp.Listen == "" {
		c.WebApp.Listen = DefaultWebAppListen
	}
	if c.Webhook.URL != "" && c.Webhook.Listen == "" {
		c.Webhook.Listen = DefaultWebhookListen
	}
	for _, l := range []struct {
		name string
		addr *string
	}{{"TELEGRAM_WEBHOOK_LISTEN", &c.Webhook.Listen}, {"TELEGRAM_WEBAPP_LISTEN", &c.WebApp.Listen}} {
		if *l.addr == "" {
			continue
		}
		var err error
		if *l.addr, err = wire.ListenAddr(*l.addr); err != nil {
			return c, fmt.Errorf("%s: %w", l.name, err)
		}
	}
	return c, c.check()
}

// check refuses settings that cannot work, saying which to change.
func (c *Config) check() error {
	if c.Token == "" {
		return errors.New("TELEGRAM_TOKEN is empty: set it to the token @BotFather gave the bot")
	}
	if id, secret, ok := strings.Cut(c.Token, ":"); !ok || id == "" || secret == "" || strings.ContainsAny(c.Token, " /?#%") {
		return errors.New("TELEGRAM_TOKEN does not look like a bot token (digits, a colon, then letters): copy it again from @BotFather")
	}
	if c.APIURL != "" {
		if u, err := url.Parse(c.APIURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("TELEGRAM_API_URL %s is not an http(s) URL: leave it unset for %s", wire.ShownURL(c.APIURL), DefaultAPIURL)
		}
	}
	if w := c.Webhook.URL; w != "" {
		if u, err := url.Parse(w); err != nil || u.Scheme != "https" || u.Host == "" {
			return fmt.Errorf("TELEGRAM_WEBHOOK_URL %s is not an https URL: Telegram posts only to https", wire.ShownURL(w))
		}
		if c.Webhook.Secret != "" && !validSecret(c.Webhook.Secret) {
			return errors.New("TELEGRAM_WEBHOOK_SECRET may hold only 1-256 of A-Z a-z 0-9 _ -")
		}
	}
	if w := c.WebApp.URL; w != "" {
		if u, err := url.Parse(w); err != nil || u.Scheme != "https" || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
			return fmt.Errorf("TELEGRAM_WEBAPP_URL %s is not an https URL without a query: Telegram opens Mini Apps only over https", wire.ShownURL(w))
		}
	}
	return nil
}

func validSecret(s string) bool { return len(s) <= 256 && validPayload(s, 256) }

// endpoint is the library's format for a method's URL: base, /bot, the
// token, /, the method. A % in the base is escaped for the format.
func endpoint(apiURL string) string {
	if apiURL == "" {
		apiURL = DefaultAPIURL
	}
	base := strings.ReplaceAll(strings.TrimRight(apiURL, "/"), "%", "%%")
	return base + "/bot%s/%s"
}

// defaultHTTP is a client with timeouts on connecting; each call has a
// deadline of its own, longer than a long poll.
func defaultHTTP() *http.Client {
	d := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}
	return &http.Client{Transport: &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           d.DialContext,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: 0, // a long poll answers late
		IdleConnTimeout:       90 * time.Second,
		MaxIdleConnsPerHost:   16,
		ForceAttemptHTTP2:     true,
	}}
}

// validPayload reports whether s is 1 to max of A-Z a-z 0-9 _ -, the
// characters of a deep link's start payload and of a webhook secret.
func validPayload(s string, max int) bool {
	if s == "" || len(s) > max {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}
