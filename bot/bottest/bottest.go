// Package bottest is an in-memory wire.Transport for tests. Tests make
// Inbounds with Private and Group, hand them to the bot (bot.Handle, or
// Push for a running bot), and read what was sent with Sent and To.
// Failures are injected with Fail; a group's administrators are set with
// SetAdmin.
package bottest

import (
	"context"
	"fmt"
	"sync"
	"umpire/bot/wire"
)

// Transport records what is sent and delivers what is pushed. It is safe
// for concurrent use.
type Transport struct {
	name  string
	inbox chan wire.Inbound

	mu     sync.Mutex
	sent   []wire.Message
	next   int
	fail   func(m wire.Message) error
	admins map[[2]string]bool // chat and user, for Administers
}

var _ wire.Transport = (*Transport)(nil)
var _ wire.Limited = (*Transport)(nil)
var _ wire.Administered = (*Transport)(nil)

// SetAdmin makes user an administrator of chat (admin), or none.
func (t *Transport) SetAdmin(chat, user string, admin bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.admins == nil {
		t.admins = map[[2]string]bool{}
	}
	t.admins[[2]string{chat, user}] = admin
}

// Administers reports whether SetAdmin made user an administrator of
// chat.
func (t *Transport) Administers(_ context.Context, chat, user string) (bool, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.admins[[2]string{chat, user}], nil
}

// New makes a transport with a name ("test" when empty).
func New(name string) *Transport {
	if name == "" {
		name = "test"
	}
	return &Transport{name: name, inbox: make(chan wire.Inbound, 64)}
}

// Name is the transport's name.
func (t *Transport) Name() string { return t.name }

// Limits are none: tests do not wait.
func (t *Transport) Limits() wire.Limits { return wire.NoLimits }

// Receive hands pushed messages to h until ctx is done or Close is called.
func (t *Transport) Receive(ctx context.Context, h wire.Handler) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		case in, ok := <-t.inbox:
			if !ok {
				return nil
			}
			if err := h.Handle(ctx, in); err != nil {
				return err
			}
		}
	}
}

// Push queues a message for Receive.
func (t *Transport) Push(in wire.Inbound) { t.inbox <- in }

// Close ends Receive once the pushed messages are handled.
func (t *Transport) Close() { close(t.inbox) }

// Send records m, unless the function given to Fail fails it.
func (t *Transport) Send(ctx context.Context, m wire.Message) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.fail != nil {
		if err := t.fail(m); err != nil {
			return err
		}
	}
	t.sent = append(t.sent, m)
	return nil
}

// Fail makes Send return f(m) for each message; nil from f sends it.
func (t *Transport) Fail(f func(m wire.Message) error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.fail = f
}

// Private makes a message from user `from` in its private chat, with a new
// id; the user's display name is its id.
func (t *Transport) Private(from, text string) wire.Inbound {
	return wire.Inbound{Transport: t.name, From: from, Chat: from, Text: text, ID: t.id(), Private: true, Name: from}
}

// Group makes a message from user `from` in group chat `chat`.
func (t *Transport) Group(chat, from, text string) wire.Inbound {
	return wire.Inbound{Transport: t.name, From: from, Chat: chat, Text: text, ID: t.id(), Name: from}
}

func (t *Transport) id() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.next++
	return fmt.Sprint(t.next)
}

// Addr is the address of id on this transport.
func (t *Transport) Addr(id string) wire.Address { return wire.Address{Transport: t.name, ID: id} }

// Sent returns every message sent so far.
func (t *Transport) Sent() []wire.Message {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]wire.Message(nil), t.sent...)
}

// To returns the messages sent to id so far.
func (t *Transport) To(id string) []wire.Message {
	var out []wire.Message
	for _, m := range t.Sent() {
		if m.To == wire.Address(t.Addr(id)) {
			out = append(out, m)
		}
	}
	return out
}

// Last returns the last message sent to id, or the zero Message.
func (t *Transport) Last(id string) wire.Message {
	ms := t.To(id)
	if len(ms) == 0 {
		return wire.Message{}
	}
	return ms[len(ms)-1]
}

// Reset forgets what was sent.
func (t *Transport) Reset() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.sent = nil
}
