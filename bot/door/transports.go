package door

import (
	"context"
	"sync"

	"umpire/bot/wire"
)

// Transports records the transports the umpire sends through, by name,
// with what each can do: the door asks whether it may write first to a
// sender; the bot, where an invitation can go and who administers a
// group. Safe for concurrent use.
type Transports struct {
	mu     sync.Mutex
	feats  map[string]wire.Features
	admins map[string]wire.Administered
}

// Add records a transport and its features, and whether it knows a
// group's administrators (wire.Administered).
func (t *Transports) Add(tr wire.Transport, f wire.Features) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.feats == nil {
		t.feats, t.admins = map[string]wire.Features{}, map[string]wire.Administered{}
	}
	t.feats[tr.Name()] = f
	if a, ok := tr.(wire.Administered); ok {
		t.admins[tr.Name()] = a
	}
}

// Administers reports whether user administers chat, both on the same
// transport (wire.Administered); nobody does on a transport that cannot
// tell, nor across transports.
func (t *Transports) Administers(ctx context.Context, chat, user wire.Address) (bool, error) {
	t.mu.Lock()
	a := t.admins[chat.Transport]
	t.mu.Unlock()
	if a == nil || user.Transport != chat.Transport {
		return false, nil
	}
	return a.Administers(ctx, chat.ID, user.ID)
}

// Has reports whether the umpire sends through a transport of that name.
func (t *Transports) Has(name string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	_, ok := t.feats[name]
	return ok
}

// Features are the features of the transport of that name, none for one
// the umpire does not send through.
func (t *Transports) Features(name string) wire.Features {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.feats[name]
}

// WritesFirst reports whether the umpire may write first to someone on a
// transport: not where a seat is taken through a deep link (Telegram),
// where a bot may write only to those who wrote to it.
func (t *Transports) WritesFirst(name string) bool { return t.Features(name).Link == nil }

// KeyAddress is the address that carries a seat key on a transport, nil
// where keys are not carried in addresses.
func (t *Transports) KeyAddress(name string) func(string) string { return t.Features(name).KeyAddress }
