package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"umpire/store"
)

// systemd's notify protocol (sd_notify(3)), without cgo: under a unit of
// Type=notify, systemd gives the address of a datagram socket in
// NOTIFY_SOCKET; the umpire sends READY=1 once it serves, STOPPING=1 when
// it stops, and, where the unit has WatchdogSec (WATCHDOG_USEC), WATCHDOG=1
// at half that interval while its database takes writes, so that systemd
// restarts an umpire that hangs. Without NOTIFY_SOCKET nothing is sent.

// notifier sends to systemd's notify socket.
type notifier struct {
	conn *net.UnixConn
	log  *slog.Logger
}

// newNotifier dials NOTIFY_SOCKET; nil when it is unset or unusable.
func newNotifier(getenv func(string) string, log *slog.Logger) *notifier {
	addr := getenv("NOTIFY_SOCKET")
	if addr == "" {
		return nil
	}
	if strings.HasPrefix(addr, "@") { // an abstract socket
		addr = "\x00" + addr[1:]
	}
	conn, err := net.DialUnix("unixgram", nil, &net.UnixAddr{Name: addr, Net: "unixgram"})
	if err != nil {
		log.Warn("systemd: cannot reach NOTIFY_SOCKET", "err", err)
		return nil
	}
	return &notifier{conn: conn, log: log}
}

// send sends one state line ("READY=1").
func (n *notifier) send(state string) {
	if n == nil {
		return
	}
	if _, err := n.conn.Write([]byte(state)); err != nil {
		n.log.Warn("systemd: notify failed", "state", state, "err", err)
	}
}

// watchdog is the interval of WATCHDOG=1, half of WATCHDOG_USEC; 0 when
// the unit has no watchdog or it is meant for another process.
func watchdog(getenv func(string) string) time.Duration {
	usec, err := strconv.ParseInt(getenv("WATCHDOG_USEC"), 10, 64)
	if err != nil || usec <= 0 {
		return 0
	}
	if pid := getenv("WATCHDOG_PID"); pid != "" && pid != strconv.Itoa(os.Getpid()) {
		return 0
	}
	return time.Duration(usec) * time.Microsecond / 2
}

// startNotify tells systemd that the umpire is ready and keeps its watchdog
// fed until ctx is done or stop is called; stop says STOPPING=1 and waits
// for the feeder.
func startNotify(ctx context.Context, getenv func(string) string, db *store.DB, log *slog.Logger) (stop func()) {
	n := newNotifier(getenv, log)
	if n == nil {
		return func() {}
	}
	n.send("READY=1")
	ctx, cancel := context.WithCancel(ctx)
	var feeding sync.WaitGroup
	if every := watchdog(getenv); every > 0 {
		feeding.Go(func() {
			tick := time.NewTicker(every)
			defer tick.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-tick.C:
				}
				if err := db.Ping(time.Now()); err != nil && !errors.Is(err, store.ErrClosed) {
					log.Error("systemd: the database takes no writes; not feeding the watchdog", "err", err)
					continue
				}
				n.send("WATCHDOG=1")
			}
		})
	}
	return func() {
		n.send("STOPPING=1")
		cancel()
		feeding.Wait()
		n.conn.Close()
	}
}
