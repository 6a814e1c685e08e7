package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"umpire/bot/wire"
	"umpire/internal/metrics"
	"umpire/store"
)

// The operator's endpoints, on UMPIRE_HTTP_LISTEN (-http):
//
//   - /healthz: 200 when the process runs and the database takes a write
//     (store.DB.Ping, committed with fsync); 503 otherwise.
//   - /readyz: 200 when every transport that can tell (wire.Readier)
//     reaches its server now — Telegram's Bot API, the IMAP server logged
//     in and waiting with IDLE; 503 otherwise. Each line names a transport
//     and says ok or what failed.
//   - /metrics: Prometheus's text format (internal/metrics, and the
//     database's gauges).
//
// The answers hold no secret and no player's address.

// opsHandler serves the endpoints for a database and transports.
func opsHandler(db *store.DB, ts []wire.Transport) http.Handler {
	dbReg := prometheus.NewRegistry()
	dbReg.MustRegister(metrics.DBCollector{DB: db})
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		if err := db.Ping(time.Now()); err != nil {
			http.Error(w, "the database takes no writes: "+err.Error(), http.StatusServiceUnavailable)
			return
		}
		fmt.Fprintln(w, "ok")
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		lines, ready := readiness(ts)
		if !ready {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
		fmt.Fprint(w, strings.Join(lines, "\n")+"\n")
	})
	mux.Handle("GET /metrics", promhttp.HandlerFor(prometheus.Gatherers{metrics.Registry, dbReg},
		promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError}))
	return mux
}

// readiness says, one line per transport, whether it reaches its server.
func readiness(ts []wire.Transport) (lines []string, ready bool) {
	ready = true
	for _, t := range ts {
		r, ok := t.(wire.Readier)
		if !ok {
			continue
		}
		if err := r.Ready(); err != nil {
			ready = false
			lines = append(lines, t.Name()+": "+err.Error())
		} else {
			lines = append(lines, t.Name()+": ok")
		}
	}
	sort.Strings(lines)
	if len(lines) == 0 {
		lines = []string{"no transport to reach"}
	}
	return lines, ready
}

// startOps serves the endpoints on addr until ctx is done; wait waits for
// the server to stop. With addr "" it serves nothing.
func startOps(ctx context.Context, addr string, db *store.DB, ts []wire.Transport, log *slog.Logger) (wait func(), err error) {
	if addr == "" {
		return func() {}, nil
	}
	ln, err := wire.Listen(addr)
	if err != nil {
		return nil, fmt.Errorf("UMPIRE_HTTP_LISTEN %s: %w", addr, err)
	}
	var limits wire.HTTPLimits
	srv := wire.HTTPServer(ctx, opsHandler(db, ts), limits)
	var running sync.WaitGroup
	running.Go(func() {
		if err := srv.Serve(wire.LimitListener(ln, limits)); err != nil && err != http.ErrServerClosed {
			log.Error("http: the operator's endpoints stopped", "err", err)
		}
	})
	context.AfterFunc(ctx, func() { srv.Close() })
	log.Info("http: serving /healthz, /readyz, /metrics", "listen", ln.Addr().String())
	return running.Wait, nil
}
