package main

import (
	"context"
	"log/slog"
	"sync"

	"umpire/bot"
	"umpire/bot/telegram"
	"umpire/bot/webapp"
	"umpire/bot/wire"
	"umpire/store"
)

// startWebApp serves the Telegram Mini App (bot/webapp) on
// TELEGRAM_WEBAPP_LISTEN (loopback unless it names a host: wire.ListenAddr)
// when TELEGRAM_WEBAPP_URL is set, until ctx is
// done; wait waits for its server to stop. Nothing is served without it.
func startWebApp(ctx context.Context, getenv func(string) string, db *store.DB, b *bot.Bot, log *slog.Logger) (wait func(), err error) {
	cfg, err := telegram.FromEnv(getenv)
	if err != nil || cfg.WebApp.URL == "" {
		return func() {}, nil // the telegram transport says what is wrong
	}
	ln, err := wire.Listen(cfg.WebApp.Listen)
	if err != nil {
		return nil, err
	}
	srv := webapp.New(webapp.Config{DB: db, Office: b.PostOffice(), Handler: b, Token: cfg.Token, Log: log})
	var running sync.WaitGroup
	running.Go(func() {
		if err := srv.Serve(ctx, ln); err != nil && ctx.Err() == nil {
			log.Error("mini app: server stopped", "err", err)
		}
	})
	log.Info("mini app: serving", "listen", ln.Addr().String(), "url", wire.ShownURL(cfg.WebApp.URL))
	return running.Wait, nil
}
