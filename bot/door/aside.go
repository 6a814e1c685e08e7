package door

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"sync"

	"umpire/bot/wire"
	"umpire/store"
)

// Inputs set aside. A message the door fails to handle is delivered again
// by its transport, and one that fails every time (a header no store can
// keep, a bug a stranger found) would stop the transport's loop for good.
// So the door counts the failures of each message, and at the AsideAfter-th
// it sets the message aside instead: it keeps the message in the store
// (under "aside " and its bounded key, for an operator to read), logs it,
// counts it (SetAside), marks it seen and reports it handled, and the
// loop goes on with the next. Faults of the disk and a closed store are
// not the message's fault and are never counted.

// AsideAfter is how many times the door fails one message before it sets
// it aside.
const AsideAfter = 3

// maxFailing bounds the messages whose failures the door remembers; past
// it the counts start again (a message then fails a few times more).
const maxFailing = 4096

// failures counts the failures of the messages being handled again.
type failures struct {
	mu    sync.Mutex
	tries map[string]int // by asideKey
	aside int            // messages set aside since the door opened
}

// asideKey names a message for the failure counts and the store: its
// bounded inbound key, or for a message without an id the hash of what it
// says and who said it.
func asideKey(in wire.Inbound) string {
	if k := KeyOf(in); k != "" {
		return k
	}
	sum := sha256.Sum256([]byte(in.Transport + "\x00" + in.From + "\x00" + in.Chat + "\x00" + in.Text))
	return in.Transport + ":text:" + hex.EncodeToString(sum[:])
}

// failed counts one failure of the message and reports whether it is the
// one to set it aside.
func (f *failures) failed(key string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.tries == nil || len(f.tries) >= maxFailing {
		f.tries = map[string]int{}
	}
	f.tries[key]++
	return f.tries[key] >= AsideAfter
}

// forget drops the count of a message handled at last, or set aside.
func (f *failures) forget(key string, aside bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.tries, key)
	if aside {
		f.aside++
	}
}

// SetAside is how many messages the door has set aside since it opened.
func (d *Door) SetAside() int {
	d.failing.mu.Lock()
	defer d.failing.mu.Unlock()
	return d.failing.aside
}

// counted passes on Handle's outcome err for the message, counting it as a
// failure when it is one; the message that fails AsideAfter times is set
// aside, and then Handle reports it handled.
func (d *Door) counted(ctx context.Context, in wire.Inbound, err error) error {
	key := asideKey(in)
	switch {
	case err == nil:
		d.failing.forget(key, false)
		return nil
	case ctx.Err() != nil, errors.Is(err, wire.ErrClosed), store.IsFault(err):
		return err
	case !d.failing.failed(key):
		d.log.Warn("handle failed; the transport will deliver the message again", "transport", in.Transport, "key", key, "err", err)
		return err
	}
	if serr := d.setAside(in, key, err); serr != nil {
		return errors.Join(err, serr)
	}
	d.failing.forget(key, true)
	return nil
}

// aside is a message set aside as the store keeps it.
type aside struct {
	Inbound wire.Inbound `json:"inbound"`
	Err     string       `json:"err"`
}

// setAside keeps the message under its key, marks it seen and logs it.
func (d *Door) setAside(in wire.Inbound, key string, cause error) error {
	raw, err := json.Marshal(aside{Inbound: in, Err: cause.Error()})
	if err != nil {
		return err
	}
	err = d.db.Update(func(tx *store.Tx) error {
		if k := KeyOf(in); k != "" {
			if err := tx.MarkSeen(k); err != nil {
				return err
			}
		}
		return tx.SetCursor("aside "+key, raw)
	})
	if err == nil {
		d.log.Error("handle: message set aside after failing every time; kept in the store", "transport", in.Transport,
			"key", key, "tries", AsideAfter, "err", cause)
	}
	return err
}
