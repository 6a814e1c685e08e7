package main

import (
	"context"
	"time"
	"umpire/bot/wire"

	"umpire/bot"
	"umpire/bot/telegram"
)

// telegramMaker makes the telegram transport when its setting is in the environment.
var telegramMaker = transportMaker{name: "telegram", env: "TELEGRAM_TOKEN", make: telegramTransport}

// telegramTransport makes the Telegram transport from TELEGRAM_TOKEN,
// TELEGRAM_API_URL and, for webhook mode, TELEGRAM_WEBHOOK_URL,
// TELEGRAM_WEBHOOK_LISTEN and TELEGRAM_WEBHOOK_SECRET. It asks the Bot API
// who the bot is (getMe), so that a wrong token or address stops the start
// with a message that says which; no message holds the token.
func telegramTransport(d transportDeps) (wire.Transport, error) {
	cfg, err := telegram.FromEnv(d.getenv)
	if err != nil {
		return nil, err
	}
	cfg.Cursor, cfg.Words, cfg.Log = bot.Cursors(d.db), d.words, d.log
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	t, err := telegram.New(ctx, cfg)
	if err != nil {
		return nil, err
	}
	d.log.Info("telegram: connected", "bot", "@"+t.Username(), "api", wire.ShownURL(telegramAPI(cfg.APIURL)))
	return t, nil
}

// telegramAPI names the Bot API's address for the log.
func telegramAPI(url string) string {
	if url == "" {
		return telegram.DefaultAPIURL
	}
	return url
}
