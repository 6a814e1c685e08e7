package wire

import "context"

// Topics is implemented by a transport whose chats may hold topics: a
// conversation of its own inside a chat, beside the main one (Telegram's
// forum topics, in a group that is a forum and in the private chats of a
// bot in topic mode). The bot opens one per game, or tournament, in each
// chat that has them, names it in every Message of that conversation
// (Message.Topic) and closes it at the end; the transport only carries
// out what the bot decided, and says which chats have topics.
//
// Topics are young on some networks and not always reliable: any error of
// a topic makes the transport fall back to the main chat, and stop trying
// that chat's topics for a while (HasTopics is false meanwhile).
type Topics interface {
	// HasTopics reports whether a topic may be opened in chat now.
	HasTopics(chat Address) bool
	// OpenTopic opens a topic named name in chat and returns its id. On an
	// error the caller must not take it that no topic was made (a call
	// lost on the network may have made one): it should not open another
	// for the same conversation, and writes to the main chat instead.
	OpenTopic(ctx context.Context, chat Address, name string) (id string, err error)
	// EditTopic renames topic id of chat to name and, with closed, closes
	// it, so that nothing more is written there.
	EditTopic(ctx context.Context, chat Address, id, name string, closed bool) error
}
