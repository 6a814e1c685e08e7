package door

// Topics. Where a chat holds topics (wire.Topics), the umpire opens one
// per conversation (a game, a tournament: bot/post's topics.go) and the
// store remembers which. A message written in one of those topics is
// read as meant for its conversation: a move needs no #N there, and the
// answers to it go back to the topic. A topic the umpire did not open (a
// user's own) is the main chat's.

// topic is the seventh stage: the conversation of the topic a message was
// written in, if the umpire opened that topic.
func (d *Door) topic(e *entry) (bool, error) {
	if e.in.Topic == "" {
		return false, nil
	}
	slot, ok, err := d.db.TopicSlot(ChatOf(e.in), e.in.Topic)
	if ok {
		e.topic = slot
	}
	return false, err
}

// topicCommands are the commands about one game that, written in its
// topic without #N, are about the topic's game: a game's actions ("")
// and the commands that act on one's own game.
var topicCommands = map[string]bool{"": true, "board": true, "moves": true, "abort": true, "tell": true,
	"mute": true, "unmute": true, "if": true, "give": true, "claim": true, "rematch": true, "invite": true, "unwatch": true}
