package main

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"umpire/internal/testkit"
)

// Every server behind the operator's proxy listens on loopback unless its
// address names a host: by default, and given a port alone.
func TestDefaultListenAddresses(t *testing.T) {
	t.Parallel()
	base := []string{"TELEGRAM_TOKEN", "42:abcdef", "TELEGRAM_WEBHOOK_URL", "https://umpire.example/hook", "TELEGRAM_WEBAPP_URL", "https://umpire.example/app/",
		"IMAP_URL", "imaps://u:p@mail.example/INBOX", "SMTP_URL", "smtps://u:p@mail.example", "MAIL_FROM", "umpire@example.org",
		"MAIL_UNSUBSCRIBE_URL", "https://umpire.example/unsubscribe"}
	for _, tt := range []struct {
		env  []string
		want []string // webhook, Mini App, unsubscribe, health and metrics
	}{
		{[]string{"MAIL_UNSUBSCRIBE_LISTEN", ":8025", "UMPIRE_HTTP_LISTEN", ":9100"},
			[]string{"127.0.0.1:8443", "127.0.0.1:8444", "127.0.0.1:8025", "127.0.0.1:9100"}},
		{[]string{"TELEGRAM_WEBHOOK_LISTEN", ":7443", "TELEGRAM_WEBAPP_LISTEN", "7444", "MAIL_UNSUBSCRIBE_LISTEN", "7025", "UMPIRE_HTTP_LISTEN", "7100"},
			[]string{"127.0.0.1:7443", "127.0.0.1:7444", "127.0.0.1:7025", "127.0.0.1:7100"}},
		{[]string{"TELEGRAM_WEBHOOK_LISTEN", "0.0.0.0:8443", "TELEGRAM_WEBAPP_LISTEN", "[::]:8444", "MAIL_UNSUBSCRIBE_LISTEN", "192.0.2.7:8025", "UMPIRE_HTTP_LISTEN", "[::1]:9100"},
			[]string{"0.0.0.0:8443", "[::]:8444", "192.0.2.7:8025", "[::1]:9100"}},
	} {
		var got []string
		for _, s := range servers(getenv(append(slices.Clone(base), tt.env...)...)) {
			got = append(got, s.addr)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("with %q the servers listen on %q; want %q", tt.env, got, tt.want)
		}
	}
	// -http given a port alone, as serve reads it
	s, err := readSettings([]string{"-http", ":9100"}, &env{getenv: getenv(), stderr: &strings.Builder{}})
	if err != nil || s.http != "127.0.0.1:9100" {
		t.Errorf("-http :9100 listens on %q (%v); want 127.0.0.1:9100", s.http, err)
	}
}

// doctor warns of each server that listens beyond loopback, and says in
// one line where they listen when none does.
func TestDoctorListen(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "u.db")
	doctor := func(kv ...string) string {
		var out, errs testkit.SyncBuffer
		run(context.Background(), []string{"doctor", "-db", db}, strings.NewReader(""), &out, &errs, getenv(kv...))
		return out.String()
	}
	out := doctor("UMPIRE_HTTP_LISTEN", ":9100")
	if !has(out, "ok", "listen", "health and metrics on 127.0.0.1:9100") {
		t.Errorf("a server on loopback:\n%s", out)
	}
	out = doctor("UMPIRE_HTTP_LISTEN", "0.0.0.0:9100")
	if !has(out, "warn", "listen", "beyond loopback, on 0.0.0.0:9100 (UMPIRE_HTTP_LISTEN)") {
		t.Errorf("a server on every interface:\n%s", out)
	}
}
