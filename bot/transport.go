package bot

import (
	"crypto/sha256"
	"encoding/hex"

	"umpire/bot/wire"
	"umpire/store"
)

// The types a transport shares with the bot are package wire's; bot names
// them too, for the bot's own code and its tests.
type (
	Inbound        = wire.Inbound
	Message        = wire.Message
	Button         = wire.Button
	File           = wire.File
	Section        = wire.Section
	Address        = wire.Address
	Transport      = wire.Transport
	Handler        = wire.Handler
	HandlerFunc    = wire.HandlerFunc
	Limited        = wire.Limited
	Limits         = wire.Limits
	Rate           = wire.Rate
	TemporaryError = wire.TemporaryError
	Features       = wire.Features
	CatchingUp     = wire.CatchingUp
	CatchUp        = wire.CatchUp
)

// ErrPermanent marks a send that can never succeed.
var ErrPermanent = wire.ErrPermanent

// Permanent wraps err so that errors.Is(err, ErrPermanent) holds.
func Permanent(err error) error { return wire.Permanent(err) }

// addressOf is the sender's private address.
func addressOf(in Inbound) store.Address {
	return store.Address{Transport: in.Transport, ID: in.From}
}

// chatOf is the address of the chat a message was written in.
func chatOf(in Inbound) store.Address {
	if in.Private || in.Chat == "" {
		return addressOf(in)
	}
	return store.Address{Transport: in.Transport, ID: in.Chat}
}

// maxKey bounds the inbound keys and the addresses the store keeps: a
// bbolt key may not pass 32 KiB, and no real id or address comes near.
const maxKey = 1024

// key is the inbound id the store remembers: "transport:id", or for an id
// too long to keep, "transport:sha256:" and the id's hash. A message
// without an id is never de-duplicated.
func keyOf(in Inbound) string {
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
func addressTooLong(in Inbound) bool {
	return keyLen(addressOf(in)) > maxKey || keyLen(chatOf(in)) > maxKey
}

// keyLen is the length of a.String(), counted without making it: every
// message is checked, a flood's too.
func keyLen(a store.Address) int { return len(a.Transport) + 1 + len(a.ID) }
