package wire

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Address is a person or a chat on a transport: the transport's name and
// its own id there (a Telegram chat id, an e-mail address).
type Address struct {
	Transport string `json:"transport"`
	ID        string `json:"id"`
}

// String is the address as "transport:id".
func (a Address) String() string { return a.Transport + ":" + a.ID }

// IsZero reports whether the address is empty.
func (a Address) IsZero() bool { return a == Address{} }

// Inbound is one message a transport received, as the bot needs it.
type Inbound struct {
	Transport string // the transport's name: "telegram", "email", "console"
	From      string // the sender's id on the transport; its private address
	Chat      string // the chat it was written in; "" or From for a private chat
	Text      string
	ID        string // the transport's own id for the message, unique on it
	Lang      string // the sender's language as the transport knows it ("ru"), or ""
	Name      string // the sender's display name, if the transport knows it
	Private   bool   // written in a private chat with the bot
	// Reply reports a message that answers one of the bot's own (a reply
	// in a group chat): it is meant for the bot, command or not.
	Reply bool
	// Key is a seat's key the message carried (the token of an e-mail's
	// reply address or subject tag), or "". The bot decides what it opens.
	Key string
	// Forgeable reports that From is only claimed, as an e-mail's From
	// is: the bot then admits a command that acts on a seat only with that
	// seat's Key.
	Forgeable bool
	// Verified marks a Forgeable message whose From the operator's own
	// receiving server vouched for (DMARC pass; e-mail's MAIL_AUTHSERV_ID).
	// The bot sets it too on a message whose Key shows that its sender
	// reads the mailbox (the key of the sender's own seat, or of an
	// invitation mailed to that address).
	Verified bool
	// Event is what happened, for an Inbound that is not a text someone
	// wrote; "" (Written) for one that is.
	Event Event
	// Pressed is the transport's reference to the bot's message whose
	// button sent this text, or "": a Message may Edit it.
	Pressed string
	// Sent is when the message was sent, by the transport's own clock:
	// Telegram's date, a mail's arrival in the mailbox. A move counts as
	// on time by it (see bot.OnTimeGrace). Zero means when it is handled.
	Sent time.Time
	// Topic is the topic of Chat it was written in (Topics), as the
	// transport names topics: "" for the main chat. The bot reads a
	// move written in a game's topic as meant for that game.
	Topic string
}

// Event names what a transport saw besides a written text.
type Event string

// The events a transport may report.
const (
	Written    Event = ""           // a text someone wrote
	TooLarge   Event = "too-large"  // a message too large to read; From may be told
	Unverified Event = "unverified" // the sender's own domain says From is forged (DMARC failed)
	// Bounce is a report that a message could not be delivered: Text is
	// the address that failed, Key the seat key the failed message carried.
	Bounce Event = "bounce"
	// Moved is a group chat that has a new id (a Telegram group that
	// became a supergroup): Chat is the old id, Text the new one.
	Moved Event = "moved"
	// OptOut is an address that asked, without writing, to hear no more
	// (a mail's one-click unsubscribe, RFC 8058, proven by a token): From.
	OptOut Event = "opt-out"
)

// Message is what the bot sends. Everything in it may be shown to the
// recipient; a transport shows it as it is.
type Message struct {
	To      Address
	Text    string
	Image   []byte // a PNG, or nil
	Board   string // the same view as a text diagram, for transports without pictures
	Buttons []Button
	Game    uint64 // the game it is about, or 0 (for threading, subjects)
	// Seat is the recipient's seat key, "spectator" for public news, ""
	// for notices: for records and logs; a transport decides nothing by it.
	Seat string
	// Move is the move the game's position is at, for a message that
	// shows one (0 otherwise), as chess counts.
	Move int
	// Subject is a one-line title for transports that have one (an e-mail
	// subject), in the recipient's language; "" when the first line of
	// Text serves.
	Subject string
	// Key identifies the message for de-duplication by the transport (an
	// e-mail Message-ID, say). It is opaque and must not be shown.
	Key string
	// Thread names the conversation the message belongs to (one game as
	// one seat or spectator sees it), for transports that thread (an
	// e-mail's References): opaque, the same for every message of the
	// conversation, and the Key of the one that opened it; "" for none.
	Thread string
	// Private marks a seat's own view of its game: where its network can,
	// the transport keeps it from being forwarded or saved.
	Private bool
	// SeatKey is the recipient's own key to the seat the message is about,
	// for a transport whose replies carry it back (Features.Keys); "" for
	// none. Once the game is over the key opens nothing, but its holder's
	// messages still carry it, so that a conversation keeps one subject
	// to its end.
	SeatKey string
	// Edit is the transport's reference to a message of the bot in the
	// same chat (an Inbound's Pressed) that this one replaces, text and
	// buttons, where the network can (Features.Edits); "" sends a new one.
	// A transport that cannot edit that message sends a new one instead.
	Edit string
	// Status names a slot of the chat that the message fills ("game 12",
	// "tournament 3"): where the transport edits (Features.Edits), a
	// message with the Status of one it sent to that chat before (a text,
	// or a picture with its caption) replaces that one, so that a chat has
	// one message per slot, kept up to date. "" for none.
	Status string
	// Files go with the message as files, after its text and picture: the
	// record of a finished game (a .pgn document) and its replay (a GIF
	// animation). A transport sends each as its network sends such a file
	// (Telegram: sendDocument, or sendAnimation for a GIF; e-mail: an
	// attachment).
	Files []File
	// Unsolicited marks a message its reader did not ask for: an
	// invitation, news of a game it watches. A transport that can offers
	// a one-click way to hear no more (e-mail: List-Unsubscribe, RFC
	// 2369 and 8058), which it reports as an OptOut event.
	Unsolicited bool
	// Sections are the games a digest speaks of, each with its own text,
	// picture and board, after the message's Text (which introduces
	// them); nil for any other message. Only a transport with digests
	// (Features.KeyAddress) is sent one.
	Sections []Section
	// Topic is the topic of To's chat the message goes to, an id its
	// transport's OpenTopic gave (Topics); "" for the main chat. Where
	// the topic cannot be written to (closed, gone, or the chat's topics
	// refused) the transport sends the message to the main chat instead:
	// once, in one place or the other, never lost.
	Topic string
	// Only is the one member of a group chat the message is for (a user
	// id on the transport): where the transport can (Features.Whisper)
	// only that member sees it; elsewhere, or when the network refuses
	// it, the whole chat does. "" for everyone.
	Only string
}

// Section is one game of a digest, as its reader's seat sees it: Text
// (which ends with how to act in that game), the picture (a PNG, or nil)
// and the text Board.
type Section struct {
	Game  uint64
	Text  string
	Image []byte
	Board string
}

// File is a file a message carries. Its Name is for the reader (it never
// names anything hidden); Type is its MIME type.
type File struct {
	Name string
	Type string
	Data []byte
}

// Animation reports whether the file is an animation (a GIF), which a chat
// shows playing rather than as a document to open.
func (f File) Animation() bool { return f.Type == "image/gif" }

// Button is a reply the recipient can choose instead of typing it: Label
// is shown, and Command is sent back as the text of an Inbound, or, when
// URL is set, the button opens URL instead (a deep link).
type Button struct {
	Label   string
	Command string
	URL     string
	// App marks a URL that opens as the Mini App inside the chat, not in
	// a browser (Telegram's web_app button).
	App bool
	// Style hints at what the button does, for a network that colours
	// buttons (Telegram's button styles); a transport may ignore it.
	Style Style
}

// Style is a hint of what a button does, shown where the network colours
// buttons.
type Style string

// The styles of buttons.
const (
	Plain    Style = ""         // anything else
	Danger   Style = "danger"   // a loss that cannot be taken back: resigning
	Positive Style = "positive" // saying yes to another's offer: accepting
)

// Transport carries messages between people and the bot.
type Transport interface {
	// Name is the transport's name, the Transport of its addresses.
	Name() string
	// Receive runs until ctx is done or the transport fails, handing each
	// message received to handle. A transport should acknowledge a message
	// (advance its cursor) only after handle returned nil, and deliver it
	// again otherwise: the bot handles a message id at most once. Receive
	// makes no network call but those that receive.
	Receive(ctx context.Context, handle Handler) error
	// Send delivers one message. It returns an error wrapping ErrPermanent
	// when the message can never be delivered (blocked bot, bounced
	// address), a *TemporaryError when the transport knows when to try
	// again, and any other error for a failure worth retrying later.
	Send(ctx context.Context, m Message) error
}

// Handler takes the messages a transport receives.
type Handler interface {
	Handle(ctx context.Context, in Inbound) error
}

// HandlerFunc adapts a function to a Handler.
type HandlerFunc func(ctx context.Context, in Inbound) error

// Handle calls f.
func (f HandlerFunc) Handle(ctx context.Context, in Inbound) error { return f(ctx, in) }

// ErrClosed is what the bot's Handler and Cursor return once the bot is
// closed (its store shut): a transport's Receive stops with it.
var ErrClosed = errors.New("the bot is closed")

// ErrPermanent marks a send that can never succeed.
var ErrPermanent = errors.New("permanent delivery failure")

// Permanent wraps err so that errors.Is(err, ErrPermanent) holds.
func Permanent(err error) error { return fmt.Errorf("%w: %w", ErrPermanent, err) }

// TemporaryError is a failed send to retry after RetryAfter (Telegram's
// retry_after, say); zero leaves the delay to the sender's backoff.
type TemporaryError struct {
	Err        error
	RetryAfter time.Duration
}

func (e *TemporaryError) Error() string {
	return fmt.Sprintf("temporary failure (retry after %v): %v", e.RetryAfter, e.Err)
}

func (e *TemporaryError) Unwrap() error { return e.Err }
