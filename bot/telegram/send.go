package telegram

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"umpire/bot"
	"umpire/store"
)

// Sending. A message with a picture goes as sendPhoto with the text as the
// caption; a text too long for a caption (1024 characters) follows the
// picture as messages of its own, cut at lines to fit 4096 characters. A
// seat's view is sent with protect_content, so that Telegram offers no
// forwarding or saving of it. The keyboard goes with the last part. When a
// part fails, the parts already sent are remembered by the message's key,
// and a retry sends only the rest.

// Limits of the Bot API, in characters.
const (
	maxCaption = 1024
	maxText    = 4096
)

// A group that became a supergroup has a new id: a message to the old one
// goes to the new one (games made in the group keep the old address, and
// each of their messages costs a refused call first).

// part is one API message of a bot.Message: a text, a photo with its
// caption, or a file (a document, or an animation for a GIF).
type part struct {
	photo []byte
	file  *bot.File
	text  string
}

// Send delivers one message. It returns an error wrapping bot.ErrPermanent
// when Telegram will never take it (a user who blocked the bot or never
// started it, a chat that is gone) and a *bot.TemporaryError with the
// flood wait after a 429. A user it cannot reach makes the group of the
// game hear a short notice with a link to start the bot.
func (t *Transport) Send(ctx context.Context, m bot.Message) error {
	chat, err := chatID(m.To)
	if err != nil {
		return err
	}
	lang := t.langOf(m.To, "")
	kb := t.keyboard(m, chat, lang)
	protect := seatView(m) && chat > 0
	parts := split(m)
	for i := t.partsSent(m.Key); i < len(parts); i++ {
		var markup *tgbotapi.InlineKeyboardMarkup
		if i == len(parts)-1 {
			markup = kb
		}
		err := t.sendPart(ctx, chat, parts[i], markup, protect)
		if to := migratedTo(err); to != 0 {
			t.log.Info("group became a supergroup; sending there", "group", chat, "supergroup", to)
			chat = to
			err = t.sendPart(ctx, chat, parts[i], markup, protect)
		}
		if err != nil {
			t.setPartsSent(m.Key, i)
			return t.failed(m, chat, err)
		}
	}
	t.setPartsSent(m.Key, 0)
	return nil
}

// split cuts a message into API messages: its text and picture, then its
// files, one each.
func split(m bot.Message) []part {
	var parts []part
	text := strings.TrimSpace(m.Text)
	if m.Image == nil {
		if m.Board != "" {
			text = strings.TrimSpace(text + "\n\n" + m.Board)
		}
		parts = textParts(text, nil)
	} else {
		caption, rest := cut(text, maxCaption)
		parts = textParts(rest, []part{{photo: m.Image, text: caption}})
	}
	for i := range m.Files {
		parts = append(parts, part{file: &m.Files[i]})
	}
	return parts
}

// textParts appends text as messages of at most maxText characters.
func textParts(text string, parts []part) []part {
	for text != "" {
		var p string
		p, text = cut(text, maxText)
		parts = append(parts, part{text: p})
	}
	return parts
}

// cut returns the longest head of s of at most n characters that ends at
// a line (or, for a line too long, at n characters), and the rest.
func cut(s string, n int) (head, rest string) {
	if utf8.RuneCountInString(s) <= n {
		return s, ""
	}
	i := byteIndex(s, n)
	if nl := strings.LastIndexByte(s[:i], '\n'); nl > 0 {
		i = nl
	}
	return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i:])
}

// byteIndex is the byte offset of rune n of s.
func byteIndex(s string, n int) int {
	for i := range s {
		if n == 0 {
			return i
		}
		n--
	}
	return len(s)
}

// sendPart sends one API message.
func (t *Transport) sendPart(ctx context.Context, chat int64, p part, kb *tgbotapi.InlineKeyboardMarkup, protect bool) error {
	params := tgbotapi.Params{"chat_id": strconv.FormatInt(chat, 10)}
	params.AddBool("protect_content", protect)
	if kb != nil {
		k, _ := json.Marshal(kb)
		params["reply_markup"] = string(k)
	}
	if p.file != nil {
		return t.sendFile(ctx, params, p.file)
	}
	if p.photo == nil {
		params["text"] = p.text
		params["disable_web_page_preview"] = "true"
		return t.api.do(ctx, 30*time.Second, "sendMessage", params, nil, nil)
	}
	params.AddNonEmpty("caption", p.text)
	file := tgbotapi.RequestFile{Name: "photo", Data: tgbotapi.FileBytes{Name: "board.png", Bytes: p.photo}}
	return t.api.do(ctx, 60*time.Second, "sendPhoto", params, []tgbotapi.RequestFile{file}, nil)
}

// sendFile sends a file: a GIF as an animation, which chats show playing,
// anything else as a document.
func (t *Transport) sendFile(ctx context.Context, params tgbotapi.Params, f *bot.File) error {
	method, field := "sendDocument", "document"
	if f.Animation() {
		method, field = "sendAnimation", "animation"
	}
	file := tgbotapi.RequestFile{Name: field, Data: tgbotapi.FileBytes{Name: f.Name, Bytes: f.Data}}
	return t.api.do(ctx, 60*time.Second, method, params, []tgbotapi.RequestFile{file}, nil)
}

// partsSent is how many parts of a keyed message were sent before.
func (t *Transport) partsSent(key string) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.parts[key]
}

// setPartsSent remembers (or, with 0, forgets) the parts sent of a keyed
// message. It keeps a bounded number: a message forgotten is sent whole.
func (t *Transport) setPartsSent(key string, n int) {
	if key == "" {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if n == 0 {
		delete(t.parts, key)
		return
	}
	if len(t.parts) > 1000 {
		clear(t.parts)
	}
	t.parts[key] = n
}

// failed handles a failed send: a user who cannot be written to is named
// in the group of the game.
func (t *Transport) failed(m bot.Message, chat int64, err error) error {
	if statusOf(err) == 403 && chat > 0 && m.Game != 0 {
		if nerr := t.unreachable(m.Game, m.To); nerr != nil {
			t.log.Error("cannot queue the notice of an unreachable player", "game", m.Game, "err", nerr)
		}
	}
	return err
}

// unreachable queues, once per game and player, a notice to the game's
// group that the player must start the bot.
func (t *Transport) unreachable(game uint64, to store.Address) error {
	g, err := t.db.Game(game)
	if err != nil || g.Chat.Transport != Name || !isGroup(g.Chat.ID) {
		return err
	}
	name := to.ID
	if p, err := t.db.PlayerAt(to); err == nil {
		name = p.Name
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	lang := t.langOf(g.Chat, "")
	row := store.Outgoing{Game: game, To: g.Chat, Kind: "notice", Lang: lang,
		Text: text(lang, "unreachable", "name", name, "link", t.link(""))}
	key := Name + ":unreachable:" + strconv.FormatUint(game, 10) + ":" + to.ID
	return t.db.QueueOnce(key, row)
}
