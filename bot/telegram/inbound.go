package telegram

import (
	"context"
	"strconv"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"umpire/bot/wire"
)

// What comes in. A text in a private chat goes to the bot as it is (the
// Start button's "/start PAYLOAD" is the bot's join). In a group the bot
// hears what is addressed to it — a command, a text starting with its
// @name, a reply to one of its messages — and hands it over with the
// bot's @name taken off; what may be done in a group is the bot's to
// decide. A press of a button is the button's command written by whoever
// pressed it, if the button was for them.

// handleUpdate hands one update to the bot, or ignores it. A group's
// message tells whether the group is a forum (topics.go).
func (t *Transport) handleUpdate(ctx context.Context, h wire.Handler, u update) error {
	where := u.newer.message()
	switch {
	case u.Message != nil:
		t.learnForum(u.Message.Chat, where.Chat.IsForum)
		return t.message(ctx, h, u.UpdateID, u.Message, where.topic())
	case u.CallbackQuery != nil:
		return t.callback(ctx, h, u.UpdateID, u.CallbackQuery, where.topic())
	}
	return nil
}

// message handles a text message written in topic ("" for the main chat).
func (t *Transport) message(ctx context.Context, h wire.Handler, id int, m *tgbotapi.Message, topic string) error {
	if m.MigrateToChatID != 0 && m.Chat != nil {
		return h.Handle(ctx, moved(id, m))
	}
	if m.From == nil || m.From.IsBot || m.Chat == nil || m.Text == "" {
		return nil
	}
	in := t.inbound(id, m.From, m.Chat, m.Text)
	in.Sent, in.Topic = m.Time(), topic
	if in.Private {
		return h.Handle(ctx, in)
	}
	if m.Chat.Type != "group" && m.Chat.Type != "supergroup" {
		return nil // a channel
	}
	text, ok := t.addressed(m)
	if !ok {
		return nil
	}
	in.Text, in.Reply = text, t.repliesToBot(m)
	return h.Handle(ctx, in)
}

// moved is the Inbound of the service message Telegram posts in a group
// that became a supergroup: the group's games follow it (the bot's word).
// Only Telegram writes service messages, so nobody can forge one.
func moved(id int, m *tgbotapi.Message) wire.Inbound {
	old := strconv.FormatInt(m.Chat.ID, 10)
	return wire.Inbound{Transport: Name, From: old, Chat: old, Text: strconv.FormatInt(m.MigrateToChatID, 10),
		ID: strconv.Itoa(id), Event: wire.Moved, Sent: m.Time()}
}

// inbound makes the bot's Inbound of something from a user in a chat;
// the update id is its id.
func (t *Transport) inbound(id int, from *tgbotapi.User, chat *tgbotapi.Chat, text string) wire.Inbound {
	uid := strconv.FormatInt(from.ID, 10)
	return wire.Inbound{Transport: Name, From: uid, Chat: strconv.FormatInt(chat.ID, 10), Text: text,
		ID: strconv.Itoa(id), Lang: from.LanguageCode, Name: displayName(from), Private: chat.Type == "private"}
}

// displayName is how a user is named to the other players.
func displayName(u *tgbotapi.User) string {
	name := strings.TrimSpace(u.FirstName + " " + u.LastName)
	if name == "" && u.UserName != "" {
		name = "@" + u.UserName
	}
	return name
}

// addressed returns the text of a group message meant for the bot, with
// the bot's @name taken off: a command (for this bot, or for no bot in
// particular), a text that starts with @name, or a reply to the bot.
func (t *Transport) addressed(m *tgbotapi.Message) (string, bool) {
	text := strings.TrimSpace(m.Text)
	at := "@" + strings.ToLower(t.self.UserName)
	first, rest, _ := strings.Cut(text, " ")
	switch {
	case strings.HasPrefix(first, "/"):
		cmd, bot, named := strings.Cut(first, "@")
		if named && "@"+strings.ToLower(bot) != at {
			return "", false // another bot's command
		}
		return strings.TrimSpace(cmd + " " + rest), true
	case strings.ToLower(first) == at:
		return strings.TrimSpace(rest), rest != ""
	case t.repliesToBot(m):
		return text, true
	}
	return "", false
}

// repliesToBot reports whether a message replies to one of the bot's.
func (t *Transport) repliesToBot(m *tgbotapi.Message) bool {
	r := m.ReplyToMessage
	return r != nil && r.From != nil && r.From.ID == t.self.ID
}

// callback handles a press of an inline button under a message in topic
// ("" for the main chat).
func (t *Transport) callback(ctx context.Context, h wire.Handler, id int, q *tgbotapi.CallbackQuery, topic string) error {
	if q.From == nil {
		return nil
	}
	who, cmd, ok := readData(q.Data)
	if !ok || q.Message == nil || q.Message.Chat == nil {
		t.answer(q, "")
		return nil
	}
	if who != 0 && who != q.From.ID {
		t.answer(q, t.say(q.From.LanguageCode, "not-yours"))
		return nil
	}
	in := t.inbound(id, q.From, q.Message.Chat, cmd)
	in.Pressed, in.Topic = strconv.Itoa(q.Message.MessageID), topic
	if err := h.Handle(ctx, in); err != nil {
		return err
	}
	t.answer(q, "")
	return nil
}

// say is one of the bot's words in the user's language, or "" without
// words.
func (t *Transport) say(lang, id string) string {
	if t.words == nil {
		return ""
	}
	return t.words.Say(lang, id)
}

// answer is a callback query to answer, with an alert text or none.
type answer struct {
	id    string
	alert string
}

// answer queues the answer to a callback query, which stops the button's
// spinner; an alert text is shown as an alert. The answers are sent by
// answering, off the receive loop; when too many wait, an answer is
// dropped (the spinner stops by itself).
func (t *Transport) answer(q *tgbotapi.CallbackQuery, alert string) {
	select {
	case t.answers <- answer{q.ID, alert}:
	default:
		t.log.Debug("callback answer dropped: too many waiting")
	}
}

// answering answers callback queries until ctx is done. Failing to answer
// (the query is too old after a restart) changes nothing.
func (t *Transport) answering(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case a := <-t.answers:
			p := tgbotapi.Params{"callback_query_id": a.id}
			if a.alert != "" {
				p["text"], p["show_alert"] = a.alert, "true"
			}
			if err := t.api.do(ctx, 15*time.Second, "answerCallbackQuery", p, nil, nil); err != nil {
				t.log.Debug("answerCallbackQuery failed", "err", err)
			}
		}
	}
}
