package tgtest

import (
	"fmt"
	"net/url"
	"strings"
	"unicode/utf16"
)

// AddUser adds a user who can write to the bot. Its private chat has the
// user's id. The user has not started the bot yet: until it does (Start,
// FollowLink), the bot cannot write to it.
func (s *Server) AddUser(u User) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.users[u.ID] = &user{User: u}
	s.chats[u.ID] = &Chat{ID: u.ID, Type: "private", Username: u.Username, FirstName: u.FirstName}
}

// AddGroup adds a group chat, with the bot as a member. Group ids are
// negative.
func (s *Server) AddGroup(id int64, title string) {
	if id >= 0 {
		panic("tgtest: a group's id is negative")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.chats[id] = &Chat{ID: id, Type: "group", Title: title}
}

// Migrate turns a group into a supergroup with a new id, as Telegram does
// when a group grows or changes some settings: the old id answers 400 with
// migrate_to_chat_id from then on, and the bot gets the two service
// messages Telegram posts (even in privacy mode): migrate_to_chat_id in the
// old group, then migrate_from_chat_id in the new one. It returns the
// update id of the last.
func (s *Server) Migrate(group, supergroup int64) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.chats[group]
	if c == nil || supergroup >= 0 {
		panic(fmt.Sprintf("tgtest: cannot migrate chat %d to %d", group, supergroup))
	}
	super := &Chat{ID: supergroup, Type: "supergroup", Title: c.Title}
	s.chats[supergroup] = super
	s.messages[supergroup] = nil
	s.queueLocked(Update{Message: s.serviceLocked(c, Message{MigrateToChatID: supergroup})})
	delete(s.chats, group)
	s.migrated[group] = supergroup
	return s.queueLocked(Update{Message: s.serviceLocked(super, Message{MigrateFromChatID: group})})
}

// serviceLocked posts service message m, with no sender, in chat c.
func (s *Server) serviceLocked(c *Chat, m Message) *Message {
	m.MessageID, m.Date, m.Chat = s.nextMessageIDLocked(c.ID), s.now().Unix(), *c
	s.messages[c.ID] = append(s.messages[c.ID], &m)
	return &m
}

// Start is the user pressing Start in its private chat with the bot: it
// sends "/start" and lets the bot write to it. It returns the update id.
func (s *Server) Start(userID int64) int { return s.Private(userID, "/start") }

// FollowLink is the user opening a deep link to the bot,
// https://t.me/<bot>?start=<payload>, and pressing Start: it sends
// "/start <payload>" in the private chat. It panics when the link is not
// a start link of this bot, as Telegram would open something else.
func (s *Server) FollowLink(userID int64, link string) int {
	u, err := url.Parse(link)
	if err != nil || u.Host != "t.me" || strings.Trim(u.Path, "/") != s.Bot.Username {
		panic(fmt.Sprintf("tgtest: %q is not a link to @%s", link, s.Bot.Username))
	}
	payload := u.Query().Get("start")
	if payload == "" {
		return s.Start(userID)
	}
	if !validPayload(payload) {
		panic(fmt.Sprintf("tgtest: start payload %q: Telegram allows 1-64 of A-Z a-z 0-9 _ -", payload))
	}
	return s.Private(userID, "/start "+payload)
}

func validPayload(p string) bool {
	if len(p) > 64 {
		return false
	}
	for _, c := range p {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
		if !ok {
			return false
		}
	}
	return true
}

// Block is the user blocking the bot: sends to it fail with 403 until it
// writes /start again.
func (s *Server) Block(userID int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.userLocked(userID).blocked = true
}

// Private is the user writing text to the bot in their private chat, and
// returns the update id. A user who has not started the bot can only send
// /start (as in Telegram, where the Start button sends it); anything else
// panics.
func (s *Server) Private(userID int64, text string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	u := s.userLocked(userID)
	if strings.HasPrefix(text, "/start") {
		u.started, u.blocked = true, false
	}
	if !u.started {
		panic(fmt.Sprintf("tgtest: user %d writes %q before starting the bot", userID, text))
	}
	return s.postLocked(s.chats[userID], u, text, 0)
}

// Group is the user writing text in a group. With privacy mode on, as
// bots have by default, Telegram gives the bot only commands, mentions of
// it and replies to it; the Server gives it everything, as with privacy
// mode off, so tests can check what the bot ignores.
func (s *Server) Group(groupID, userID int64, text string) int {
	return s.Reply(groupID, userID, 0, text)
}

// Reply is the user answering message replyTo of chat (0: none) with text.
func (s *Server) Reply(chatID, userID int64, replyTo int, text string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	u := s.userLocked(userID)
	c := s.chats[chatID]
	if c == nil {
		panic(fmt.Sprintf("tgtest: no chat %d", chatID))
	}
	return s.postLocked(c, u, text, replyTo)
}

// Delete is a message of a chat deleted, by its sender or an
// administrator. Telegram tells the bot nothing of it; editing it then
// answers 400 "message to edit not found". It panics when there is no
// such message.
func (s *Server) Delete(chat int64, messageID int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.messageLocked(chat, messageID) == nil {
		panic(fmt.Sprintf("tgtest: chat %d has no message %d to delete", chat, messageID))
	}
	s.messages[chat][messageID-1] = nil // message ids are never reused
	s.changedLocked()
}

func (s *Server) userLocked(id int64) *user {
	u := s.users[id]
	if u == nil {
		panic(fmt.Sprintf("tgtest: no user %d", id))
	}
	return u
}

// postLocked records a user's message and queues its update.
func (s *Server) postLocked(c *Chat, u *user, text string, replyTo int) int {
	s.joinLocked(c, u.ID)
	m := &Message{MessageID: s.nextMessageIDLocked(c.ID), From: &u.User, Date: s.now().Unix(),
		Chat: *c, Text: text, Entities: entities(text)}
	if replyTo != 0 {
		m.ReplyToMessage = s.messageLocked(c.ID, replyTo)
	}
	s.messages[c.ID] = append(s.messages[c.ID], m)
	return s.queueLocked(Update{Message: m})
}

func (s *Server) nextMessageIDLocked(chat int64) int { return len(s.messages[chat]) + 1 }

func (s *Server) messageLocked(chat int64, id int) *Message {
	if ms := s.messages[chat]; id >= 1 && id <= len(ms) {
		return ms[id-1]
	}
	return nil
}

// entities marks a leading bot command and the mentions, as Telegram does,
// with offsets in UTF-16 code units.
func entities(text string) []MessageEntity {
	var out []MessageEntity
	offset := 0
	for i, w := range strings.Split(text, " ") {
		n := len(utf16.Encode([]rune(w)))
		switch {
		case i == 0 && len(w) > 1 && w[0] == '/':
			out = append(out, MessageEntity{Type: "bot_command", Offset: 0, Length: n})
		case len(w) > 1 && w[0] == '@':
			out = append(out, MessageEntity{Type: "mention", Offset: offset, Length: n})
		}
		offset += n + 1
	}
	return out
}
