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
	to := t.destOf(chat, m)
	if done, err := t.sendStatus(ctx, &to, m, kb); done {
		return err
	}
	parts := split(m)
	for i := t.partsSent(m.Key); i < len(parts); i++ {
		var markup *markup
		if i == len(parts)-1 {
			markup = kb
		}
		if _, err := t.deliver(ctx, &to, parts[i], markup); err != nil {
			t.setPartsSent(m.Key, i)
			return err
		}
	}
	t.setPartsSent(m.Key, 0)
	return nil
}

// dest is where the parts of a message go: a chat, its topic (0: the main
// chat), the one member of a group who alone sees them (0: everyone), and
// whether they are kept from being forwarded or saved.
type dest struct {
	chat    int64
	thread  int
	only    int64
	protect bool
}

// destOf is where message m to chat goes: to its topic and to its one
// member where the chat's topics and one-member messages were not
// refused lately.
func (t *Transport) destOf(chat int64, m wire.Message) dest {
	d := dest{chat: chat, protect: protected(m, chat)}
	now := t.now()
	if n, err := strconv.Atoi(m.Topic); err == nil && n > 0 && !t.chats.cooling(cooled{chat: chat}, now) {
		d.thread = n
	}
	if n, err := strconv.ParseInt(m.Only, 10, 64); err == nil && n > 0 && chat < 0 && !t.chats.cooling(cooled{chat: chat, whisper: true}, now) {
		d.only = n
	}
	return d
}

// deliver sends one part to d and returns its message id. When Telegram
// refuses where it goes, it goes on to where it can, each step at most
// once: a group that became a supergroup to the supergroup (kept in d for
// the parts after it); a refused topic to the main chat, a refused
// one-member message to the whole group, each refusal leaving that
// chat's feature alone for TopicsCooldown. So a part is sent once,
// somewhere, or fails as the main chat fails.
func (t *Transport) deliver(ctx context.Context, d *dest, p part, kb *markup) (int, error) {
	migrated := false
	for {
		id, err := t.sendPart(ctx, *d, p, kb)
		switch {
		case err == nil:
			return id, nil
		case migratedTo(err) != 0 && !migrated:
			t.log.Info("group became a supergroup; sending there", "group", d.chat, "supergroup", migratedTo(err))
			d.chat, migrated = migratedTo(err), true
		case d.thread != 0 && (namesTopic(err) || d.only == 0) && topicRefused(err):
			t.log.Warn("topic refused; sending to the main chat", "chat", d.chat, "topic", d.thread, "for", TopicsCooldown, "err", err)
			t.chats.coolFor(cooled{chat: d.chat}, t.now().Add(TopicsCooldown))
			d.thread = 0
		case d.only != 0 && statusOf(err) == 400:
			t.log.Warn("a message for one member refused; sending it to the group", "chat", d.chat, "for", TopicsCooldown, "err", err)
			t.chats.coolFor(cooled{chat: d.chat, whisper: true}, t.now().Add(TopicsCooldown))
			d.only = 0
		default:
			return id, err
		}
	}
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

// sendPart sends one API message to d and returns the id Telegram gave
// it.
func (t *Transport) sendPart(ctx context.Context, d dest, p part, kb *markup) (id int, err error) {
	params := tgbotapi.Params{"chat_id": strconv.FormatInt(d.chat, 10)}
	params.AddBool("protect_content", d.protect)
	params.AddNonZero("message_thread_id", d.thread)
	if d.only != 0 {
		params["ephemeral_message_parameters"] = `{"receiver_user_id":` + strconv.FormatInt(d.only, 10) + `}`
	}
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
