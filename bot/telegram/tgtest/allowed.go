package tgtest

import "slices"

// allowed_updates. getUpdates and setWebhook take the list of the kinds of
// update the bot wants; Telegram keeps the last list given and never
// delivers the other kinds. The fake checks each kind against the Bot
// API's list, keeps the list (AllowedUpdates), and drops the updates of
// other kinds the tests make (an edited message, say, with EditMessage).

// updateKinds are the kinds of update of the Bot API (the fields of
// Update), the values allowed_updates may list.
var updateKinds = []string{"message", "edited_message", "channel_post", "edited_channel_post", "business_connection",
	"business_message", "edited_business_message", "deleted_business_messages", "message_reaction",
	"message_reaction_count", "inline_query", "chosen_inline_result", "callback_query", "shipping_query",
	"pre_checkout_query", "purchased_paid_media", "poll", "poll_answer", "my_chat_member", "chat_member",
	"chat_join_request", "chat_boost", "removed_chat_boost"}

// readAllowed reads and keeps allowed_updates, when p has it.
func (s *Server) readAllowed(p params) *apiError {
	raw := p.get("allowed_updates")
	if raw == "" {
		return nil
	}
	var kinds []string
	if err := decodeJSON(raw, &kinds); err != nil {
		return badRequest("can't parse allowed updates JSON array")
	}
	for _, k := range kinds {
		if !slices.Contains(updateKinds, k) {
			return badRequest("unsupported update type %q", k)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.allowed = kinds
	s.dropUnwantedLocked()
	return nil
}

// AllowedUpdates is the last allowed_updates the bot gave, nil before it
// gave one.
func (s *Server) AllowedUpdates() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.allowed)
}

// dropUnwantedLocked drops the updates of kinds the bot did not ask for.
func (s *Server) dropUnwantedLocked() {
	if len(s.allowed) == 0 {
		return
	}
	s.updates = slices.DeleteFunc(s.updates, func(u Update) bool { return !slices.Contains(s.allowed, u.kind()) })
}

// kind is the kind of an update.
func (u Update) kind() string {
	switch {
	case u.Message != nil:
		return "message"
	case u.EditedMessage != nil:
		return "edited_message"
	case u.CallbackQuery != nil:
		return "callback_query"
	}
	return ""
}

// EditMessage is the user editing the text of a message of theirs in chat,
// and returns the update id (an edited_message), which a bot that did not
// ask for edits never gets. It panics when there is no such message.
func (s *Server) EditMessage(chat int64, id int, text string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.messageLocked(chat, id)
	if m == nil || m.From == nil || m.From.IsBot {
		panic("tgtest: no message of a user to edit")
	}
	m.Text, m.EditDate = text, s.now().Unix()
	edited := *m
	n := s.queueLocked(Update{EditedMessage: &edited})
	s.dropUnwantedLocked()
	return n
}
