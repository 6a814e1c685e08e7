package door

import (
	"crypto/sha256"
	"encoding/hex"

	"umpire/bot/wire"
	"umpire/store"
)

// AddressOf is the sender's private address.
func AddressOf(in wire.Inbound) store.Address {
	return store.Address{Transport: in.Transport, ID: in.From}
}

// ChatOf is the address of the chat a message was written in.
func ChatOf(in wire.Inbound) store.Address {
	if in.Private || in.Chat == "" {
		return AddressOf(in)
	}
	return store.Address{Transport: in.Transport, ID: in.Chat}
}

// MaxKey bounds the inbound keys and the addresses the store keeps: a
// bbolt key may not pass 32 KiB, and no real id or address comes near.
const MaxKey = 1024

// KeyOf is the inbound id the store remembers: "transport:id", or for an
// id too long to keep, "transport:sha256:" and the id's hash. A message
// without an id is never de-duplicated ("").
func KeyOf(in wire.Inbound) string {
	if in.ID == "" {
		return ""
	}
	k := in.Transport + ":" + in.ID
	if len(k) > MaxKey {
		sum := sha256.Sum256([]byte(in.ID))
		k = in.Transport + ":sha256:" + hex.EncodeToString(sum[:])
	}
	return k
}

// open is the second stage: a done context stops the message (it is
// delivered again), and one from an address too long to keep (no real one
// is) is dropped.
func (d *Door) open(e *entry) (bool, error) {
	if err := e.ctx.Err(); err != nil {
		return true, err
	}
	if addressTooLong(e.in) {
		d.log.Warn("handle: address too long to keep; message dropped", "transport", e.in.Transport,
			"from-bytes", len(e.in.From), "chat-bytes", len(e.in.Chat))
		return true, nil
	}
	return false, nil
}

// addressTooLong reports whether the sender's address or its chat's is too
// long to keep.
func addressTooLong(in wire.Inbound) bool {
	return keyLen(AddressOf(in)) > MaxKey || keyLen(ChatOf(in)) > MaxKey
}

// keyLen is the length of a.String(), counted without making it: every
// message is checked, a flood's too.
func keyLen(a store.Address) int { return len(a.Transport) + 1 + len(a.ID) }
