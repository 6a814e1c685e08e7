package main

import (
	"fmt"
	"log/slog"

	"umpire/bot"
	"umpire/bot/wire"
	"umpire/store"
)

// A transportMaker makes a transport when its setting is in the
// environment. The Telegram and e-mail transports plug in here: a file of
// this package registers them from init,
//
//	func init() {
//		transportMakers = append(transportMakers, transportMaker{
//			name: "telegram", env: "TELEGRAM_TOKEN",
//			make: func(d transportDeps) (bot.Transport, error) { … },
//		})
//	}
//
// and serve uses every transport whose variable is set; with none set, the
// console.
type transportMaker struct {
	name string
	env  string // the variable whose presence asks for the transport
	make func(d transportDeps) (bot.Transport, error)
}

// transportDeps is what a transport may need to be made: its settings
// (through getenv), the store for its cursors, the bot's words for its
// menus, and the logger.
type transportDeps struct {
	getenv func(string) string
	db     *store.DB
	words  wire.Words
	log    *slog.Logger
}

var transportMakers []transportMaker

// knownTransports are the variables that ask for a transport, with the
// transport's name: set but not built in, they are refused rather than
// ignored.
var knownTransports = []struct{ env, name string }{
	{"TELEGRAM_TOKEN", "telegram"},
	{"IMAP_URL", "email"},
}

// configured makes the transports whose variables are set.
func configured(d transportDeps) ([]bot.Transport, error) {
	var out []bot.Transport
	made := map[string]bool{}
	for _, m := range transportMakers {
		if d.getenv(m.env) == "" {
			continue
		}
		t, err := m.make(d)
		if err != nil {
			return nil, fmt.Errorf("%s transport (%s): %w", m.name, m.env, err)
		}
		out, made[m.env] = append(out, t), true
	}
	for _, k := range knownTransports {
		if d.getenv(k.env) != "" && !made[k.env] {
			return nil, fmt.Errorf("%s is set, but this umpire has no %s transport built in: unset %s to use the console", k.env, k.name, k.env)
		}
	}
	return out, nil
}
