package telegram

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"umpire/bot/wire"
)

// Topics (wire.Topics). A chat has topics where Telegram offers them to the
// bot: a private chat when the bot is in topic mode (getMe's
// has_topics_enabled, Bot API 9.3; the bot creates topics there from 9.4),
// and a supergroup that is a forum (its chat's is_forum, seen on the
// messages written there; the bot needs the right to manage topics). The
// bot decides which topic each message goes to; the transport opens,
// renames and closes them (createForumTopic, editForumTopic,
// closeForumTopic) and sends with message_thread_id.
//
// Topics are young and not always reliable (tdlib/telegram-bot-api #847:
// after the Bot API 10.0 rollout, "message thread not found" for existing
// private topics, and BOT_FORUM_CREATE_FORBIDDEN from createForumTopic).
// So any refusal of a topic — a topic not made, a send into a topic
// refused (gone, closed: TOPIC_CLOSED, not found) — sends that message to
// the main chat instead, in the same call to Send, and the transport
// leaves that chat's topics alone for TopicsCooldown: messages meant for
// its topics go to the main chat meanwhile, and HasTopics says no. A
// message is so delivered once, in one place or the other.
//
// Which groups are forums is kept through the cursor, so that a restart
// does not forget them until someone writes there.

// TopicsCooldown is how long a chat's topics are left alone after one of
// them was refused.
const TopicsCooldown = time.Hour

// maxTopicName is the Bot API's limit on a topic's name, in characters.
const maxTopicName = 128

var _ wire.Topics = (*Transport)(nil)

// chatStates are what the transport learned of chats: which groups are
// forums, and the chats whose topics (or one-member messages) were
// refused lately. Safe for concurrent use.
type chatStates struct {
	mu     sync.Mutex
	forums map[int64]bool       // groups seen, or read from the cursor: forum or not
	cool   map[cooled]time.Time // until when a chat's feature is left alone
}

// cooled is a feature of a chat left alone for a while.
type cooled struct {
	chat    int64
	whisper bool // one-member messages; topics when false
}

// maxChatStates bounds each map: past it, what was learned is forgotten
// (and learned again).
const maxChatStates = 10000

// cooling reports whether a chat's feature is left alone at now.
func (s *chatStates) cooling(k cooled, now time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return now.Before(s.cool[k])
}

// coolFor leaves a chat's feature alone until the time given.
func (s *chatStates) coolFor(k cooled, until time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cool == nil || len(s.cool) > maxChatStates {
		s.cool = map[cooled]time.Time{}
	}
	s.cool[k] = until
}

// forum is what is known of whether group chat is a forum.
func (s *chatStates) forum(chat int64) (forum, known bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	forum, known = s.forums[chat]
	return forum, known
}

// setForum records whether group chat is a forum, and reports whether that
// is news.
func (s *chatStates) setForum(chat int64, forum bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if was, known := s.forums[chat]; known && was == forum {
		return false
	}
	if s.forums == nil || len(s.forums) > maxChatStates {
		s.forums = map[int64]bool{}
	}
	s.forums[chat] = forum
	return true
}

// forumName is the cursor's name of what is known of a group.
func (t *Transport) forumName(chat int64) string {
	return "telegram/" + strconv.FormatInt(t.self.ID, 10) + "/forum/" + strconv.FormatInt(chat, 10)
}

// learnForum records whether a group a message came from is a forum, and
// keeps it through the cursor when that is news. A failure to keep it is
// logged: it is learned again from the next message.
func (t *Transport) learnForum(chat *tgbotapi.Chat, forum bool) {
	if chat == nil || chat.ID >= 0 || !t.chats.setForum(chat.ID, forum) {
		return
	}
	v := "0"
	if forum {
		v = "1"
	}
	if err := t.cursor.Save(t.forumName(chat.ID), []byte(v)); err != nil {
		t.log.Warn("topics: cannot keep whether a group is a forum", "group", chat.ID, "err", err)
	}
}

// isForum reports whether group chat is a forum, as the transport learned
// it (or kept it through the cursor).
func (t *Transport) isForum(chat int64) bool {
	if forum, known := t.chats.forum(chat); known {
		return forum
	}
	v, err := t.cursor.Load(t.forumName(chat))
	if err != nil {
		return false
	}
	forum := string(v) == "1"
	t.chats.setForum(chat, forum)
	return forum
}

// HasTopics reports whether a topic may be opened in chat now: a private
// chat of a bot in topic mode, or a forum, whose topics were not refused
// in the last TopicsCooldown.
func (t *Transport) HasTopics(chat wire.Address) bool {
	id, err := chatID(chat)
	if err != nil || t.chats.cooling(cooled{chat: id}, t.now()) {
		return false
	}
	if id > 0 {
		return t.topicMode
	}
	return t.isForum(id)
}

// OpenTopic creates a topic in chat (createForumTopic) and returns its
// message_thread_id. A refusal leaves the chat's topics alone for a while.
func (t *Transport) OpenTopic(ctx context.Context, chat wire.Address, name string) (string, error) {
	id, err := chatID(chat)
	if err != nil {
		return "", err
	}
	p := tgbotapi.Params{"chat_id": strconv.FormatInt(id, 10), "name": topicName(name)}
	var topic struct {
		ThreadID int `json:"message_thread_id"`
	}
	err = t.api.do(ctx, 30*time.Second, "createForumTopic", p, nil, &topic)
	if err == nil && topic.ThreadID == 0 {
		err = errors.New("telegram: createForumTopic: no message_thread_id")
	}
	if err != nil {
		t.refusedTopics(id, err)
		return "", err
	}
	return strconv.Itoa(topic.ThreadID), nil
}

// EditTopic renames a topic (editForumTopic) and, with closed, closes it
// (closeForumTopic); it tries both and returns what failed.
func (t *Transport) EditTopic(ctx context.Context, chat wire.Address, topic, name string, closed bool) error {
	id, err := chatID(chat)
	if err != nil {
		return err
	}
	p := tgbotapi.Params{"chat_id": strconv.FormatInt(id, 10), "message_thread_id": topic}
	var errs []error
	if name != "" {
		named := tgbotapi.Params{"name": topicName(name)}
		for k, v := range p {
			named[k] = v
		}
		errs = append(errs, t.api.do(ctx, 30*time.Second, "editForumTopic", named, nil, nil))
	}
	if closed {
		errs = append(errs, t.api.do(ctx, 30*time.Second, "closeForumTopic", p, nil, nil))
	}
	return errors.Join(errs...)
}

// topicName is a name as the Bot API takes it: 1 to 128 characters.
func topicName(name string) string {
	name = strings.TrimSpace(name)
	if utf8.RuneCountInString(name) > maxTopicName {
		name = string([]rune(name)[:maxTopicName-1]) + "…"
	}
	if name == "" {
		name = "…"
	}
	return name
}

// refusedTopics leaves the topics of chat alone for TopicsCooldown after
// Telegram refused one (an answer that will not change by trying again:
// 400, 403). A failure that may pass (the network, a flood wait) changes
// nothing.
func (t *Transport) refusedTopics(chat int64, err error) {
	if !errors.Is(err, wire.ErrPermanent) {
		return
	}
	t.log.Warn("topics refused; the chat's messages go to its main chat for a while", "chat", chat, "for", TopicsCooldown, "err", err)
	t.chats.coolFor(cooled{chat: chat}, t.now().Add(TopicsCooldown))
}

// topicRefused reports whether a send into a topic failed because of the
// topic: a 400 that names a thread, a topic or a forum (message thread not
// found, TOPIC_CLOSED, TOPIC_DELETED, …), or any other 400 to a topic,
// which the main chat may take.
func topicRefused(err error) bool {
	return statusOf(err) == 400 || statusOf(err) == 403 && namesTopic(err)
}

// namesTopic reports whether an error's description speaks of topics.
func namesTopic(err error) bool {
	s := strings.ToLower(err.Error())
	return strings.Contains(s, "thread") || strings.Contains(s, "topic") || strings.Contains(s, "forum")
}
