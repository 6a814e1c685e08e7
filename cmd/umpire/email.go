package main

import (
	"context"
	"time"
	"umpire/bot/wire"

	"umpire/bot"
	"umpire/bot/email"
)

// emailMaker makes the email transport when its setting is in the environment.
var emailMaker = transportMaker{name: "email", env: "IMAP_URL", make: emailTransport}

// emailTransport makes the e-mail transport from IMAP_URL, SMTP_URL and
// MAIL_FROM. It logs in to both servers once, so that a wrong password or
// host stops the start with a message that says which; no message holds
// a password.
func emailTransport(d transportDeps) (wire.Transport, error) {
	cfg, _, err := email.FromEnv(d.getenv)
	if err != nil {
		return nil, err
	}
	cfg.Cursor, cfg.Log = bot.Cursors(d.db), d.log
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return email.New(ctx, cfg)
}
