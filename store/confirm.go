package store

import (
	"bytes"
	"errors"
	"fmt"
	"time"
)

// Confirmation is a command that waits for its sender to prove its
// mailbox: a mail whose From is only claimed asked for something that
// changes a player or makes the umpire write to someone else, and the
// umpire mailed that address a token; only a reply with it, which only
// that mailbox can read, carries the command out (bot/confirmation.go).
// They share the bucket of watch requests under keys of their own: "T" ‖
// token → JSON Confirmation, and "A" ‖ addressKey ‖ 0 ‖ token → nothing.
type Confirmation struct {
	To   Address   `json:"to"`
	Text string    `json:"text"` // the command, as it was written
	At   time.Time `json:"at"`   // when it was asked
}

// confirmKeys are a confirmation's two keys.
func confirmKeys(tok string, to Address) (byToken, byAddress []byte) {
	return append([]byte("T"), tok...), append(confirmPrefix(to), tok...)
}

// confirmPrefix is the start of the keys of an address's confirmations.
func confirmPrefix(to Address) []byte {
	return append(append([]byte("A"), addressKey(to)...), 0)
}

// PutConfirmation records a confirmation under its token.
func (tx *Tx) PutConfirmation(tok string, c Confirmation) error {
	byTok, byAddr := confirmKeys(tok, c.To)
	b := tx.bucket(bucketWatchReq)
	if err := putJSON(b, byTok, c); err != nil {
		return fmt.Errorf("store: confirmation: %w", err)
	}
	if err := b.Put(byAddr, []byte{}); err != nil {
		return fmt.Errorf("store: confirmation: %w", err)
	}
	return nil
}

// Confirmation loads the confirmation of a token; ErrNotFound when none.
func (tx *Tx) Confirmation(tok string) (*Confirmation, error) {
	c := new(Confirmation)
	if err := getJSON(tx.bucket(bucketWatchReq), append([]byte("T"), tok...), c); err != nil {
		return nil, fmt.Errorf("store: confirmation: %w", err)
	}
	return c, nil
}

// Confirmations counts an address's confirmations asked since, and
// forgets those asked before.
func (tx *Tx) Confirmations(to Address, since time.Time) (int, error) {
	n := 0
	var old []string
	prefix := confirmPrefix(to)
	c := tx.bucket(bucketWatchReq).Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		tok := string(k[len(prefix):])
		r, err := tx.Confirmation(tok)
		switch {
		case errors.Is(err, ErrNotFound):
		case err != nil:
			return 0, err
		case r.At.Before(since):
			old = append(old, tok)
		default:
			n++
		}
	}
	for _, tok := range old {
		if err := tx.DropConfirmation(tok); err != nil {
			return 0, err
		}
	}
	return n, nil
}

// DropConfirmation forgets a confirmation.
func (tx *Tx) DropConfirmation(tok string) error {
	c, err := tx.Confirmation(tok)
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	byTok, byAddr := confirmKeys(tok, c.To)
	b := tx.bucket(bucketWatchReq)
	if err := b.Delete(byTok); err != nil {
		return fmt.Errorf("store: confirmation: %w", err)
	}
	if err := b.Delete(byAddr); err != nil {
		return fmt.Errorf("store: confirmation: %w", err)
	}
	return nil
}
