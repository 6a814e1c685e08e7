package telegram

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// The command menu Telegram shows beside the text field. Commands are
// English words (Telegram allows only a-z, 0-9 and _); their descriptions
// are in the reader's language, chosen by Telegram from the user's
// language_code, with the transport's language for everyone else.

// menus are the commands offered in private chats and in groups.
var menus = []struct {
	scope    string
	commands []string
}{
	{"all_private_chats", []string{"new", "games", "board", "resign", "draw", "rules", "lang", "name", "help"}},
	{"all_group_chats", []string{"new", "games", "watch", "rules", "lang", "help"}},
}

// setCommands sets the menus for every language, and for the users whose
// language is none of them. A failure is logged: the bot works without a
// menu.
func (t *Transport) setCommands(ctx context.Context) {
	langs := append([]string{""}, slices.Sorted(maps.Keys(texts))...)
	for _, m := range menus {
		for _, l := range langs {
			if err := t.setMenu(ctx, m.scope, l, m.commands); err != nil {
				t.log.Warn("setMyCommands failed", "scope", m.scope, "lang", l, "err", err)
				return
			}
		}
	}
}

// setMenu sets one menu; lang "" sets it in the transport's language for
// every language without its own.
func (t *Transport) setMenu(ctx context.Context, scope, lang string, names []string) error {
	words := lang
	if words == "" {
		words = t.lang
	}
	var cmds []tgbotapi.BotCommand
	for _, n := range names {
		cmds = append(cmds, tgbotapi.BotCommand{Command: n, Description: text(words, "cmd."+n)})
	}
	c, _ := json.Marshal(cmds)
	s, _ := json.Marshal(tgbotapi.BotCommandScope{Type: scope})
	p := tgbotapi.Params{"commands": string(c), "scope": string(s)}
	p.AddNonEmpty("language_code", lang)
	return t.api.do(ctx, 30*time.Second, "setMyCommands", p, nil, nil)
}
