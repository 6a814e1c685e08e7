package door

import (
	"context"

	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/store"
)

// Visit is a message the door let in, as the bot decides on it: what was
// written (In, its Text the one to read: a key's game named in front, a
// confirmed command), by whom (Player, met at the door: made for a
// newcomer), and the command it carries, read once (Cmd).
type Visit struct {
	In     wire.Inbound
	Player *store.Player
	Cmd    Command
	// Answer, when not nil, is told what became of a line played in a
	// game (the Mini App's call).
	Answer post.Answer
	// Topic is the conversation (post.GameSlot, post.TourneySlot) of the
	// topic the message was written in, "" for none: the answers to its
	// chat go back there.
	Topic string
}

// From is the sender's private address.
func (v Visit) From() store.Address { return AddressOf(v.In) }

// Chat is the address of the chat the message was written in.
func (v Visit) Chat() store.Address { return ChatOf(v.In) }

// Key is the inbound key the store remembers the message by ("" for none).
func (v Visit) Key() string { return KeyOf(v.In) }

// Ruled tells the visit's Answer, if any, what became of its line.
func (v Visit) Ruled(r post.Ruling) {
	if v.Answer != nil {
		v.Answer.Ruled(r)
	}
}

// entry is a message on its way through the guards.
type entry struct {
	ctx    context.Context
	in     wire.Inbound
	player *store.Player
	cmd    Command
	answer post.Answer
	// confirmed is the token of the mail confirmation this message
	// carries out: dropped once handled.
	confirmed string
	topic     string // the conversation of the topic it was written in
}

// visit is the Visit of an entry that passed the guards.
func (e *entry) visit() Visit {
	return Visit{In: e.in, Player: e.player, Cmd: e.cmd, Answer: e.answer, Topic: e.topic}
}
