package wire

import (
	"context"
	"net/http"
	"testing"
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
