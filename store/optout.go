package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"
)

// Strangers' buckets: what the umpire keeps so that nobody uses it to
// write to people who did not ask (bot/optout.go, bot/invitecap.go,
// bot/watchconfirm.go).
var (
	bucketOptOuts  = []byte("optouts")  // addressKey → unix seconds of the stop
	bucketInvites  = []byte("invites")  // "b" ‖ inviter ‖ game ‖ seat, "t" ‖ addressKey ‖ 0 ‖ game ‖ seat, "s" ‖ inviter ‖ unix ns ‖ seq → nothing
	bucketWatchReq = []byte("watchreq") // confirmation token → JSON WatchRequest
)

// maxAddressKey bounds an address as a key: a longer one is kept as its
// hash, so that no stranger's address makes a key of any size.
const maxAddressKey = 96

// addressKey is an address as a bounded key: "transport:id", or
// "transport:#" and the hex SHA-256 of it when that is longer than
// maxAddressKey.
func addressKey(a Address) []byte {
	s := a.String()
	if len(s) <= maxAddressKey {
		return []byte(s)
	}
	sum := sha256.Sum256([]byte(s))
	t := a.Transport
	if len(t) > 30 {
		t = t[:30] // 30 + ":#" + 64 = maxAddressKey
	}
	return []byte(t + ":#" + hex.EncodeToString(sum[:]))
}

// OptOut records that address a asked to hear no more from the umpire.
func (tx *Tx) OptOut(a Address, at time.Time) error {
	if err := tx.bucket(bucketOptOuts).Put(addressKey(a), u64(uint64(at.Unix()))); err != nil {
		return fmt.Errorf("store: opt-out: %w", err)
	}
	return nil
}

// OptIn forgets a's opt-out; it reports whether there was one.
func (tx *Tx) OptIn(a Address) (bool, error) {
	b, k := tx.bucket(bucketOptOuts), addressKey(a)
	if b.Get(k) == nil {
		return false, nil
	}
	if err := b.Delete(k); err != nil {
		return false, fmt.Errorf("store: opt-in: %w", err)
	}
	return true, nil
}

// OptedOut reports whether a asked to hear no more from the umpire.
func (tx *Tx) OptedOut(a Address) bool {
	return tx.bucket(bucketOptOuts).Get(addressKey(a)) != nil
}

// OptedOut reports whether a asked to hear no more; see Tx.OptedOut.
func (db *DB) OptedOut(a Address) (out bool, err error) {
	err = db.View(func(tx *Tx) error {
		out = tx.OptedOut(a)
		return nil
	})
	return out, err
}

// Invitation is an invitation the umpire sent: a seat of a game, offered
// by a player to an address. It is pending while the seat is free; the
// store keeps it until the bot finds it is not (Tx.Invitations).
type Invitation struct {
	Game uint64
	Seat string
	By   uint64
	To   Address
}

// keys are the invitation's two keys: under its inviter and under its
// address.
func (iv Invitation) keys() (by, to []byte) {
	tail := append(u64(iv.Game), iv.Seat...)
	by = append(append([]byte("b"), u64(iv.By)...), tail...)
	to = append(append(append([]byte("t"), addressKey(iv.To)...), 0), tail...)
	return by, to
}

// AddInvitation records an invitation.
func (tx *Tx) AddInvitation(iv Invitation) error {
	by, to := iv.keys()
	b := tx.bucket(bucketInvites)
	if err := b.Put(by, nil); err != nil {
		return fmt.Errorf("store: invitation: %w", err)
	}
	if err := b.Put(to, []byte(iv.To.String())); err != nil {
		return fmt.Errorf("store: invitation: %w", err)
	}
	return nil
}

// Invited reports whether the umpire invited address to to seat of game,
// and the invitation is still kept.
func (tx *Tx) Invited(to Address, game uint64, seat string) bool {
	_, k := Invitation{Game: game, Seat: seat, To: to}.keys()
	return tx.bucket(bucketInvites).Get(k) != nil
}

// PendingInvitations counts the invitations made by player by (or, when
// by is 0, to address to) that pending reports pending, and forgets the
// others. It needs a write transaction.
func (tx *Tx) PendingInvitations(by uint64, to Address, pending func(game uint64, seat string) bool) (int, error) {
	prefix := append([]byte("b"), u64(by)...)
	if by == 0 {
		prefix = append(append([]byte("t"), addressKey(to)...), 0)
	}
	var stale [][]byte
	n := 0
	c := tx.bucket(bucketInvites).Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		tail := k[len(prefix):]
		if len(tail) >= 8 && pending(fromU64(tail[:8]), string(tail[8:])) {
			n++
		} else {
			stale = append(stale, bytes.Clone(k))
		}
	}
	for _, k := range stale {
		if err := tx.bucket(bucketInvites).Delete(k); err != nil {
			return 0, fmt.Errorf("store: invitations: %w", err)
		}
	}
	return n, nil
}

// DropInvitations forgets the invitations to seat of game: to address to,
// and by each of the players by (one of whom made it).
func (tx *Tx) DropInvitations(game uint64, seat string, to Address, by ...uint64) error {
	b := tx.bucket(bucketInvites)
	_, toKey := Invitation{Game: game, Seat: seat, To: to}.keys()
	keys := [][]byte{toKey}
	for _, p := range by {
		byKey, _ := Invitation{Game: game, Seat: seat, By: p, To: to}.keys()
		keys = append(keys, byKey)
	}
	for _, k := range keys {
		if err := b.Delete(k); err != nil {
			return fmt.Errorf("store: invitations: %w", err)
		}
	}
	return nil
}

// sentPrefix is the prefix of the invitations player by sent: "s" ‖ by,
// then when (unix nanoseconds) and a sequence number, so that they sort by
// time and two at one instant differ.
func sentPrefix(by uint64) []byte { return append([]byte("s"), u64(by)...) }

// InvitationsSent is when player by sent the invitations it sent after
// since, oldest first: unlike the waiting ones, they are counted whether
// answered or not. Older ones are forgotten, so each player keeps a day's
// worth at most. It needs a write transaction.
func (tx *Tx) InvitationsSent(by uint64, since time.Time) ([]time.Time, error) {
	prefix := sentPrefix(by)
	var sent []time.Time
	var old [][]byte
	c := tx.bucket(bucketInvites).Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		if len(k) != len(prefix)+16 {
			continue
		}
		at := time.Unix(0, int64(fromU64(k[len(prefix):])))
		if !at.After(since) {
			old = append(old, bytes.Clone(k))
		} else {
			sent = append(sent, at)
		}
	}
	for _, k := range old {
		if err := tx.bucket(bucketInvites).Delete(k); err != nil {
			return nil, fmt.Errorf("store: invitations sent: %w", err)
		}
	}
	return sent, nil
}

// AddInvitationSent records that player by sent an invitation at at; mark
// names the record, for ForgetInvitationSent.
func (tx *Tx) AddInvitationSent(by uint64, at time.Time) (mark []byte, err error) {
	b := tx.bucket(bucketInvites)
	seq, err := b.NextSequence()
	if err != nil {
		return nil, fmt.Errorf("store: invitation sent: %w", err)
	}
	mark = append(append(sentPrefix(by), u64(uint64(at.UnixNano()))...), u64(seq)...)
	if err := b.Put(mark, nil); err != nil {
		return nil, fmt.Errorf("store: invitation sent: %w", err)
	}
	return mark, nil
}

// ForgetInvitationSent forgets the record mark of an invitation that was
// not sent after all.
func (tx *Tx) ForgetInvitationSent(mark []byte) error {
	if len(mark) == 0 || mark[0] != 's' {
		return nil
	}
	if err := tx.bucket(bucketInvites).Delete(mark); err != nil {
		return fmt.Errorf("store: invitation sent: %w", err)
	}
	return nil
}
