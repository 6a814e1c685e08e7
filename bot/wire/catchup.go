package wire

import "sync"

// CatchingUp is implemented by a transport that can tell when it has
// handed the bot every message that waited while the umpire was down
// (Telegram's pending updates, the mailbox's new mails). The bot starts
// the games' clocks only once each such transport has, so that a move sent
// in time is read before the clock could rule its player out of time.
type CatchingUp interface {
	// CaughtUp is closed once the messages that waited are handled.
	CaughtUp() <-chan struct{}
}

// CatchUp implements CatchingUp for a transport to embed; the transport
// calls MarkCaughtUp once the messages that waited are handled. The zero
// value is ready to use, and safe for concurrent use.
type CatchUp struct {
	mu   sync.Mutex
	ch   chan struct{}
	done bool
}

// CaughtUp is closed once MarkCaughtUp has been called.
func (c *CatchUp) CaughtUp() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ch == nil {
		c.ch = make(chan struct{})
	}
	return c.ch
}

// MarkCaughtUp closes CaughtUp's channel; calls after the first do nothing.
func (c *CatchUp) MarkCaughtUp() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ch == nil {
		c.ch = make(chan struct{})
	}
	if !c.done {
		c.done = true
		close(c.ch)
	}
}
