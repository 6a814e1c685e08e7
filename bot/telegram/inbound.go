package telegram

import (
	"context"
	"strconv"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"umpire/bot"
	"umpire/store"
)

// What comes in. A text in a private chat goes to the bot as it is (the
// Start button's "/start PAYLOAD" is the bot's join). In a group the bot
// hears only what is addressed to it — a command, a text starting with
// its @name, a reply to it — and of that only what may be done in a group;
// a move or another game action is answered there with a pointer to the
// private chat, and never played. A press of a button is the button's
// command written by whoever pressed it, if the button was for them.

// handleUpdate hands one update to the bot, or answers or ignores it.
func (t *Transport) handleUpdate(ctx context.Context, h bot.Handler, u tgbotapi.Update) error {
	switch {
	case u.Message != nil:
		return t.message(ctx, h, u.UpdateID, u.Message)
	case u.CallbackQuery != nil:
		return t.callback(ctx, h, u.UpdateID, u.CallbackQuery)
	}
	return nil
}

// message handles a text message.
func (t *Transport) message(ctx context.Context, h bot.Handler, id int, m *tgbotapi.Message) error {
	if m.From == nil || m.From.IsBot || m.Chat == nil || m.Text == "" {
		return nil
	}
	in := t.inbound(id, m.From, m.Chat, m.Text)
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
	in.Text = text
	if !groupCommand(text) {
		return t.refuseInGroup(in)
	}
	return h.Handle(ctx, in)
}

// inbound makes the bot's Inbound of something from a user in a chat;
// the update id is its id.
func (t *Transport) inbound(id int, from *tgbotapi.User, chat *tgbotapi.Chat, text string) bot.Inbound {
	uid := strconv.FormatInt(from.ID, 10)
	return bot.Inbound{Transport: Name, From: uid, Chat: strconv.FormatInt(chat.ID, 10), Text: text,
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
	case m.ReplyToMessage != nil && m.ReplyToMessage.From != nil && m.ReplyToMessage.From.ID == t.self.ID:
		return text, true
	}
	return "", false
}

// groupWords are the bot's commands that may be given in a group: they
// make, join, watch and show games, and say nothing hidden. Anything else
// is a game action, which belongs in the private chat.
var groupWords = map[string]bool{
	"new": true, "join": true, "help": true, "rules": true, "lang": true, "name": true,
	"games": true, "watch": true, "invite": true, "abort": true, "board": true,
}

// groupCommand reports whether a text addressed to the bot in a group is
// one of groupWords, in any of the bot's languages; "#N" words are skipped
// as the bot skips them.
func groupCommand(text string) bool {
	for w := range strings.FieldsSeq(text) {
		if len(w) > 1 && w[0] == '#' {
			continue
		}
		return groupWords[bot.DefaultCatalog.Command(strings.TrimPrefix(w, "/"))]
	}
	return true // nothing but "#N": the game's board
}

// refuseInGroup answers a game action written in a group with a pointer to
// the private chat, and marks the update seen, in one transaction: the
// action is never played.
func (t *Transport) refuseInGroup(in bot.Inbound) error {
	lang := t.langOf(store.Address{Transport: Name, ID: in.From}, in.Lang)
	row := store.Outgoing{To: store.Address{Transport: Name, ID: in.Chat}, Kind: "notice", Lang: lang,
		Text: text(lang, "group-move", "link", t.link(""))}
	key := Name + ":" + in.ID
	return t.db.QueueOnce(key, row)
}

// langOf is the language of someone at an address: the player's, else the
// hint Telegram gave (a user's language_code), else the transport's.
func (t *Transport) langOf(a store.Address, hint string) string {
	if p, err := t.db.PlayerAt(a); err == nil && p.Lang != "" {
		return p.Lang
	}
	if len(hint) >= 2 && texts[hint[:2]] != nil {
		return hint[:2]
	}
	return t.lang
}

// callback handles a press of an inline button.
func (t *Transport) callback(ctx context.Context, h bot.Handler, id int, q *tgbotapi.CallbackQuery) error {
	if q.From == nil {
		return nil
	}
	who, cmd, ok := readData(q.Data)
	if !ok || q.Message == nil || q.Message.Chat == nil {
		t.answer(ctx, q, "")
		return nil
	}
	if who != 0 && who != q.From.ID {
		lang := t.langOf(store.Address{Transport: Name, ID: strconv.FormatInt(q.From.ID, 10)}, q.From.LanguageCode)
		t.answer(ctx, q, text(lang, "not-yours"))
		return nil
	}
	in := t.inbound(id, q.From, q.Message.Chat, cmd)
	if !in.Private && !groupCommand(strings.TrimPrefix(cmd, "?")) {
		t.answer(ctx, q, "")
		return t.refuseInGroup(in)
	}
	lang := t.langOf(store.Address{Transport: Name, ID: in.From}, in.Lang)
	if c, ok := confirmable(cmd); ok {
		t.answer(ctx, q, "")
		return t.ask(ctx, q.Message.Chat.ID, who, c, lang)
	}
	if cmd == cancelCommand {
		t.answer(ctx, q, "")
		t.settle(ctx, q, text(lang, "cancelled"))
		return nil
	}
	if err := h.Handle(ctx, in); err != nil {
		return err
	}
	t.answer(ctx, q, "")
	if isQuestion(q.Message) {
		t.settle(ctx, q, q.Message.Text) // answered: its buttons go
	}
	return nil
}

// answer answers a callback query, which stops the button's spinner; a
// text is shown as an alert. Failing to answer (the query is too old
// after a restart) changes nothing.
func (t *Transport) answer(ctx context.Context, q *tgbotapi.CallbackQuery, alert string) {
	p := tgbotapi.Params{"callback_query_id": q.ID}
	if alert != "" {
		p["text"], p["show_alert"] = alert, "true"
	}
	if err := t.api.do(ctx, 15*time.Second, "answerCallbackQuery", p, nil, nil); err != nil {
		t.log.Debug("answerCallbackQuery failed", "err", err)
	}
}
