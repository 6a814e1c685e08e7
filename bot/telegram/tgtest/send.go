package tgtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	_ "image/png" // photos are checked to be pictures
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Sent is one message the bot sent (or edited: then Edited is set and
// MessageID names the message edited).
type Sent struct {
	Method    string // "sendMessage", "sendPhoto", "editMessageText", "editMessageMedia", …
	Chat      int64
	MessageID int
	Text      string // the text, or the photo's caption
	Photo     []byte // the picture, for sendPhoto and editMessageMedia
	File      []byte // the uploaded file, for sendDocument and sendAnimation
	FileName  string // its name as uploaded
	FileID    string // the photo's or file's file_id
	Protected bool   // protect_content was set
	Thread    int    // the topic it went to (message_thread_id), 0 for the main chat
	Only      int64  // the one member of the group who sees it (ephemeral_message_parameters), 0 for all
	Buttons   [][]Button
	Edited    bool
	At        time.Time // by the Server's Now
}

// Button is a button of an inline keyboard: a link or callback data.
type Button struct {
	Text   string
	Style  string // "danger", "success", "primary" or ""
	URL    string
	Data   string
	WebApp string // the Mini App's address
}

// Limits of the Bot API.
const (
	MaxText         = 4096
	MaxCaption      = 1024
	MaxCallbackData = 64
	MaxPhoto        = 10 << 20
)

// sendMessage sends a text.
func (s *Server) sendMessage(p params) (any, *apiError) {
	text := p.get("text")
	if strings.TrimSpace(text) == "" {
		return nil, badRequest("message text is empty")
	}
	if utf8.RuneCountInString(text) > MaxText {
		return nil, badRequest("message is too long")
	}
	return s.post(p, Sent{Method: "sendMessage", Text: text})
}

// sendPhoto sends a picture: an upload (multipart) or a file_id sent
// before.
func (s *Server) sendPhoto(p params) (any, *apiError) {
	caption := p.get("caption")
	if utf8.RuneCountInString(caption) > MaxCaption {
		return nil, badRequest("message caption is too long")
	}
	data, id, aerr := s.photo(p)
	if aerr != nil {
		return nil, aerr
	}
	return s.post(p, Sent{Method: "sendPhoto", Text: caption, Photo: data, FileID: id})
}

// photo reads the photo parameter of sendPhoto: an upload, or a file_id
// sent before.
func (s *Server) photo(p params) ([]byte, string, *apiError) {
	if data, ok := p.files["photo"]; ok {
		return s.upload(data)
	}
	return s.known(p.get("photo"), "there is no photo in the request")
}

// upload checks an uploaded picture and keeps it under a new file_id.
func (s *Server) upload(data []byte) ([]byte, string, *apiError) {
	if len(data) > MaxPhoto {
		return nil, "", &apiError{code: 413, desc: "Request Entity Too Large"}
	}
	if _, _, err := image.DecodeConfig(bytes.NewReader(data)); err != nil {
		return nil, "", badRequest("IMAGE_PROCESS_FAILED")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seq++
	id := fmt.Sprintf("AgACAgQAAxk%06d", s.seq)
	s.files[id] = data
	return data, id, nil
}

// known is the file a file_id sent before names; unknown, the request
// fails with the description missing.
func (s *Server) known(id, missing string) ([]byte, string, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if data := s.files[id]; data != nil {
		return data, id, nil
	}
	return nil, "", badRequest("%s", missing)
}

// post checks the chat and the keyboard, records the message and answers
// it as the API does.
func (s *Server) post(p params, out Sent) (any, *apiError) {
	chat, aerr := s.chatParam(p)
	if aerr != nil {
		return nil, aerr
	}
	kb, buttons, aerr := keyboard(p.get("reply_markup"), chat)
	if aerr != nil {
		return nil, aerr
	}
	out.Chat, out.Buttons = chat, buttons
	out.Protected = p.get("protect_content") == "true"
	s.mu.Lock()
	c, aerr := s.writableLocked(chat)
	if aerr == nil {
		out.Thread, aerr = s.threadLocked(c, p)
	}
	if aerr == nil {
		out.Only, aerr = s.onlyLocked(c, p)
	}
	if aerr != nil {
		s.mu.Unlock()
		return nil, aerr
	}
	m := s.recordLocked(c, &out, kb)
	s.mu.Unlock()
	s.notify(out)
	return m, nil
}

func (s *Server) chatParam(p params) (int64, *apiError) {
	v := p.get("chat_id")
	if v == "" {
		return 0, badRequest("chat_id is empty")
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, badRequest("chat not found")
	}
	return id, nil
}

// writableLocked checks the bot may write to a chat: a group it is in, or
// the private chat of a user who started it and did not block it.
func (s *Server) writableLocked(id int64) (*Chat, *apiError) {
	if to := s.migrated[id]; to != 0 {
		e := badRequest("group chat was upgraded to a supergroup chat")
		e.migrateTo = to
		return nil, e
	}
	c := s.chats[id]
	if c == nil {
		return nil, badRequest("chat not found")
	}
	if u := s.users[id]; c.Type == "private" && u != nil {
		switch {
		case u.blocked:
			return nil, &apiError{code: 403, desc: "Forbidden: bot was blocked by the user"}
		case !u.started:
			return nil, &apiError{code: 403, desc: "Forbidden: bot can't initiate conversation with a user"}
		}
	}
	return c, nil
}

// recordLocked stores a message of the bot and returns it as sent.
func (s *Server) recordLocked(c *Chat, out *Sent, kb *InlineKeyboardMarkup) *Message {
	bot := s.Bot
	m := &Message{MessageID: s.nextMessageIDLocked(c.ID), From: &bot, Date: s.now().Unix(), Chat: *c,
		ReplyMarkup: kb, HasProtectedContent: out.Protected, MessageThreadID: out.Thread, IsTopicMessage: out.Thread != 0}
	switch out.Method {
	case "sendPhoto":
		m.Caption, m.Photo = out.Text, photoSizes(out.FileID, out.Photo)
	case "sendDocument":
		m.Caption, m.Document = out.Text, fileOf(out)
	case "sendAnimation":
		m.Caption, m.Animation = out.Text, fileOf(out)
	default:
		m.Text = out.Text
	}
	s.messages[c.ID] = append(s.messages[c.ID], m)
	out.MessageID, out.At = m.MessageID, s.now()
	s.sent = append(s.sent, *out)
	s.changedLocked()
	return m
}

func photoSizes(id string, data []byte) []PhotoSize {
	cfg, _, _ := image.DecodeConfig(bytes.NewReader(data))
	return []PhotoSize{{FileID: id, FileUniqueID: "u" + id, Width: cfg.Width, Height: cfg.Height, FileSize: len(data)}}
}

func (s *Server) notify(out Sent) {
	if s.OnSend != nil {
		s.OnSend(out)
	}
}

// keyboard reads and checks an inline keyboard.
func keyboard(raw string, chat int64) (*InlineKeyboardMarkup, [][]Button, *apiError) {
	if raw == "" {
		return nil, nil, nil
	}
	var kb InlineKeyboardMarkup
	if err := decodeJSON(raw, &kb); err != nil {
		return nil, nil, badRequest("can't parse reply keyboard markup JSON object")
	}
	var rows [][]Button
	for _, row := range kb.InlineKeyboard {
		var out []Button
		for _, b := range row {
			btn, aerr := checkButton(b, chat)
			if aerr != nil {
				return nil, nil, aerr
			}
			out = append(out, btn)
		}
		rows = append(rows, out)
	}
	return &kb, rows, nil
}

// buttonStyles are the styles a button may have (Bot API 9.4).
var buttonStyles = map[string]bool{"": true, "danger": true, "success": true, "primary": true}

// checkButton checks one button as Telegram does, and keeps its style.
func checkButton(b InlineKeyboardButton, chat int64) (Button, *apiError) {
	if !buttonStyles[b.Style] {
		return Button{}, badRequest("BUTTON_STYLE_INVALID")
	}
	btn, aerr := checkKind(b, chat)
	btn.Style = b.Style
	return btn, aerr
}

// checkKind checks that a button is exactly one of a link, callback data
// and a Mini App, each as Telegram takes it.
func checkKind(b InlineKeyboardButton, chat int64) (Button, *apiError) {
	kinds := 0
	for _, set := range []bool{b.URL != nil, b.CallbackData != nil, b.WebApp != nil} {
		if set {
			kinds++
		}
	}
	switch {
	case b.Text == "":
		return Button{}, badRequest("text buttons are unallowed in the inline keyboard")
	case kinds != 1:
		return Button{}, badRequest("can't find field \"callback_data\" or \"url\" in an inline keyboard button")
	case b.CallbackData != nil:
		if n := len(*b.CallbackData); n < 1 || n > MaxCallbackData {
			return Button{}, badRequest("BUTTON_DATA_INVALID")
		}
		return Button{Text: b.Text, Data: *b.CallbackData}, nil
	case b.WebApp != nil:
		if chat < 0 {
			return Button{}, badRequest("BUTTON_TYPE_INVALID")
		}
		if u, err := url.Parse(b.WebApp.URL); err != nil || u.Scheme != "https" || u.Host == "" {
			return Button{}, badRequest("BUTTON_URL_INVALID")
		}
		return Button{Text: b.Text, WebApp: b.WebApp.URL}, nil
	}
	u, err := url.Parse(*b.URL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http" && u.Scheme != "tg") {
		return Button{}, badRequest("BUTTON_URL_INVALID")
	}
	return Button{Text: b.Text, URL: *b.URL}, nil
}

// editMessageText changes the text (and keyboard) of a text message the
// bot sent.
func (s *Server) editMessageText(p params) (any, *apiError) {
	text := p.get("text")
	if strings.TrimSpace(text) == "" {
		return nil, badRequest("message text is empty")
	}
	return s.edit(p, Sent{Method: "editMessageText", Text: text})
}

// editMessageMedia replaces the picture, the caption (none when the
// InputMedia has none) and the keyboard of a message of the bot with a
// photo, text messages excepted. Its media parameter is a JSON
// InputMediaPhoto (the fake serves no other type) whose media is a file_id
// sent before or attach://<name>, naming the part of the multipart upload
// that holds the picture.
func (s *Server) editMessageMedia(p params) (any, *apiError) {
	var in inputMedia
	if err := decodeJSON(p.get("media"), &in); err != nil || in.Type != "photo" {
		return nil, badRequest("can't parse InputMedia JSON object")
	}
	if utf8.RuneCountInString(in.Caption) > MaxCaption {
		return nil, badRequest("message caption is too long")
	}
	data, id, aerr := s.mediaPhoto(p, in.Media)
	if aerr != nil {
		return nil, aerr
	}
	return s.edit(p, Sent{Method: "editMessageMedia", Text: in.Caption, Photo: data, FileID: id})
}

// mediaPhoto is the picture an InputMedia's media names: attach://<name>,
// a part of the upload, or a file_id sent before.
func (s *Server) mediaPhoto(p params, media string) ([]byte, string, *apiError) {
	const wrong = "wrong file identifier/HTTP URL specified"
	name, attached := strings.CutPrefix(media, "attach://")
	if !attached {
		return s.known(media, wrong)
	}
	data, ok := p.files[name]
	if !ok {
		return nil, "", badRequest(wrong)
	}
	return s.upload(data)
}

// edit makes the message of the bot that p names (chat_id, message_id)
// show out, and the keyboard of reply_markup (none without one), as the
// editMessage methods do: a photo with out.Text as its caption when
// out.Photo is set, else the text out.Text. It records the edit as out,
// Edited, and answers the message as edited. Content and keyboard as they
// were are refused, as Telegram refuses them: "message is not modified".
func (s *Server) edit(p params, out Sent) (any, *apiError) {
	chat, aerr := s.chatParam(p)
	if aerr != nil {
		return nil, aerr
	}
	kb, buttons, aerr := keyboard(p.get("reply_markup"), chat)
	if aerr != nil {
		return nil, aerr
	}
	id, _ := strconv.Atoi(p.get("message_id"))
	s.mu.Lock()
	m, aerr := s.editableLocked(chat, id, out.Photo != nil)
	if aerr == nil && s.showsLocked(m, out) && sameKeyboard(m.ReplyMarkup, kb) {
		aerr = badRequest("message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message")
	}
	if aerr != nil {
		s.mu.Unlock()
		return nil, aerr
	}
	replace(m, out)
	m.ReplyMarkup, m.EditDate = kb, s.now().Unix()
	out.Chat, out.MessageID, out.Buttons, out.Protected, out.Edited, out.At = chat, id, buttons, m.HasProtectedContent, true, s.now()
	s.sent = append(s.sent, out)
	s.changedLocked()
	edited := *m
	s.mu.Unlock()
	s.notify(out)
	return &edited, nil
}

// editableLocked is the message id of chat, if the bot may edit it with
// media (editMessageMedia) or its text (editMessageText): a message of the
// bot, of the kind the method edits.
func (s *Server) editableLocked(chat int64, id int, media bool) (*Message, *apiError) {
	if s.chats[chat] == nil {
		return nil, badRequest("chat not found")
	}
	m := s.messageLocked(chat, id)
	switch {
	case m == nil:
		return nil, badRequest("message to edit not found")
	case m.From == nil || m.From.ID != s.Bot.ID:
		return nil, badRequest("message can't be edited")
	case media && !hasMedia(m):
		return nil, badRequest("there is no media in the message to edit")
	case !media && hasMedia(m):
		return nil, badRequest("there is no text in the message to edit")
	}
	return m, nil
}

// hasMedia reports whether m is a photo or a file rather than a text.
func hasMedia(m *Message) bool { return m.Photo != nil || m.Document != nil || m.Animation != nil }

// showsLocked reports whether m shows out's content already: the same
// text, or the same picture (by its bytes) and caption.
func (s *Server) showsLocked(m *Message, out Sent) bool {
	if out.Photo == nil {
		return m.Text == out.Text
	}
	return m.Caption == out.Text && len(m.Photo) > 0 && bytes.Equal(s.files[m.Photo[0].FileID], out.Photo)
}

// replace puts out's content in m's place.
func replace(m *Message, out Sent) {
	if out.Photo == nil {
		m.Text = out.Text
		return
	}
	m.Photo, m.Caption, m.Document, m.Animation = photoSizes(out.FileID, out.Photo), out.Text, nil, nil
}

func sameKeyboard(a, b *InlineKeyboardMarkup) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return bytes.Equal(ja, jb)
}
