package door

import (
	"sync"

	"umpire/bot/wire"
)

// Transports records the transports the umpire sends through, by name,
// with what each can do: the door asks whether it may write first to a
// sender; the bot, where an invitation can go. Safe for concurrent use.
type Transports struct {
	mu    sync.Mutex
	feats map[string]wire.Features
}

// Add records a transport and its features.
func (t *Transports) Add(name string, f wire.Features) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.feats == nil {
		t.feats = map[string]wire.Features{}
	}
	t.feats[name] = f
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
