package bot

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"umpire/referee"
	"umpire/store"
)

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
}

// address is the sender's private address.
func (in Inbound) address() store.Address { return store.Address{Transport: in.Transport, ID: in.From} }

// chat is the address of the chat the message was written in.
func (in Inbound) chat() store.Address {
	if in.Private || in.Chat == "" {
		return in.address()
	}
	return store.Address{Transport: in.Transport, ID: in.Chat}
}

// maxKey bounds the inbound keys and the addresses the store keeps: a
// bbolt key may not pass 32 KiB, and no real id or address comes near.
const maxKey = 1024

// key is the inbound id the store remembers: "transport:id", or for an id
// too long to keep, "transport:sha256:" and the id's hash. A message
// without an id is never de-duplicated.
func (in Inbound) key() string {
	if in.ID == "" {
		return ""
	}
	k := in.Transport + ":" + in.ID
	if len(k) > maxKey {
		sum := sha256.Sum256([]byte(in.ID))
		k = in.Transport + ":sha256:" + hex.EncodeToString(sum[:])
	}
	return k
}

// addressTooLong reports whether the sender's address or its chat's is too
// long to keep: no real one is, and the message is dropped.
func (in Inbound) addressTooLong() bool {
	return len(in.address().String()) > maxKey || len(in.chat().String()) > maxKey
}

// Message is what the bot sends: text and, for a game, the picture of the
// recipient's view. Everything in it may be shown to the recipient.
type Message struct {
	To      store.Address
	Text    string
	Image   []byte // a PNG, or nil
	Board   string // the same view as a text diagram, for transports without pictures
	Buttons []Button
	Game    uint64       // the game it is about, or 0 (for threading, subjects)
	Seat    referee.Seat // the recipient's seat; referee.Spectator for public news; "" for notices
	// Move is the move the game's position is at, for a message that shows
	// one (0 otherwise): counted as chess counts, 1 until every seat has
	// moved once, then 2, …, from the moves accepted, which every seat may
	// know. Failed tries do not count.
	Move int
	// Subject is a one-line title for transports that have one (an e-mail
	// subject), in the recipient's language: the game, its move and its
	// variant. "" when the first line of Text serves.
	Subject string
	// Key identifies the message for de-duplication by the transport (an
	// e-mail Message-ID, say). It is opaque and must not be shown.
	Key string
	// Files go with the message as files, after its text and picture: the
	// record of a finished game (a .pgn document) and its replay (a GIF
	// animation). A transport sends each as its network sends such a file
	// (Telegram: sendDocument, or sendAnimation for a GIF; e-mail: an
	// attachment).
	Files []File
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
// is shown, Command is sent back as the text of an Inbound.
type Button struct {
	Label   string
	Command string
}

// Transport carries messages between people and the bot.
type Transport interface {
	// Name is the transport's name, the Transport of its addresses.
	Name() string
	// Receive runs until ctx is done or the transport fails, handing each
	// message received to handle. A transport should acknowledge a message
	// (advance its cursor) only after handle returned nil, and deliver it
	// again otherwise: the bot handles a message id at most once.
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

// Limited is implemented by a transport that has rate limits of its own;
// its sender then uses them instead of DefaultLimits.
type Limited interface {
	Limits() Limits
}

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
