package wire

import (
	"net"
	"testing"
)

// An address without a host listens on loopback; a named host is kept;
// a bad port is refused.
func TestListenAddr(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in, want string
		loopback bool
	}{
		{":8444", "127.0.0.1:8444", true},
		{"8444", "127.0.0.1:8444", true},
		{"127.0.0.1:8443", "127.0.0.1:8443", true},
		{"localhost:8025", "localhost:8025", true},
		{"[::1]:9100", "[::1]:9100", true},
		{"0.0.0.0:8444", "0.0.0.0:8444", false},
		{"[::]:8444", "[::]:8444", false},
		{"192.0.2.7:80", "192.0.2.7:80", false},
		{"umpire.example:80", "umpire.example:80", false},
		{":http", "", false},
		{":70000", "", false},
		{"", "", false},
	} {
		got, err := ListenAddr(tt.in)
		if got != tt.want || (err != nil) != (tt.want == "") {
			t.Errorf("ListenAddr(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
		if l := Loopback(tt.in); l != tt.loopback {
			t.Errorf("Loopback(%q) = %v; want %v", tt.in, l, tt.loopback)
		}
	}
}

// A URL is shown by its scheme and host alone.
func TestShownURL(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ in, want string }{
		{"http://hook:hookpw9@umpire.test/telegram/HOOKPATH7731", "http://umpire.test/…"},
		{"https://umpire.example", "https://umpire.example"},
		{"https://umpire.example/", "https://umpire.example"},
		{"https://umpire.example:8443/app/?x=1#y", "https://umpire.example:8443/…"},
		{"https://umpire.example?token=1", "https://umpire.example/…"},
		{"imap+plain://umpire%40example.net:pw@127.0.0.1:143/INBOX", "imap+plain://127.0.0.1:143/…"},
		{"https://api.telegram.org/bot123:SECRET/getMe", "https://api.telegram.org/…"},
		{"umpire.test/telegram/HOOKPATH7731", "(not a URL with a host)"},
		{"mailto:hook:pw@umpire.test", "(not a URL with a host)"},
		{"http://[::1", "(not a URL with a host)"},
		{"", "(not a URL with a host)"},
	} {
		if got := ShownURL(tt.in); got != tt.want {
			t.Errorf("ShownURL(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

// A server given a port alone listens on loopback.
func TestListenLoopback(t *testing.T) {
	t.Parallel()
	ln, err := Listen(":0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	if a := ln.Addr().(*net.TCPAddr); !a.IP.IsLoopback() {
		t.Errorf("Listen(\":0\") listens on %s; want loopback", a)
	}
}
