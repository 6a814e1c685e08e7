package telegram

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"umpire/bot/wire"
)

// Status messages. A message with a Status fills a slot of its chat (a
// game's news in a group): the first is sent, and the id Telegram gives it
// is kept through the cursor, under the chat and the slot; each later one
// edits that message, a text with editMessageText, a picture (the text its
// caption) with editMessageMedia, which uploads the new picture. When it
// cannot be edited (deleted, too old) a new one is sent and becomes the
// slot's.
//
// Telegram edits no message into one of the other kind (a text into a
// photo), so the cursor keeps the kind with the id: "p:<id>" for a photo,
// the bare id for a text (as slots were kept before they held photos).
// A slot whose message is of the other kind gets a new one.

// statusName is the cursor's name of a chat's slot.
func (t *Transport) statusName(chat int64, slot string) string {
	return "telegram/" + strconv.FormatInt(t.self.ID, 10) + "/status/" + strconv.FormatInt(chat, 10) + "/" + slot
}

// sendStatus sends or edits the message of a slot; done is false for a
// message that is not a status's (files, a text too long for one message
// or for a caption), which Send sends as any other.
func (t *Transport) sendStatus(ctx context.Context, d *dest, m wire.Message, kb *markup) (done bool, err error) {
	p, ok := statusPart(m)
	if !ok {
		return false, nil
	}
	chat := d.chat
	name := t.statusName(chat, m.Status)
	value, err := t.cursor.Load(name)
	if err != nil {
		return true, err
	}
	if held := readSlot(value); value != nil && held.photo == p.isPhoto() {
		if done, err := t.editPart(ctx, chat, held.id, p, kb); done {
			return true, err
		}
	}
	id, err := t.deliver(ctx, d, p, kb)
	if err != nil {
		return true, err
	}
	return true, t.cursor.Save(name, slot{id: strconv.Itoa(id), photo: p.isPhoto()}.value())
}

// statusPart is the one API message a status is, and whether it is one: a
// text of 1 to maxText characters, or a picture with a caption of at most
// maxCaption.
func statusPart(m wire.Message) (part, bool) {
	text := strings.TrimSpace(m.Text)
	n := utf8.RuneCountInString(text)
	switch {
	case m.Status == "" || len(m.Files) > 0:
		return part{}, false
	case m.Image != nil:
		return part{photo: m.Image, text: text}, n <= maxCaption
	}
	return part{text: text}, n > 0 && n <= maxText
}

// isPhoto reports whether p goes as a photo.
func (p part) isPhoto() bool { return p.photo != nil }

// slot is the message that fills a slot, as its cursor value says.
type slot struct {
	id    string // the message id
	photo bool   // it is a photo; a text otherwise
}

// photoMark starts the cursor value of a slot that holds a photo.
const photoMark = "p:"

// readSlot reads a slot's cursor value.
func readSlot(value []byte) slot {
	id, photo := strings.CutPrefix(string(value), photoMark)
	return slot{id: id, photo: photo}
}

// value is the slot's cursor value.
func (s slot) value() []byte {
	if s.photo {
		return []byte(photoMark + s.id)
	}
	return []byte(s.id)
}
