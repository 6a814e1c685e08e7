package tgtest_test

import (
	"errors"
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"umpire/bot/telegram/tgtest"
)

// getChatMember answers as the Bot API does: the status set, "member" for
// a user who wrote in the group, "left" for a user Telegram knows who is
// not in it, and 400 for a chat or a user it does not know.
func TestGetChatMember(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	api := client(t, s)
	s.AddUser(tgtest.User{ID: 13, FirstName: "Cy"})
	s.SetMember(-100, 11, tgtest.StatusCreator)
	s.SetMember(-100, 13, tgtest.StatusKicked)
	s.Group(-100, 12, "hello")
	member := func(chat, user int64) (tgbotapi.ChatMember, error) {
		return api.GetChatMember(tgbotapi.GetChatMemberConfig{ChatConfigWithUser: tgbotapi.ChatConfigWithUser{ChatID: chat, UserID: user}})
	}
	for _, c := range []struct {
		chat, user int64
		status     string
		code       int
		desc       string
	}{
		{-100, 11, "creator", 0, ""},
		{-100, 12, "member", 0, ""},
		{-100, 13, "kicked", 0, ""},
		{-200, 11, "", 400, "Bad Request: chat not found"},
		{-100, 99, "", 400, "Bad Request: user not found"},
	} {
		m, err := member(c.chat, c.user)
		var e *tgbotapi.Error
		switch {
		case c.code == 0 && (err != nil || m.Status != c.status || m.User == nil || m.User.ID != c.user):
			t.Errorf("getChatMember(%d, %d) = %+v, %v; want %s", c.chat, c.user, m, err, c.status)
		case c.code != 0 && (!errors.As(err, &e) || e.Code != c.code || e.Message != c.desc):
			t.Errorf("getChatMember(%d, %d): %v; want %d %s", c.chat, c.user, err, c.code, c.desc)
		}
	}
	s.SetMember(-100, 11, tgtest.StatusLeft)
	s.AddUser(tgtest.User{ID: 14, FirstName: "Dan"})
	for _, u := range []int64{11, 14} {
		if m, err := member(-100, u); err != nil || m.Status != "left" {
			t.Errorf("getChatMember(-100, %d) = %+v, %v; want left", u, m, err)
		}
	}
}
