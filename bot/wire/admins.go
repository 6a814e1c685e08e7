package wire

import "context"

// Administered is implemented by a transport whose group chats have
// administrators (Telegram's creator and administrators): the bot lets
// them do what only those who keep a group may, such as end any
// tournament of their group. A transport without it has no
// administrators the bot knows of.
type Administered interface {
	// Administers reports whether user (a person's id on the transport)
	// administers chat (a group's id). A user who is no member of the
	// chat, or a chat the network does not know, is no administrator:
	// false and no error. An error means the network could not be asked
	// now; the caller may ask again later. A transport may remember an
	// answer for a short while.
	Administers(ctx context.Context, chat, user string) (bool, error)
}
