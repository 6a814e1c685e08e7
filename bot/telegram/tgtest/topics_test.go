package tgtest_test

import (
	"encoding/json"
	"errors"
	"strconv"
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"umpire/bot/telegram/tgtest"
)

// TestTopicsAndTheirRefusals: the fake opens a topic in a forum and in the
// private chat of a bot in topic mode, sends there with message_thread_id,
// and refuses, with Telegram's codes and descriptions, what Telegram
// refuses: a topic in a chat that has none, a send to a topic not there,
// lost (#847) or closed, a one-member message from a bot that is not an
// administrator, to a private chat or to a user not in the group, a style
// the Bot API does not know, an update kind it does not know.
func TestTopicsAndTheirRefusals(t *testing.T) {
	s := newServer(t)
	s.Bot.HasTopicsEnabled = true
	s.AddForum(-200, "Forum")
	s.Start(11)
	api := client(t, s)
	var topic tgtest.ForumTopic
	open := func(chat string) string {
		resp, err := api.MakeRequest("createForumTopic", tgbotapi.Params{"chat_id": chat, "name": "#1 Kriegspiel"})
		if err != nil {
			t.Fatalf("createForumTopic in %s: %v", chat, err)
		}
		if err := json.Unmarshal(resp.Result, &topic); err != nil || topic.MessageThreadID == 0 {
			t.Fatalf("createForumTopic answered %s", resp.Result)
		}
		return strconv.Itoa(topic.MessageThreadID)
	}
	forumTopic, privateTopic := open("-200"), open("11")
	if _, err := api.MakeRequest("sendMessage", tgbotapi.Params{"chat_id": "11", "message_thread_id": privateTopic, "text": "e4"}); err != nil {
		t.Fatal(err)
	}
	if m, _ := s.Last(11); strconv.Itoa(m.Thread) != privateTopic {
		t.Errorf("sent to topic %d; want %s", m.Thread, privateTopic)
	}
	closed, _ := strconv.Atoi(forumTopic)
	s.CloseTopic(-200, closed)
	s.LoseTopics(11)
	tests := []struct {
		name, method string
		params       tgbotapi.Params
		desc         string
	}{
		{"a group that is no forum", "createForumTopic", tgbotapi.Params{"chat_id": "-100", "name": "x"}, "Bad Request: the chat is not a forum"},
		{"no such topic", "sendMessage", tgbotapi.Params{"chat_id": "-200", "message_thread_id": "999", "text": "x"}, "Bad Request: message thread not found"},
		{"a lost topic", "sendMessage", tgbotapi.Params{"chat_id": "11", "message_thread_id": privateTopic, "text": "x"}, "Bad Request: message thread not found"},
		{"a closed topic", "sendMessage", tgbotapi.Params{"chat_id": "-200", "message_thread_id": forumTopic, "text": "x"}, "Bad Request: TOPIC_CLOSED"},
		{"one member, not an administrator", "sendMessage", tgbotapi.Params{"chat_id": "-100", "text": "x", "ephemeral_message_parameters": `{"receiver_user_id":11}`}, "Bad Request: BOT_NOT_ADMIN"},
		{"one member of a private chat", "sendMessage", tgbotapi.Params{"chat_id": "11", "text": "x", "ephemeral_message_parameters": `{"receiver_user_id":11}`}, "Bad Request: BOT_NOT_ADMIN"},
		{"a style unknown", "sendMessage", tgbotapi.Params{"chat_id": "-100", "text": "x", "reply_markup": `{"inline_keyboard":[[{"text":"x","style":"red","callback_data":"x"}]]}`}, "Bad Request: BUTTON_STYLE_INVALID"},
		{"an update kind unknown", "getUpdates", tgbotapi.Params{"allowed_updates": `["messages"]`}, `Bad Request: unsupported update type "messages"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := api.MakeRequest(tt.method, tt.params)
			var e *tgbotapi.Error
			if !errors.As(err, &e) || e.Code != 400 || e.Message != tt.desc {
				t.Errorf("%s = %v; want 400 %q", tt.method, err, tt.desc)
			}
		})
	}
	s.MakeAdmin(-100)
	one := tgbotapi.Params{"chat_id": "-100", "text": "x", "ephemeral_message_parameters": `{"receiver_user_id":11}`}
	var e *tgbotapi.Error
	if _, err := api.MakeRequest("sendMessage", one); !errors.As(err, &e) || e.Message != "Bad Request: USER_NOT_PARTICIPANT" {
		t.Errorf("a one-member message to a user not in the group: %v", err)
	}
	s.Group(-100, 11, "hello") // Ann, writing there, is in the group
	if _, err := api.MakeRequest("sendMessage", tgbotapi.Params{"chat_id": "-100", "text": "x", "ephemeral_message_parameters": `{"receiver_user_id":11}`}); err != nil {
		t.Fatal(err)
	}
	if m, _ := s.Last(-100); m.Only != 11 {
		t.Errorf("the one-member message is for %d; want 11", m.Only)
	}
}
