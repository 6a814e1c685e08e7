package tgtest

// Messages only one member of a group sees (Bot API 10.2, 10.3): a send
// with ephemeral_message_parameters, whose receiver_user_id names the
// member. They are for groups: the fake refuses them in a private chat,
// and from a bot that is not an administrator of the group (MakeAdmin),
// with 400 "BOT_NOT_ADMIN", as Telegram was seen to answer, and to a user
// who is not in the group (400 USER_NOT_PARTICIPANT); the form that needs
// no rights (a callback_query_id, within seconds of a press) is not
// served. Sent.Only records the receiver.

// inGroupLocked reports whether a user is in a group (members.go): a
// member, restricted, an administrator or its creator.
func (s *Server) inGroupLocked(group, userID int64) bool {
	st, ok := s.members[group][userID]
	return ok && st != StatusLeft && st != StatusKicked
}

// MakeAdmin makes the bot an administrator of group chat.
func (s *Server) MakeAdmin(chat int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.admins[chat] = true
}

// onlyLocked is the one member a send's ephemeral_message_parameters name
// in chat c, 0 for none.
func (s *Server) onlyLocked(c *Chat, p params) (int64, *apiError) {
	raw := p.get("ephemeral_message_parameters")
	if raw == "" {
		return 0, nil
	}
	var e EphemeralMessageParameters
	if err := decodeJSON(raw, &e); err != nil {
		return 0, badRequest("can't parse ephemeral message parameters JSON object")
	}
	switch {
	case e.ReceiverUserID == 0:
		return 0, badRequest("receiver_user_id is empty")
	case c.Type == "private", !s.admins[c.ID]:
		return 0, badRequest("BOT_NOT_ADMIN")
	case s.users[e.ReceiverUserID] == nil:
		return 0, badRequest("user not found")
	case !s.inGroupLocked(c.ID, e.ReceiverUserID):
		return 0, badRequest("USER_NOT_PARTICIPANT")
	}
	return e.ReceiverUserID, nil
}
