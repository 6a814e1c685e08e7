package wire

import (
	"context"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
)

// The connection cap. A server made by HTTPServer, serving on a listener
// made by LimitListener, holds at most HTTPLimits.Conns connections at
// once; past that a new one waits to be accepted until another closes.
// Once half of them are open, every answer closes its connection (it says
// "Connection: close", so a client knows not to send on it again): idle
// connections, kept alive between requests, then hold at most about half
// the cap, and the other half serves requests, however many connections
// one client opens and leaves idle. What one client may hold of the
// requests in flight is each server's own affair (the Mini App counts its
// users' requests; the webhook has one client, Telegram; the unsubscribe
// endpoint answers at once).

// capListener is a listener that caps its open connections.
type capListener struct {
	net.Listener
	places chan struct{} // a token per connection open or being accepted
	open   atomic.Int64  // connections accepted and not yet closed
	done   chan struct{} // closed with the listener
	once   sync.Once
}

// capConn is a connection of a capListener.
type capConn struct {
	net.Conn
	l    *capListener
	once sync.Once
}

func newCapListener(ln net.Listener, max int) *capListener {
	return &capListener{Listener: ln, places: make(chan struct{}, max), done: make(chan struct{})}
}

// Accept waits for a place, then accepts a connection.
func (l *capListener) Accept() (net.Conn, error) {
	select {
	case l.places <- struct{}{}:
	case <-l.done:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.places
		return nil, err
	}
	l.open.Add(1)
	return &capConn{Conn: c, l: l}, nil
}

// Close closes the listener; open connections stay open.
func (l *capListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// crowded reports whether half the places or more are held.
func (l *capListener) crowded() bool { return 2*l.open.Load() >= int64(cap(l.places)) }

// Close closes the connection and frees its place, once.
func (c *capConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		c.l.open.Add(-1)
		<-c.l.places
	})
	return err
}

// listenerKey is the request context's key of a request's capListener.
type listenerKey struct{}

// connContext puts a connection's capListener in its requests' context
// (http.Server.ConnContext).
func connContext(ctx context.Context, c net.Conn) context.Context {
	if cc, ok := c.(*capConn); ok {
		return context.WithValue(ctx, listenerKey{}, cc.l)
	}
	return ctx
}

// closeWhenCrowded has h answer, and closes the connection after the
// answer when its listener is crowded.
func closeWhenCrowded(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if l, ok := r.Context().Value(listenerKey{}).(*capListener); ok && l.crowded() {
			w.Header().Set("Connection", "close")
		}
		h.ServeHTTP(w, r)
	})
}
