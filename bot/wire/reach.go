package wire

import (
	"errors"
	"sync"
)

// Readier is a transport that knows whether it reaches its server now, for
// the operator's /readyz: nil when its last call to its server worked.
type Readier interface {
	Ready() error
}

// errNotYet is Ready's answer before the transport reached its server.
var errNotYet = errors.New("not connected yet")

// Reach implements Readier for a transport to embed: the transport calls
// Reached with the outcome of each call to its server that tells (a poll,
// a login, an IDLE begun). The zero value is not ready; safe for
// concurrent use.
type Reach struct {
	mu   sync.Mutex
	err  error
	seen bool
}

// Reached records the outcome of a call to the server.
func (r *Reach) Reached(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.err, r.seen = err, true
}

// Ready is nil when the last call recorded worked.
func (r *Reach) Ready() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.seen {
		return errNotYet
	}
	return r.err
}
