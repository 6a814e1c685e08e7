package store

import (
	"bytes"
	"errors"
	"fmt"
	"time"
)

// WatchRequest is a `watch` that waits for its confirmation: someone
// asked, in an address's name, to follow a game; the umpire mailed that
// address a token, and only a reply with it subscribes
// (bot/watchconfirm.go). Keys: "t" ‖ token → JSON WatchRequest, and
// "a" ‖ addressKey ‖ 0 ‖ game → token.
type WatchRequest struct {
	Game uint64    `json:"game"`
	To   Address   `json:"to"`
	At   time.Time `json:"at"` // when it was asked
}

// watchReqKeys are a request's two keys.
func watchReqKeys(tok string, game uint64, to Address) (byToken, byAddress []byte) {
	return append([]byte("t"), tok...), append(watchReqPrefix(to), u64(game)...)
}

// watchReqPrefix is the start of the keys of an address's requests.
func watchReqPrefix(to Address) []byte {
	return append(append([]byte("a"), addressKey(to)...), 0)
}

// PutWatchRequest records a request under its token.
func (tx *Tx) PutWatchRequest(tok string, r WatchRequest) error {
	byTok, byAddr := watchReqKeys(tok, r.Game, r.To)
	b := tx.bucket(bucketWatchReq)
	if err := putJSON(b, byTok, r); err != nil {
		return fmt.Errorf("store: watch request: %w", err)
	}
	if err := b.Put(byAddr, []byte(tok)); err != nil {
		return fmt.Errorf("store: watch request: %w", err)
	}
	return nil
}

// WatchRequest loads the request of a token; ErrNotFound when none.
func (tx *Tx) WatchRequest(tok string) (*WatchRequest, error) {
	r := new(WatchRequest)
	if err := getJSON(tx.bucket(bucketWatchReq), append([]byte("t"), tok...), r); err != nil {
		return nil, fmt.Errorf("store: watch request: %w", err)
	}
	return r, nil
}

// WatchRequests lists an address's requests by token, forgetting those
// asked before since.
func (tx *Tx) WatchRequests(to Address, since time.Time) (map[string]*WatchRequest, error) {
	out := map[string]*WatchRequest{}
	var old []string
	prefix := watchReqPrefix(to)
	c := tx.bucket(bucketWatchReq).Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		tok := string(v)
		r, err := tx.WatchRequest(tok)
		switch {
		case errors.Is(err, ErrNotFound):
			continue
		case err != nil:
			return nil, err
		case r.At.Before(since):
			old = append(old, tok)
		default:
			out[tok] = r
		}
	}
	for _, tok := range old {
		if err := tx.DropWatchRequest(tok); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// DropWatchRequest forgets a request.
func (tx *Tx) DropWatchRequest(tok string) error {
	r, err := tx.WatchRequest(tok)
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	byTok, byAddr := watchReqKeys(tok, r.Game, r.To)
	b := tx.bucket(bucketWatchReq)
	if err := b.Delete(byTok); err != nil {
		return fmt.Errorf("store: watch request: %w", err)
	}
	if err := b.Delete(byAddr); err != nil {
		return fmt.Errorf("store: watch request: %w", err)
	}
	return nil
}
