package wire

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"slices"
	"testing"
	"time"
)

// Every server the umpire runs has every limit: a zero field takes the
// default, a set one is kept.
func TestHTTPServerLimits(t *testing.T) {
	srv := HTTPServer(context.Background(), http.NotFoundHandler(), HTTPLimits{Idle: 7})
	d := DefaultHTTPLimits
	if srv.IdleTimeout != 7 || srv.ReadHeaderTimeout != d.ReadHeader || srv.ReadTimeout != d.Read ||
		srv.WriteTimeout != d.Write || srv.MaxHeaderBytes != d.Header {
		t.Errorf("server limits %v %v %v %v %v; want idle 7 and the defaults %+v",
			srv.IdleTimeout, srv.ReadHeaderTimeout, srv.ReadTimeout, srv.WriteTimeout, srv.MaxHeaderBytes, d)
	}
	for _, l := range []HTTPLimits{{}, DefaultHTTPLimits} {
		if got := l.orDefault(); got != DefaultHTTPLimits {
			t.Errorf("%+v with defaults = %+v", l, got)
		}
	}
}

// Idle connections hold at most half of a server's cap: of six clients
// that each make a request and keep their connection open, the server of
// four connections keeps the first alive and closes the others after
// their answer (Connection: close), and a seventh is served.
func TestIdleHoldsHalf(t *testing.T) {
	t.Parallel()
	l := HTTPLimits{Conns: 4, Idle: time.Hour}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := HTTPServer(context.Background(), http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "ok") }), l)
	go srv.Serve(LimitListener(ln, l))
	defer srv.Close()
	var kept []bool
	for range 6 {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		c.SetDeadline(time.Now().Add(time.Minute)) // against a hang, not a measure
		io.WriteString(c, "GET / HTTP/1.1\r\nHost: umpire\r\n\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		kept = append(kept, !resp.Close)
	}
	if want := []bool{true, false, false, false, false, false}; !slices.Equal(kept, want) {
		t.Errorf("connections kept alive: %v; want %v", kept, want)
	}
	guard, stop := context.WithTimeout(context.Background(), time.Minute) // against a hang, not a measure
	defer stop()
	req, _ := http.NewRequestWithContext(guard, http.MethodGet, "http://"+ln.Addr().String()+"/", nil)
	resp, err := (&http.Client{Transport: &http.Transport{DisableKeepAlives: true}}).Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("a seventh client: %v, %v", resp, err)
	}
	resp.Body.Close()
}
