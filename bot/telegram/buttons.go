package telegram

import (
	"strconv"
	"strings"

	"umpire/bot/wire"
)

// Buttons. The bot chooses every button and link; here a button with a URL
// becomes a link button, and any other becomes callback data. Callback
// data is at most 64 bytes: the user the button is for (its private
// chat's id in base 36, nothing for anyone) and the command, "1a2b|resign
// #12". A button in a private chat is for its user alone; in a group, for
// anyone (the bot checks who may do what). A press by anyone else is
// answered with an alert.

// MaxData is the Bot API's limit on callback data, in bytes.
const MaxData = 64

// makeData makes the callback data of a command for a user (0: anyone);
// ok is false when it does not fit.
func makeData(who int64, cmd string) (data string, ok bool) {
	if who != 0 {
		data = strconv.FormatInt(who, 36)
	}
	data += "|" + cmd
	return data, len(data) <= MaxData
}

// readData reads callback data made by makeData.
func readData(data string) (who int64, cmd string, ok bool) {
	w, cmd, ok := strings.Cut(data, "|")
	if !ok || cmd == "" {
		return 0, "", false
	}
	if w == "" {
		return 0, cmd, true
	}
	who, err := strconv.ParseInt(w, 36, 64)
	return who, cmd, err == nil
}

// markup is an inline keyboard as the Bot API reads it. (The library's own
// type predates Mini Apps: it has no web_app.)
type markup struct {
	InlineKeyboard [][]inlineButton `json:"inline_keyboard"`
}

// inlineButton is one button: a link, callback data, or a Mini App, in
// the style of what it does (Bot API 9.4) or the app's own.
type inlineButton struct {
	Text         string      `json:"text"`
	Style        string      `json:"style,omitempty"`
	URL          string      `json:"url,omitempty"`
	CallbackData string      `json:"callback_data,omitempty"`
	WebApp       *webAppInfo `json:"web_app,omitempty"`
}

// webAppInfo is the address of a Mini App a button opens.
type webAppInfo struct {
	URL string `json:"url"`
}

// keyboard makes the inline keyboard of a message to chat, in rows of at
// most three. Buttons that cannot be made are left out. It returns nil
// for no buttons.
func (t *Transport) keyboard(m wire.Message, chat int64) *markup {
	var btns []inlineButton
	for _, b := range m.Buttons {
		if btn, ok := t.button(b, chat); ok {
			btns = append(btns, btn)
		}
	}
	var rows [][]inlineButton
	for len(btns) > 0 {
		n := min(3, len(btns))
		rows = append(rows, btns[:n])
		btns = btns[n:]
	}
	if len(rows) == 0 {
		return nil
	}
	return &markup{InlineKeyboard: rows}
}

// button makes one of the bot's buttons.
func (t *Transport) button(b wire.Button, chat int64) (inlineButton, bool) {
	btn, ok := t.plainButton(b, chat)
	btn.Style = styles[b.Style]
	return btn, ok
}

// styles are the Bot API's button styles of the bot's hints: red for
// danger, green ("success") for what is positive; none for the rest,
// which Telegram colours as the app does.
var styles = map[wire.Style]string{wire.Danger: "danger", wire.Positive: "success"}

// plainButton makes one of the bot's buttons, without its style.
func (t *Transport) plainButton(b wire.Button, chat int64) (inlineButton, bool) {
	switch {
	case b.App && chat > 0: // Mini Apps open from private chats only
		return inlineButton{Text: b.Label, WebApp: &webAppInfo{URL: b.URL}}, true
	case b.App:
		return inlineButton{}, false
	case b.URL != "":
		return inlineButton{Text: b.Label, URL: b.URL}, true
	}
	who := chat
	if chat < 0 {
		who = 0
	}
	data, ok := makeData(who, b.Command)
	if !ok {
		t.log.Warn("button left out: its command is too long for callback data", "bytes", len(data))
		return inlineButton{}, false
	}
	return inlineButton{Text: b.Label, CallbackData: data}, true
}
