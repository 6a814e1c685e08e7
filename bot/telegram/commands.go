package telegram

import (
	"context"
	"encoding/json"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// The command menu Telegram shows beside the text field. Commands are
// English words (Telegram allows only a-z, 0-9 and _); their descriptions
// are in the reader's language, chosen by Telegram from the user's
// language_code, with the bot's default language for everyone else. The
// commands and their descriptions are the bot's (wire.Words).

// setCommands sets the menus of private chats and groups for every
// language, and for the users whose language is none of them (in the
// bot's default language). A failure is logged: the bot works without a
// menu.
func (t *Transport) setCommands(ctx context.Context) {
	if t.words == nil {
		return
	}
	langs := t.words.Langs()
	for _, group := range []bool{false, true} {
		for _, l := range append([]string{""}, langs...) {
			if err := t.setMenu(ctx, group, l); err != nil {
				t.log.Warn("setMyCommands failed", "group", group, "lang", l, "err", err)
				return
			}
		}
	}
}

// setMenu sets one menu; lang "" sets it in the default language for
// every language without its own.
func (t *Transport) setMenu(ctx context.Context, group bool, lang string) error {
	words := lang
	if words == "" {
		words = t.words.Langs()[0]
	}
	var cmds []tgbotapi.BotCommand
	for _, c := range t.words.Menu(words, group) {
		cmds = append(cmds, tgbotapi.BotCommand{Command: c.Name, Description: c.Description})
	}
	scope := "all_private_chats"
	if group {
		scope = "all_group_chats"
	}
	c, _ := json.Marshal(cmds)
	s, _ := json.Marshal(tgbotapi.BotCommandScope{Type: scope})
	p := tgbotapi.Params{"commands": string(c), "scope": string(s)}
	p.AddNonEmpty("language_code", lang)
	return t.api.do(ctx, 30*time.Second, "setMyCommands", p, nil, nil)
}

// setMenuButton makes the menu button of private chats open the Mini App
// on the list of the reader's games, where there is a Mini App; its text
// is in the bot's default language (the Bot API has one per chat, not per
// language). A failure is logged: the board buttons still open the app.
func (t *Transport) setMenuButton(ctx context.Context) {
	if t.webApp == "" {
		return
	}
	text := "Games"
	if t.words != nil {
		text = t.say(t.words.Langs()[0], "app.games")
	}
	b, _ := json.Marshal(map[string]any{"type": "web_app", "text": text, "web_app": webAppInfo{URL: t.appURL(0)}})
	if err := t.api.do(ctx, 30*time.Second, "setChatMenuButton", tgbotapi.Params{"menu_button": string(b)}, nil, nil); err != nil {
		t.log.Warn("setChatMenuButton failed", "err", err)
	}
}
