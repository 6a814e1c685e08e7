package telegram

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"umpire/bot/wire"
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

// part is one API message of a wire.Message: a text, a photo with its
// caption, or a file (a document, or an animation for a GIF).
type part struct {
	photo []byte
	file  *wire.File
	text  string
}

// Send delivers one message. It returns an error wrapping wire.ErrPermanent
// when Telegram will never take it (a user who blocked the bot or never
// started it, a chat that is gone) and a *wire.TemporaryError with the
// flood wait after a 429 (the bot then tells the game's group how to start
// the bot, for a user it cannot reach).
func (t *Transport) Send(ctx context.Context, m wire.Message) error {
	chat, err := chatID(m.To)
	if err != nil {
		return err
	}
	kb := t.keyboard(m, chat)
	if m.Edit != "" && m.Image == nil {
		if done, err := t.edit(ctx, chat, m, kb); done {
			return err
		}
	}
	if done, err := t.sendStatus(ctx, chat, m, kb); done {
		return err
	}
	protect := m.Private && chat > 0
	parts := split(m)
	for i := t.partsSent(m.Key); i < len(parts); i++ {
		var markup *markup
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
			return err
		}
	}
	t.setPartsSent(m.Key, 0)
	return nil
}

// split cuts a message into API messages: its text and picture, then its
// files, one each.
func split(m wire.Message) []part {
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
func (t *Transport) sendPart(ctx context.Context, chat int64, p part, kb *markup, protect bool) error {
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
func (t *Transport) sendFile(ctx context.Context, params tgbotapi.Params, f *wire.File) error {
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

// edit replaces the text and buttons of the message m.Edit names. done is
// false when that message cannot be edited (gone, too old, a picture, or
// the text too long): then it is sent as a new one. A text that did not
// change is done.
func (t *Transport) edit(ctx context.Context, chat int64, m wire.Message, kb *markup) (done bool, err error) {
	text := strings.TrimSpace(m.Text)
	if _, err := strconv.Atoi(m.Edit); err != nil || text == "" || utf8.RuneCountInString(text) > maxText {
		return false, nil
	}
	p := tgbotapi.Params{"chat_id": strconv.FormatInt(chat, 10), "message_id": m.Edit, "text": text,
		"disable_web_page_preview": "true"}
	addKeyboard(p, kb)
	err = t.api.do(ctx, 30*time.Second, "editMessageText", p, nil, nil)
	switch {
	case err == nil, strings.Contains(err.Error(), "message is not modified"):
		return true, nil
	case statusOf(err) == 400:
		t.log.Debug("cannot edit; sending anew", "err", err)
		return false, nil
	}
	return true, err
}

// addKeyboard adds a keyboard to a call's parameters, if there is one.
func addKeyboard(p tgbotapi.Params, kb *markup) {
	if kb != nil {
		k, _ := json.Marshal(kb)
		p["reply_markup"] = string(k)
	}
}
