package telegram

import (
	"encoding/json"
	"strconv"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// update is an update as the transport reads it: the library's, and what
// the library, older than topics, does not read: the topic a message was
// written in and whether its chat is a forum.
type update struct {
	tgbotapi.Update
	newer newerFields
}

// newerFields are the fields of an update of Bot API 6.3 and later that
// the transport reads.
type newerFields struct {
	Message       *topicMessage `json:"message"`
	CallbackQuery *struct {
		Message *topicMessage `json:"message"`
	} `json:"callback_query"`
}

// topicMessage is where a message was written: its topic, and its chat's
// being a forum.
type topicMessage struct {
	ThreadID int  `json:"message_thread_id"`
	IsTopic  bool `json:"is_topic_message"`
	Chat     struct {
		IsForum bool `json:"is_forum"`
	} `json:"chat"`
}

// UnmarshalJSON reads an update twice: as the library reads it, and for
// the newer fields.
func (u *update) UnmarshalJSON(b []byte) error {
	if err := json.Unmarshal(b, &u.Update); err != nil {
		return err
	}
	return json.Unmarshal(b, &u.newer)
}

// message is where the update's message was written (its press's
// message, for a press), a zero value for none.
func (f newerFields) message() topicMessage {
	switch {
	case f.Message != nil:
		return *f.Message
	case f.CallbackQuery != nil && f.CallbackQuery.Message != nil:
		return *f.CallbackQuery.Message
	}
	return topicMessage{}
}

// topic is the topic a message was written in, "" for the main chat: a
// message_thread_id is a topic's only with is_topic_message (a reply in a
// forum's General topic has one too, which names no topic).
func (m topicMessage) topic() string {
	if !m.IsTopic || m.ThreadID == 0 {
		return ""
	}
	return strconv.Itoa(m.ThreadID)
}
