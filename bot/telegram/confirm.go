package telegram

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// Confirmation. A button whose command starts with "?" does nothing at
// once: the press is answered in place with a question and two buttons,
// the command itself and "no". Resigning is asked this way, so that a slip
// of the thumb does not end a game of weeks. The question and its
// outcome are the transport's own few words, sent and edited straight
// away: they change nothing in any game, and a question lost in a crash
// is only pressed again.

// cancelCommand is the command of the "no" button.
const cancelCommand = "-"

// confirmable reports whether a button's command asks first, and returns
// the command to confirm.
func confirmable(cmd string) (string, bool) {
	return strings.CutPrefix(cmd, "?")
}

// ask sends the question for a command in chat: "Resign game #12?" with
// the command and "no" as buttons, for user who only.
func (t *Transport) ask(ctx context.Context, chat, who int64, cmd, lang string) error {
	yes, ok1 := makeData(who, cmd)
	no, ok2 := makeData(who, cancelCommand)
	if !ok1 || !ok2 {
		return nil
	}
	word, game, _ := strings.Cut(cmd, " ")
	kb := tgbotapi.NewInlineKeyboardMarkup(tgbotapi.NewInlineKeyboardRow(
		tgbotapi.NewInlineKeyboardButtonData(text(lang, "yes."+word), yes),
		tgbotapi.NewInlineKeyboardButtonData(text(lang, "no"), no)))
	k, _ := json.Marshal(kb)
	p := tgbotapi.Params{"chat_id": strconv.FormatInt(chat, 10), "text": text(lang, "ask."+word, "game", game),
		"reply_markup": string(k)}
	return t.api.do(ctx, 30*time.Second, "sendMessage", p, nil, nil)
}

// settle edits a question once answered: its buttons go, and its text
// says what became of it.
func (t *Transport) settle(ctx context.Context, q *tgbotapi.CallbackQuery, words string) {
	p := tgbotapi.Params{"chat_id": strconv.FormatInt(q.Message.Chat.ID, 10),
		"message_id": strconv.Itoa(q.Message.MessageID), "text": words}
	if err := t.api.do(ctx, 30*time.Second, "editMessageText", p, nil, nil); err != nil {
		t.log.Debug("editMessageText failed", "err", err)
	}
}

// isQuestion reports whether a message is a question of ask: a text with
// a "no" button.
func isQuestion(m *tgbotapi.Message) bool {
	if m.ReplyMarkup == nil || m.Text == "" {
		return false
	}
	for _, row := range m.ReplyMarkup.InlineKeyboard {
		for _, b := range row {
			if b.CallbackData != nil && strings.HasSuffix(*b.CallbackData, "|"+cancelCommand) {
				return true
			}
		}
	}
	return false
}
