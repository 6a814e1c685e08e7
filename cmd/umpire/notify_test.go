package main

import (
	"context"
	"log/slog"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"umpire/store"
)

// TestNotifyProtocol listens where systemd would and reads what the umpire
// says: READY=1, WATCHDOG=1 at half WATCHDOG_USEC, STOPPING=1.
func TestNotifyProtocol(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	sock := filepath.Join(dir, "notify")
	ln, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: sock, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	db, err := store.Open(filepath.Join(dir, "u.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	env := map[string]string{"NOTIFY_SOCKET": sock, "WATCHDOG_USEC": "20000"}
	stop := startNotify(context.Background(), func(k string) string { return env[k] }, db, slog.New(slog.DiscardHandler))
	read := func() string {
		ln.SetReadDeadline(time.Now().Add(10 * time.Second))
		buf := make([]byte, 256)
		n, err := ln.Read(buf)
		if err != nil {
			t.Fatal(err)
		}
		return string(buf[:n])
	}
	if got := read(); got != "READY=1" {
		t.Fatalf("first datagram %q; want READY=1", got)
	}
	for range 2 {
		if got := read(); got != "WATCHDOG=1" {
			t.Fatalf("datagram %q; want WATCHDOG=1", got)
		}
	}
	stop()
	for got := read(); got != "STOPPING=1"; got = read() {
		if !strings.HasPrefix(got, "WATCHDOG") {
			t.Fatalf("datagram %q; want STOPPING=1", got)
		}
	}
	if d := watchdog(func(k string) string { return map[string]string{"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"}[k] }); d != 0 {
		t.Errorf("a watchdog for another process: %v", d)
	}
}
