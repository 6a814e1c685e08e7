package tgtest

import (
	"fmt"
	"strconv"
)

// Members of groups. A user who writes in a group is one of its members
// ("member"), unless its status there was set otherwise (SetMember);
// getChatMember answers as the Bot API does (core.telegram.org/bots/api
// #getchatmember): a ChatMember whose status is "creator",
// "administrator", "member", "restricted", "left" or "kicked", "left" for a
// user Telegram knows who is not in the group; 400 "chat not found" for a
// chat it does not know (and "group chat was upgraded to a supergroup
// chat" for a group that became one), 400 "user not found" for a user it
// does not know.

// The statuses of a chat member.
const (
	StatusCreator       = "creator"
	StatusAdministrator = "administrator"
	StatusMember        = "member"
	StatusRestricted    = "restricted"
	StatusLeft          = "left"
	StatusKicked        = "kicked"
)

// ChatMember is a user's standing in a chat, as getChatMember answers.
type ChatMember struct {
	Status      string `json:"status"`
	User        User   `json:"user"`
	IsAnonymous bool   `json:"is_anonymous,omitempty"`
	// CanManageChat and CanBeEdited are an administrator's; IsMember and
	// UntilDate a restricted member's (UntilDate a kicked one's too).
	CanManageChat bool  `json:"can_manage_chat,omitempty"`
	CanBeEdited   bool  `json:"can_be_edited,omitempty"`
	IsMember      bool  `json:"is_member,omitempty"`
	UntilDate     int64 `json:"until_date,omitempty"`
}

// SetMember sets a user's status in a group (StatusCreator, …). It panics
// for a chat or user the Server does not have, or a status Telegram has
// not.
func (s *Server) SetMember(group, userID int64, status string) {
	switch status {
	case StatusCreator, StatusAdministrator, StatusMember, StatusRestricted, StatusLeft, StatusKicked:
	default:
		panic(fmt.Sprintf("tgtest: no chat member status %q", status))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.userLocked(userID)
	if s.chats[group] == nil || group >= 0 {
		panic(fmt.Sprintf("tgtest: no group %d", group))
	}
	if s.members[group] == nil {
		s.members[group] = map[int64]string{}
	}
	s.members[group][userID] = status
}

// joinLocked makes a user who writes in a group one of its members.
func (s *Server) joinLocked(c *Chat, userID int64) {
	if c.Type == "private" {
		return
	}
	if s.members[c.ID] == nil {
		s.members[c.ID] = map[int64]string{}
	}
	if _, ok := s.members[c.ID][userID]; !ok {
		s.members[c.ID][userID] = StatusMember
	}
}

// getChatMember answers the method.
func (s *Server) getChatMember(p params) (any, *apiError) {
	chat, aerr := s.chatParam(p)
	if aerr != nil {
		return nil, aerr
	}
	userID, err := strconv.ParseInt(p.get("user_id"), 10, 64)
	if err != nil {
		return nil, badRequest("invalid user_id specified")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if to := s.migrated[chat]; to != 0 {
		e := badRequest("group chat was upgraded to a supergroup chat")
		e.migrateTo = to
		return nil, e
	}
	c, u := s.chats[chat], s.users[userID]
	switch {
	case c == nil:
		return nil, badRequest("chat not found")
	case u == nil:
		return nil, badRequest("user not found")
	}
	m := ChatMember{Status: StatusLeft, User: u.User}
	if c.Type == "private" && chat == userID {
		m.Status = StatusMember
	} else if st, ok := s.members[chat][userID]; ok {
		m.Status = st
	}
	switch m.Status {
	case StatusAdministrator:
		m.CanManageChat = true
	case StatusRestricted:
		m.IsMember = true
	}
	return m, nil
}
