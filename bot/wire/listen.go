package wire

import (
	"fmt"
	"net"
	"strconv"
	"strings"
)

// Where servers listen. Every HTTP server of the umpire (the Telegram
// webhook, the Mini App, the one-click unsubscribe, the operator's
// health and metrics) is meant to sit behind a reverse proxy on the same
// machine, so an address that names no host listens on loopback only:
// ":8444" (or "8444") is 127.0.0.1:8444. To listen on every interface the
// operator names the host: "0.0.0.0:8444" or "[::]:8444".

// ListenAddr is the address a server given addr listens on: addr with
// 127.0.0.1 for a missing host. It refuses an address without a valid
// port.
func ListenAddr(addr string) (string, error) {
	if !strings.Contains(addr, ":") {
		addr = ":" + addr
	}
	host, port, err := net.SplitHostPort(addr)
	if n, perr := strconv.Atoi(port); err != nil || perr != nil || n < 0 || n > 65535 {
		return "", fmt.Errorf("listen address %q: want a port or host:port, as :8444 (loopback) or 0.0.0.0:8444 (every interface)", addr)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port), nil
}

// Listen listens on TCP at ListenAddr(addr).
func Listen(addr string) (net.Listener, error) {
	a, err := ListenAddr(addr)
	if err != nil {
		return nil, err
	}
	return net.Listen("tcp", a)
}

// Loopback reports whether a server at addr (as ListenAddr reads it)
// listens on loopback only: its host is localhost or a loopback address.
// A host name other than localhost is not taken for loopback, since it
// may resolve to anything.
func Loopback(addr string) bool {
	a, err := ListenAddr(addr)
	if err != nil {
		return false
	}
	host, _, _ := net.SplitHostPort(a)
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
