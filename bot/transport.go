package bot

import (
	"crypto/sha256"
	"encoding/hex"

	"umpire/bot/wire"
	"umpire/store"
)

// addressOf is the sender's private address.
func addressOf(in wire.Inbound) store.Address {
	return store.Address{Transport: in.Transport, ID: in.From}
}

// chatOf is the address of the chat a message was written in.
func chatOf(in wire.Inbound) store.Address {
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
func keyOf(in wire.Inbound) string {
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
func addressTooLong(in wire.Inbound) bool {
	return keyLen(addressOf(in)) > maxKey || keyLen(chatOf(in)) > maxKey
}

// keyLen is the length of a.String(), counted without making it: every
// message is checked, a flood's too.
func keyLen(a store.Address) int { return len(a.Transport) + 1 + len(a.ID) }
