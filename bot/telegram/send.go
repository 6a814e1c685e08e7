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
	protect := protected(m, chat)
	parts := split(m)
	for i := t.partsSent(m.Key); i < len(parts); i++ {
		var markup *markup
		if i == len(parts)-1 {
			markup = kb
		}
		_, err := t.sendPart(ctx, chat, parts[i], markup, protect)
		if to := migratedTo(err); to != 0 {
			t.log.Info("group became a supergroup; sending there", "group", chat, "supergroup", to)
			chat = to
			_, err = t.sendPart(ctx, chat, parts[i], markup, protect)
		}
		if err != nil {
			t.setPartsSent(m.Key, i)
			return err
		}
	}
	t.setPartsSent(m.Key, 0)
	return nil
}

// protected reports whether a message goes with protect_content: a seat's
// own view, in its private chat.
func protected(m wire.Message, chat int64) bool { return m.Private && chat > 0 }

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

// sendPart sends one API message and returns the id Telegram gave it.
func (t *Transport) sendPart(ctx context.Context, chat int64, p part, kb *markup, protect bool) (id int, err error) {
	params := tgbotapi.Params{"chat_id": strconv.FormatInt(chat, 10)}
	params.AddBool("protect_content", protect)
	addKeyboard(params, kb)
	var sent sentMessage
	switch {
	case p.file != nil:
		err = t.sendFile(ctx, params, p.file, &sent)
	case p.photo == nil:
		params["text"] = p.text
		params["disable_web_page_preview"] = "true"
		err = t.api.do(ctx, 30*time.Second, "sendMessage", params, nil, &sent)
	default:
		params.AddNonEmpty("caption", p.text)
		err = t.api.do(ctx, 60*time.Second, "sendPhoto", params, []tgbotapi.RequestFile{photoFile("photo", p.photo)}, &sent)
	}
	return sent.MessageID, err
}

// sentMessage is as much of the Message a send answers as the transport
// reads: a smaller decoding than the library's Message, which cannot fail
// on a field the library does not know.
type sentMessage struct {
	MessageID int `json:"message_id"`
}

// photoFile is a picture uploaded as the multipart part named field.
func photoFile(field string, png []byte) tgbotapi.RequestFile {
	return tgbotapi.RequestFile{Name: field, Data: tgbotapi.FileBytes{Name: "board.png", Bytes: png}}
}

// sendFile sends a file: a GIF as an animation, which chats show playing,
// anything else as a document.
func (t *Transport) sendFile(ctx context.Context, params tgbotapi.Params, f *wire.File, sent *sentMessage) error {
	method, field := "sendDocument", "document"
	if f.Animation() {
		method, field = "sendAnimation", "animation"
	}
	file := tgbotapi.RequestFile{Name: field, Data: tgbotapi.FileBytes{Name: f.Name, Bytes: f.Data}}
	return t.api.do(ctx, 60*time.Second, method, params, []tgbotapi.RequestFile{file}, sent)
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
	if text == "" || utf8.RuneCountInString(text) > maxText {
		return false, nil
	}
	return t.editPart(ctx, chat, m.Edit, part{text: text}, kb)
}

// editPart makes message id of chat show p, a text (editMessageText) or a
// photo with its caption (editMessageMedia), with the buttons of kb (none
// when nil: an edit without reply_markup drops the keyboard). Telegram
// edits a message into one of its own kind only. done is false when the
// message cannot be edited (an id that is none, a message deleted or too
// old, of the other kind: any 400), for the caller to send p anew; content
// that did not change is done. Any other failure (a flood wait, 403, the
// network) is done with its error.
func (t *Transport) editPart(ctx context.Context, chat int64, id string, p part, kb *markup) (done bool, err error) {
	if _, err := strconv.Atoi(id); err != nil {
		return false, nil
	}
	params := tgbotapi.Params{"chat_id": strconv.FormatInt(chat, 10), "message_id": id}
	addKeyboard(params, kb)
	if p.photo == nil {
		params["text"] = p.text
		params["disable_web_page_preview"] = "true"
		err = t.api.do(ctx, 30*time.Second, "editMessageText", params, nil, nil)
	} else {
		params["media"] = inputPhoto(p.text)
		err = t.api.do(ctx, 60*time.Second, "editMessageMedia", params, []tgbotapi.RequestFile{photoFile(mediaField, p.photo)}, nil)
	}
	switch {
	case err == nil, strings.Contains(err.Error(), "message is not modified"):
		return true, nil
	case statusOf(err) == 400:
		t.log.Debug("cannot edit; sending anew", "err", err)
		return false, nil
	}
	return true, err
}

// mediaField is the multipart part that carries an edit's new picture:
// the InputMedia names it as attach://<mediaField>.
const mediaField = "board"

// inputPhoto is the media parameter of editMessageMedia, an InputMediaPhoto
// whose picture is the part mediaField of the upload, with its caption
// (none when empty: the edit removes the old one).
func inputPhoto(caption string) string {
	in := struct {
		Type    string `json:"type"`
		Media   string `json:"media"`
		Caption string `json:"caption,omitempty"`
	}{"photo", "attach://" + mediaField, caption}
	b, _ := json.Marshal(in)
	return string(b)
}

// addKeyboard adds a keyboard to a call's parameters, if there is one.
func addKeyboard(p tgbotapi.Params, kb *markup) {
	if kb != nil {
		k, _ := json.Marshal(kb)
		p["reply_markup"] = string(k)
	}
}
