package tgtest

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Topics, as the Bot API has them: in a supergroup that is a forum
// (Chat.is_forum; the bot an administrator that may manage topics: AddForum)
// and, from Bot API 9.3, in the private chats of a bot in topic mode
// (User.has_topics_enabled in getMe: set Bot.HasTopicsEnabled before the
// client's first getMe). createForumTopic opens one (9.4 in private
// chats): a service message forum_topic_created whose message_id is the
// topic's message_thread_id. A send with message_thread_id goes there: its
// message carries message_thread_id and is_topic_message. editForumTopic
// renames, closeForumTopic closes.
//
// The failures tests need, with Telegram's descriptions: a topic that is
// not there answers 400 "message thread not found", and so do all of a
// chat's topics after LoseTopics (tdlib/telegram-bot-api #847: after the
// Bot API 10.0 rollout, existing private topics were not found); a closed
// one answers 400 "TOPIC_CLOSED"; createForumTopic in a chat without topics
// answers 400 "the chat is not a forum". BOT_FORUM_CREATE_FORBIDDEN (#847
// again) is a Fault on createForumTopic.

// topic is a topic of a chat.
type topic struct {
	name   string
	closed bool
}

// TopicInfo is a topic as a test sees it.
type TopicInfo struct {
	ID     int // its message_thread_id
	Name   string
	Closed bool
}

// topicIconColor is the icon colour of the topics the bot opens (one of
// the six the Bot API allows: 0x6FB9F0).
const topicIconColor = 7322096

// AddForum adds a supergroup that is a forum, with the bot as an
// administrator that may manage its topics.
func (s *Server) AddForum(id int64, title string) {
	if id >= 0 {
		panic("tgtest: a group's id is negative")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.chats[id] = &Chat{ID: id, Type: "supergroup", Title: title, IsForum: true}
	s.admins[id] = true
}

// createForumTopic opens a topic.
func (s *Server) createForumTopic(p params) (any, *apiError) {
	chat, aerr := s.chatParam(p)
	if aerr != nil {
		return nil, aerr
	}
	name := p.get("name")
	if n := utf8.RuneCountInString(name); n < 1 || n > 128 {
		return nil, badRequest("TOPIC_TITLE_EMPTY")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	c, aerr := s.writableLocked(chat)
	if aerr != nil {
		return nil, aerr
	}
	if !s.topicalLocked(c) {
		return nil, badRequest("the chat is not a forum")
	}
	m := s.serviceLocked(c, Message{ForumTopicCreated: &ForumTopicCreated{Name: name, IconColor: topicIconColor}})
	if s.topics[chat] == nil {
		s.topics[chat] = map[int]*topic{}
	}
	s.topics[chat][m.MessageID] = &topic{name: name}
	s.changedLocked()
	return ForumTopic{MessageThreadID: m.MessageID, Name: name, IconColor: topicIconColor}, nil
}

// topicalLocked reports whether chat c may hold topics the bot opens.
func (s *Server) topicalLocked(c *Chat) bool {
	if c.Type == "private" {
		return s.Bot.HasTopicsEnabled
	}
	return c.IsForum && s.admins[c.ID]
}

// editForumTopic renames a topic.
func (s *Server) editForumTopic(p params) (any, *apiError) {
	name := p.get("name")
	if utf8.RuneCountInString(name) > 128 {
		return nil, badRequest("TOPIC_TITLE_TOO_LONG")
	}
	return s.onTopic(p, "editForumTopic", func(c *Chat, id int, t *topic) *apiError {
		if name != "" {
			t.name = name
			s.serviceLocked(c, Message{MessageThreadID: id, IsTopicMessage: true, ForumTopicEdited: &ForumTopicEdited{Name: name}})
		}
		return nil
	})
}

// closeForumTopic closes a topic: nothing more can be sent there.
func (s *Server) closeForumTopic(p params) (any, *apiError) {
	return s.onTopic(p, "closeForumTopic", func(c *Chat, id int, t *topic) *apiError {
		if t.closed {
			return badRequest("TOPIC_NOT_MODIFIED")
		}
		t.closed = true
		s.serviceLocked(c, Message{MessageThreadID: id, IsTopicMessage: true, ForumTopicClosed: &struct{}{}})
		return nil
	})
}

// onTopic runs do on the topic p names (chat_id, message_thread_id), s.mu
// held, and answers true.
func (s *Server) onTopic(p params, method string, do func(c *Chat, id int, t *topic) *apiError) (any, *apiError) {
	chat, aerr := s.chatParam(p)
	if aerr != nil {
		return nil, aerr
	}
	id, _ := strconv.Atoi(p.get("message_thread_id"))
	s.mu.Lock()
	defer s.mu.Unlock()
	c, aerr := s.writableLocked(chat)
	if aerr != nil {
		return nil, aerr
	}
	t := s.topics[chat][id]
	if t == nil || s.lost[chat] {
		return nil, badRequest("message thread not found")
	}
	if aerr := do(c, id, t); aerr != nil {
		return nil, aerr
	}
	s.changedLocked()
	return true, nil
}

// threadLocked is the topic a send's message_thread_id names in chat c, 0
// for none; a topic not there (or lost) or closed is refused as Telegram
// refuses it.
func (s *Server) threadLocked(c *Chat, p params) (int, *apiError) {
	v := p.get("message_thread_id")
	if v == "" {
		return 0, nil
	}
	id, err := strconv.Atoi(v)
	t := s.topics[c.ID][id]
	switch {
	case err != nil || t == nil || s.lost[c.ID]:
		return 0, badRequest("message thread not found")
	case t.closed:
		return 0, badRequest("TOPIC_CLOSED")
	}
	return id, nil
}

// InTopic is the user writing text in topic thread of chat, and returns the
// update id. It panics when the chat has no such topic.
func (s *Server) InTopic(chat int64, thread int, userID int64, text string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	u := s.userLocked(userID)
	c := s.chats[chat]
	if c == nil || s.topics[chat][thread] == nil {
		panic(fmt.Sprintf("tgtest: chat %d has no topic %d", chat, thread))
	}
	if c.Type == "private" && !u.started {
		panic(fmt.Sprintf("tgtest: user %d writes %q before starting the bot", userID, text))
	}
	m := &Message{MessageID: s.nextMessageIDLocked(chat), From: &u.User, Date: s.now().Unix(), Chat: *c, Text: text,
		Entities: entities(text), MessageThreadID: thread, IsTopicMessage: true}
	s.messages[chat] = append(s.messages[chat], m)
	return s.queueLocked(Update{Message: m})
}

// Topics are the topics of a chat, in the order they were opened.
func (s *Server) Topics(chat int64) []TopicInfo {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []TopicInfo
	for id := 1; id <= len(s.messages[chat]); id++ {
		if t := s.topics[chat][id]; t != nil {
			out = append(out, TopicInfo{ID: id, Name: t.name, Closed: t.closed})
		}
	}
	return out
}

// CloseTopic is a member closing a topic of chat, as an administrator (or
// the user, in a private chat) may.
func (s *Server) CloseTopic(chat int64, id int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if t := s.topics[chat][id]; t != nil {
		t.closed = true
	}
	s.changedLocked()
}

// LoseTopics makes every topic of chat, those there and those to come,
// answer "message thread not found", as existing private topics did after
// the Bot API 10.0 rollout (tdlib/telegram-bot-api #847).
func (s *Server) LoseTopics(chat int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lost[chat] = true
}
