package wire

import "time"

// Features are what a transport's network can do that the bot's messages
// use. A transport that is not Featured has none of them.
type Features struct {
	// Link makes the deep link that opens a private chat with the bot
	// and has the reader send "start PAYLOAD" ("" makes the bare link);
	// nil where the network has none. The bot gives seats this way, so
	// that whoever takes one can be written to.
	Link func(payload string) string
	// Acts asks for buttons of the common acts (resign, draw, board, …)
	// under a seat's view of a game in play.
	Acts bool
	// Edits reports that the bot's messages can be edited in place
	// (Message.Edit).
	Edits bool
	// Keys reports that a reply to a message comes back with the
	// message's SeatKey (an e-mail reply address): the bot then fills it in.
	Keys bool
	// KeyAddress is the address a reader writes to, to act in the game a
	// seat's key opens (e-mail: umpire+KEY@example.org), nil where there
	// is none. A transport that has it has daily digests: one message a
	// day to a player who asks for it (`mail digest`), listing every game
	// waiting for it, each section saying where to write for that game.
	KeyAddress func(key string) string
	// GroupCommands reports that in a group the bot reads only commands
	// and replies to its own messages (Telegram's privacy mode): a move
	// written there takes the form of a command, /m e2e4.
	GroupCommands bool
	// App is the address of the Mini App (bot/webapp) on a game, or with
	// game 0 on the list of the reader's games; nil where there is none.
	// A seat's own view, sent to its own chat, then carries a button that
	// opens the app on that game.
	App func(game uint64) string
	// Whisper reports that a message to a group can be shown to one of
	// its members alone (Message.Only): the bot answers a line it refuses
	// there to its writer alone, where it cannot reach the writer in
	// private.
	Whisper bool
}

// Featured is implemented by a transport with Features.
type Featured interface {
	Features() Features
}

// Rate is at most N messages in any window of length Per.
type Rate struct {
	N   int
	Per time.Duration
}

// Limits are a transport's rate limits: over all its messages, and per
// chat (Chat may give a group other rates than a private chat). A sender
// holds a message back until every rate allows it; messages to other
// chats go on meanwhile.
type Limits struct {
	Global []Rate
	Chat   func(to Address) []Rate // nil: no limit per chat
}

// NoLimits lets every message go at once (the console, tests).
var NoLimits = Limits{}

// Limited is implemented by a transport that has rate limits of its own;
// its sender then uses them instead of the bot's defaults.
type Limited interface {
	Limits() Limits
}

// Cursor keeps a transport's place in its network's stream (Telegram's
// update offset, IMAP's UIDVALIDITY and last UID) across restarts, under
// names of the transport's choosing. The bot hands one to each transport.
type Cursor interface {
	// Load returns the value saved under name, or nil when none was.
	Load(name string) ([]byte, error)
	// Save keeps value under name, durably, before it returns.
	Save(name string, value []byte) error
}

// Words are the bot's texts that a transport shows by itself, without a
// Message: a command menu, an alert.
type Words interface {
	// Langs are the bot's languages, the default first.
	Langs() []string
	// Say is the text id in lang (the default language's when lang has
	// none), with the arguments kv (name, value, …) filled in.
	Say(lang, id string, kv ...string) string
	// Menu is the command menu offered in private chats, or in groups,
	// in lang.
	Menu(lang string, group bool) []Command
}

// Command is one entry of a command menu: the command's English word and
// what it does, in the reader's language.
type Command struct {
	Name        string
	Description string
}
