package main

import (
	"fmt"
	"log/slog"

	"umpire/bot/wire"
	"umpire/store"
)

// A transportMaker makes a transport when its setting is in the
// environment. The transports are listed in transportMakers, each declared
// in a file of its own (telegram.go, email.go); serve uses every
// transport whose variable is set, and with none set, the console. A new
// transport (see bot/doc.go) is one more file and one more entry.
type transportMaker struct {
	name string
	env  string // the variable whose presence asks for the transport
	make func(d transportDeps) (wire.Transport, error)
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

// transportMakers are the transports built in.
var transportMakers = []transportMaker{telegramMaker, emailMaker}

// knownTransports are the variables that ask for a transport, with the
// transport's name: set but not built in, they are refused rather than
// ignored.
var knownTransports = []struct{ env, name string }{
	{"TELEGRAM_TOKEN", "telegram"},
	{"IMAP_URL", "email"},
}

// configured makes the transports whose variables are set.
func configured(d transportDeps) ([]wire.Transport, error) {
	var out []wire.Transport
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
