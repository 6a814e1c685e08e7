package telegram

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"umpire/bot/wire"
)

// Status messages. A message with a Status fills a slot of its chat (a
// game's news in a group): the first is sent, and the id Telegram gives it
// is kept through the cursor, under the chat and the slot; each later one
// edits that message (editMessageText). When it cannot be edited (deleted,
// too old) a new one is sent and becomes the slot's.

// statusName is the cursor's name of a chat's slot.
func (t *Transport) statusName(chat int64, slot string) string {
	return "telegram/" + strconv.FormatInt(t.self.ID, 10) + "/status/" + strconv.FormatInt(chat, 10) + "/" + slot
}

// sendStatus sends or edits the message of a slot; done is false for a
// message that is not a status's (a picture, files, a text too long for
// one message), which Send sends as any other.
func (t *Transport) sendStatus(ctx context.Context, chat int64, m wire.Message, kb *markup) (done bool, err error) {
	text := strings.TrimSpace(m.Text)
	if m.Status == "" || m.Image != nil || len(m.Files) > 0 || text == "" || utf8.RuneCountInString(text) > maxText {
		return false, nil
	}
	name := t.statusName(chat, m.Status)
	id, err := t.cursor.Load(name)
	if err != nil {
		return true, err
	}
	if id != nil {
		m.Edit = string(id)
		if done, err := t.edit(ctx, chat, m, kb); done {
			return true, err
		}
	}
	p := tgbotapi.Params{"chat_id": strconv.FormatInt(chat, 10), "text": text, "disable_web_page_preview": "true"}
	addKeyboard(p, kb)
	var sent tgbotapi.Message
	if err := t.api.do(ctx, 30*time.Second, "sendMessage", p, nil, &sent); err != nil {
		return true, err
	}
	return true, t.cursor.Save(name, []byte(strconv.Itoa(sent.MessageID)))
}
