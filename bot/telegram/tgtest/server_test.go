package tgtest_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"umpire/bot/telegram/tgtest"
)

// client is the real client library pointed at s.
func client(t *testing.T, s *tgtest.Server) *tgbotapi.BotAPI {
	t.Helper()
	api, err := tgbotapi.NewBotAPIWithClient(s.Token, s.URL+"/bot%s/%s", http.DefaultClient)
	if err != nil {
		t.Fatalf("NewBotAPIWithClient: %v", err)
	}
	return api
}

func newServer(t *testing.T) *tgtest.Server {
	s := tgtest.New("")
	t.Cleanup(s.Close)
	s.AddUser(tgtest.User{ID: 11, FirstName: "Ann", Username: "ann", LanguageCode: "ru"})
	s.AddUser(tgtest.User{ID: 12, FirstName: "Bob"})
	s.AddGroup(-100, "Club")
	return s
}

func pngBytes(t *testing.T) []byte { return pngOf(t, 8) }

func TestGetMe(t *testing.T) {
	s := newServer(t)
	api := client(t, s)
	if api.Self.UserName != "umpire_test_bot" || !api.Self.IsBot {
		t.Errorf("Self = %+v", api.Self)
	}
	api.Token = "1:wrong"
	_, err := api.GetMe()
	var e *tgbotapi.Error
	if !errors.As(err, &e) || e.Code != 401 {
		t.Errorf("GetMe with a wrong token: %v; want 401", err)
	}
}

func TestUpdatesOffsetAndConfirm(t *testing.T) {
	s := newServer(t)
	api := client(t, s)
	s.Start(11)
	id := s.Private(11, "e2e4")
	g := s.Group(-100, 12, "/new@umpire_test_bot kriegspiel")
	ups, err := api.GetUpdates(tgbotapi.UpdateConfig{Timeout: 0})
	if err != nil || len(ups) != 3 {
		t.Fatalf("GetUpdates = %d updates, %v; want 3", len(ups), err)
	}
	if m := ups[1].Message; m.Text != "e2e4" || m.From.LanguageCode != "ru" || !m.Chat.IsPrivate() || ups[1].UpdateID != id {
		t.Errorf("update 2 = %+v", m)
	}
	if m := ups[2].Message; !m.IsCommand() || m.Command() != "new" || m.CommandArguments() != "kriegspiel" || !m.Chat.IsGroup() {
		t.Errorf("update 3: command %q args %q group %v", m.Command(), m.CommandArguments(), m.Chat.IsGroup())
	}
	// Not confirmed: asked again, they come again.
	if again, _ := api.GetUpdates(tgbotapi.UpdateConfig{}); len(again) != 3 {
		t.Errorf("unconfirmed updates came back %d, want 3", len(again))
	}
	ups, _ = api.GetUpdates(tgbotapi.UpdateConfig{Offset: g})
	if len(ups) != 1 || s.Confirmed() != g {
		t.Errorf("offset %d: %d updates, confirmed %d", g, len(ups), s.Confirmed())
	}
}

func TestLongPollWakesOnUpdate(t *testing.T) {
	s := newServer(t)
	api := client(t, s)
	s.Start(11)
	ups, _ := api.GetUpdates(tgbotapi.UpdateConfig{})
	next := ups[0].UpdateID + 1
	got := make(chan []tgbotapi.Update)
	go func() {
		ups, _ := api.GetUpdates(tgbotapi.UpdateConfig{Offset: next, Timeout: 3600})
		got <- ups
	}()
	if err := s.WaitPolling(context.Background()); err != nil {
		t.Fatal(err)
	}
	s.Private(11, "Nf3")
	if ups := <-got; len(ups) != 1 || ups[0].Message.Text != "Nf3" {
		t.Errorf("long poll got %+v", ups)
	}
}

func TestLongPollTimesOut(t *testing.T) {
	s := newServer(t)
	fire := make(chan time.Time)
	s.After = func(time.Duration) <-chan time.Time { return fire }
	api := client(t, s)
	got := make(chan int)
	go func() {
		ups, err := api.GetUpdates(tgbotapi.UpdateConfig{Timeout: 50})
		if err != nil {
			t.Error(err)
		}
		got <- len(ups)
	}()
	fire <- time.Time{}
	if n := <-got; n != 0 {
		t.Errorf("timed-out poll got %d updates", n)
	}
}

func TestSecondPollerConflicts(t *testing.T) {
	s := newServer(t)
	fire := make(chan time.Time)
	s.After = func(time.Duration) <-chan time.Time { return fire }
	api := client(t, s)
	first := make(chan error)
	go func() {
		_, err := api.GetUpdates(tgbotapi.UpdateConfig{Timeout: 50})
		first <- err
	}()
	if err := s.WaitPolling(context.Background()); err != nil {
		t.Fatal(err)
	}
	go api.GetUpdates(tgbotapi.UpdateConfig{Timeout: 50})
	var e *tgbotapi.Error
	if err := <-first; !errors.As(err, &e) || e.Code != 409 {
		t.Errorf("first poller: %v; want 409", err)
	}
	fire <- time.Time{}
}

func TestSendPhotoProtected(t *testing.T) {
	s := newServer(t)
	api := client(t, s)
	s.Start(11)
	pic := pngBytes(t)
	resp, err := api.UploadFiles("sendPhoto", tgbotapi.Params{"chat_id": "11", "caption": "Your move.", "protect_content": "true",
		"reply_markup": `{"inline_keyboard":[[{"text":"Resign","callback_data":"resign #1"}]]}`},
		[]tgbotapi.RequestFile{{Name: "photo", Data: tgbotapi.FileBytes{Name: "board.png", Bytes: pic}}})
	if err != nil || !resp.Ok {
		t.Fatalf("sendPhoto: %v", err)
	}
	got := s.Photos(11)
	if len(got) != 1 || !bytes.Equal(got[0], pic) {
		t.Fatalf("photos of chat 11 = %d", len(got))
	}
	m, _ := s.Last(11)
	if !m.Protected || m.Text != "Your move." || m.Buttons[0][0].Data != "resign #1" {
		t.Errorf("sent = %+v", m)
	}
	// The user presses the button: a callback query to answer once.
	up := s.Press(11, 11, m.MessageID, "resign #1")
	ups, _ := api.GetUpdates(tgbotapi.UpdateConfig{Offset: up})
	q := ups[0].CallbackQuery
	if q == nil || q.Data != "resign #1" || q.From.ID != 11 || q.Message.MessageID != m.MessageID {
		t.Fatalf("callback = %+v", q)
	}
	if _, err := api.Request(tgbotapi.NewCallback(q.ID, "")); err != nil {
		t.Errorf("answerCallbackQuery: %v", err)
	}
	if _, err := api.Request(tgbotapi.NewCallback(q.ID, "")); err == nil {
		t.Errorf("second answer accepted")
	}
	if _, ok := s.AnswerTo(up); !ok {
		t.Errorf("no answer recorded")
	}
}

func TestRefusals(t *testing.T) {
	s := newServer(t)
	api := client(t, s)
	long := strings.Repeat("x", 65)
	tests := []struct {
		name   string
		params tgbotapi.Params
		code   int
		desc   string
	}{
		{"never started", tgbotapi.Params{"chat_id": "12", "text": "hi"}, 403, "Forbidden: bot can't initiate conversation with a user"},
		{"unknown chat", tgbotapi.Params{"chat_id": "99", "text": "hi"}, 400, "Bad Request: chat not found"},
		{"empty", tgbotapi.Params{"chat_id": "-100", "text": " "}, 400, "Bad Request: message text is empty"},
		{"long data", tgbotapi.Params{"chat_id": "-100", "text": "hi", "reply_markup": `{"inline_keyboard":[[{"text":"x","callback_data":"` + long + `"}]]}`}, 400, "Bad Request: BUTTON_DATA_INVALID"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := api.MakeRequest("sendMessage", tt.params)
			var e *tgbotapi.Error
			if !errors.As(err, &e) || e.Code != tt.code || e.Message != tt.desc {
				t.Errorf("sendMessage = %v; want %d %q", err, tt.code, tt.desc)
			}
		})
	}
}

func TestFloodWaitOnUpload(t *testing.T) {
	s := newServer(t)
	api := client(t, s)
	s.FloodWait("sendPhoto", 0, 7)
	_, err := api.UploadFiles("sendPhoto", tgbotapi.Params{"chat_id": "-100"},
		[]tgbotapi.RequestFile{{Name: "photo", Data: tgbotapi.FileBytes{Name: "b.png", Bytes: pngBytes(t)}}})
	var e *tgbotapi.Error
	// The library loses the code of an upload's error, but keeps retry_after.
	if !errors.As(err, &e) || e.RetryAfter != 7 || e.Code != 0 {
		t.Errorf("upload under flood wait: %#v", err)
	}
	if _, err := api.UploadFiles("sendPhoto", tgbotapi.Params{"chat_id": "-100"},
		[]tgbotapi.RequestFile{{Name: "photo", Data: tgbotapi.FileBytes{Name: "b.png", Bytes: pngBytes(t)}}}); err != nil {
		t.Errorf("after the fault: %v", err)
	}
}

func TestSetMyCommands(t *testing.T) {
	s := newServer(t)
	api := client(t, s)
	cfg := tgbotapi.NewSetMyCommandsWithScopeAndLanguage(tgbotapi.NewBotCommandScopeAllGroupChats(), "ru",
		tgbotapi.BotCommand{Command: "new", Description: "новая партия"})
	if _, err := api.Request(cfg); err != nil {
		t.Fatal(err)
	}
	if c, ok := s.Commands("all_group_chats", "ru"); !ok || c[0].Description != "новая партия" {
		t.Errorf("commands = %v, %v", c, ok)
	}
	bad := tgbotapi.NewSetMyCommands(tgbotapi.BotCommand{Command: "Новая", Description: "x"})
	if _, err := api.Request(bad); err == nil {
		t.Errorf("a command name in capitals and Cyrillic was accepted")
	}
}

// TestEditMessageMedia: a photo of the bot gets a new picture and caption
// from an upload its InputMediaPhoto names (attach://), as Telegram edits
// it; the edit is refused for a part that was not uploaded, for the same
// content again, for a text message and for a user's message.
func TestEditMessageMedia(t *testing.T) {
	s := newServer(t)
	api := client(t, s)
	upload := func(method string, p tgbotapi.Params, part string, pic []byte) error {
		_, err := api.UploadFiles(method, p, []tgbotapi.RequestFile{{Name: part, Data: tgbotapi.FileBytes{Name: "b.png", Bytes: pic}}})
		return err
	}
	if err := upload("sendPhoto", tgbotapi.Params{"chat_id": "-100", "caption": "Move 1."}, "photo", pngBytes(t)); err != nil {
		t.Fatal(err)
	}
	sent, _ := s.Last(-100)
	id := strconv.Itoa(sent.MessageID)
	next := pngOf(t, 9)
	edit := tgbotapi.Params{"chat_id": "-100", "message_id": id, "media": `{"type":"photo","media":"attach://pic","caption":"Move 2."}`,
		"reply_markup": `{"inline_keyboard":[[{"text":"Board","callback_data":"board #1"}]]}`}
	if err := upload("editMessageMedia", edit, "pic", next); err != nil {
		t.Fatalf("editMessageMedia: %v", err)
	}
	m, _ := s.Last(-100)
	if m.Method != "editMessageMedia" || !m.Edited || m.MessageID != sent.MessageID || m.Text != "Move 2." ||
		!bytes.Equal(m.Photo, next) || m.Buttons[0][0].Data != "board #1" {
		t.Errorf("edit recorded as %+v", m)
	}
	if got := s.Photos(-100); len(got) != 2 || !bytes.Equal(got[1], next) {
		t.Errorf("photos of the group: %d; want the first and the one that replaced it", len(got))
	}
	text, _ := api.Send(tgbotapi.NewMessage(-100, "news"))
	s.Group(-100, 12, "hello")
	mine := strconv.Itoa(text.MessageID + 1)
	refusals := []struct {
		name, id, media, desc string
	}{
		{"not uploaded", id, `{"type":"photo","media":"attach://other"}`, "wrong file identifier/HTTP URL specified"},
		{"not modified", id, edit["media"], "message is not modified"},
		{"a text", strconv.Itoa(text.MessageID), `{"type":"photo","media":"attach://pic"}`, "there is no media in the message to edit"},
		{"a user's", mine, `{"type":"photo","media":"attach://pic"}`, "message can't be edited"},
		{"gone", "99", `{"type":"photo","media":"attach://pic"}`, "message to edit not found"},
	}
	for _, tt := range refusals {
		p := tgbotapi.Params{"chat_id": "-100", "message_id": tt.id, "media": tt.media, "reply_markup": edit["reply_markup"]}
		err := upload("editMessageMedia", p, "pic", next)
		if err == nil || !strings.Contains(err.Error(), tt.desc) {
			t.Errorf("%s: editMessageMedia = %v; want %q", tt.name, err, tt.desc)
		}
	}
	s.Delete(-100, sent.MessageID)
	if err := upload("editMessageMedia", edit, "pic", pngBytes(t)); err == nil || !strings.Contains(err.Error(), "message to edit not found") {
		t.Errorf("editing a deleted photo: %v", err)
	}
}

// pngOf is a picture of n by n pixels.
func pngOf(t *testing.T, n int) []byte {
	img := image.NewPaletted(image.Rect(0, 0, n, n), color.Palette{color.White, color.Black})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
