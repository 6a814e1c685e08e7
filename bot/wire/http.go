package wire

import (
	"context"
	"net"
	"net/http"
	"time"
)

// HTTPLimits bound what one client may hold of an HTTP server the umpire
// runs (the Telegram webhook, the one-click unsubscribe, and any added
// later): anyone on the network can open connections to it, and the
// process's file descriptors are shared with the mail, the database and
// the Bot API. The zero value of a field is its default.
type HTTPLimits struct {
	ReadHeader time.Duration // to read a request's headers; 10 s
	Read       time.Duration // to read a whole request; 30 s
	// Write bounds the time from the end of the request's headers to the
	// end of the answer: a webhook's answer waits for its update to be
	// handled; 60 s.
	Write time.Duration
	Idle  time.Duration // a kept-alive connection with no request; 30 s
	// Header bounds a request's header bytes; 16 KiB.
	Header int
	// Conns caps the connections served at once; past it a new one waits
	// to be accepted until another closes; from half of it on, answers
	// close their connections (conncap.go); 256.
	Conns int
}

// DefaultHTTPLimits are the limits of every HTTP server of the umpire.
var DefaultHTTPLimits = HTTPLimits{ReadHeader: 10 * time.Second, Read: 30 * time.Second,
	Write: 60 * time.Second, Idle: 30 * time.Second, Header: 16 << 10, Conns: 256}

// orDefault fills the zero fields of l from DefaultHTTPLimits.
func (l HTTPLimits) orDefault() HTTPLimits {
	d := DefaultHTTPLimits
	pick := func(v, def time.Duration) time.Duration {
		if v > 0 {
			return v
		}
		return def
	}
	l.ReadHeader, l.Read, l.Write, l.Idle = pick(l.ReadHeader, d.ReadHeader), pick(l.Read, d.Read), pick(l.Write, d.Write), pick(l.Idle, d.Idle)
	if l.Header <= 0 {
		l.Header = d.Header
	}
	if l.Conns <= 0 {
		l.Conns = d.Conns
	}
	return l
}

// HTTPServer is a server of h with the limits l (zero fields: the
// defaults), whose requests' contexts derive from ctx.
func HTTPServer(ctx context.Context, h http.Handler, l HTTPLimits) *http.Server {
	l = l.orDefault()
	return &http.Server{Handler: closeWhenCrowded(h), ReadHeaderTimeout: l.ReadHeader, ReadTimeout: l.Read,
		WriteTimeout: l.Write, IdleTimeout: l.Idle, MaxHeaderBytes: l.Header,
		BaseContext: func(net.Listener) context.Context { return ctx }, ConnContext: connContext}
}

// LimitListener caps the connections accepted from ln and not yet closed
// at l.Conns (zero: the default); on it a server of HTTPServer keeps
// connections alive only while fewer than half are open (conncap.go).
func LimitListener(ln net.Listener, l HTTPLimits) net.Listener {
	return newCapListener(ln, l.orDefault().Conns)
}
