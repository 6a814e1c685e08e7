package telegram

import (
	"bytes"
	"context"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"
	"umpire/internal/testkit"

	"umpire/bot"
	"umpire/bot/telegram/tgtest"
	"umpire/bot/wire"
)

func TestFromEnv(t *testing.T) {
	t.Parallel()
	tests := []struct {
		env  map[string]string
		want string // a part of the error, "" for none
	}{
		{map[string]string{"TELEGRAM_TOKEN": "123:abc"}, ""},
		{map[string]string{}, "TELEGRAM_TOKEN is empty"},
		{map[string]string{"TELEGRAM_TOKEN": "no-colon-secret"}, "does not look like a bot token"},
		{map[string]string{"TELEGRAM_TOKEN": "123:abc", "TELEGRAM_API_URL": "ftp://x"}, "TELEGRAM_API_URL"},
		{map[string]string{"TELEGRAM_TOKEN": "123:abc", "TELEGRAM_WEBHOOK_URL": "http://x/hook"}, "https"},
		{map[string]string{"TELEGRAM_TOKEN": "123:abc", "TELEGRAM_WEBHOOK_URL": "https://x/hook", "TELEGRAM_WEBHOOK_SECRET": "a b"}, "TELEGRAM_WEBHOOK_SECRET"},
	}
	for _, tt := range tests {
		_, err := FromEnv(func(k string) string { return tt.env[k] })
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("FromEnv(%v) = %v", tt.env, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("FromEnv(%v) = %v; want %q", tt.env, err, tt.want)
		case err != nil && strings.Contains(err.Error(), "abc"):
			t.Errorf("FromEnv(%v) = %v quotes the token", tt.env, err)
		}
	}
}

func TestEndpoint(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"":                          "https://api.telegram.org/bot%s/%s",
		"http://127.0.0.1:8081/":    "http://127.0.0.1:8081/bot%s/%s",
		"https://proxy.example/tg%": "https://proxy.example/tg%%/bot%s/%s",
	}
	for in, want := range tests {
		if got := endpoint(in); got != want {
			t.Errorf("endpoint(%q) = %q; want %q", in, got, want)
		}
	}
}

// TestTokenNeverLogged makes the API unreachable in every way it can be
// and checks that neither the errors nor the log lines hold the token.
func TestTokenNeverLogged(t *testing.T) {
	t.Parallel()
	const token = "987654321:AAHsecret-Token_never-shown"
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close() // nothing listens there now
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	giveUp := func(context.Context, time.Duration) error { return context.Canceled } // after one retry
	_, err = New(ctx, Config{Token: token, APIURL: closed, Cursor: bot.Cursors(openDB(t, t.TempDir()+"/db")), Words: words, Log: log, Sleep: giveUp})
	if err == nil {
		t.Fatal("New reached a closed port")
	}
	checkNoToken(t, "New's error", err.Error(), token)
	checkNoToken(t, "New's log", logs.String(), token)

	// A server that knows the bot, then goes away while it polls.
	srv := tgtest.New(token)
	f := &fixture{srv: srv, logs: &testkit.SyncBuffer{}, sleeps: &sleeps{}}
	f.db = openDB(t, t.TempDir()+"/db2")
	tr := f.transport(t)
	srv.Close()
	stop := f.receive(t, tr, &recorder{})
	if err := f.sleeps.waitFor(ctx, 3); err != nil { // three failed polls, each logged
		t.Fatal(err)
	}
	stop()
	if !strings.Contains(f.logs.String(), "receive failed") {
		t.Fatalf("no failure logged: %s", f.logs.String())
	}
	checkNoToken(t, "the log", f.logs.String(), token)
	checkNoToken(t, "the log", f.logs.String(), "AAHsecret")
}

func checkNoToken(t *testing.T, what, s, token string) {
	t.Helper()
	if strings.Contains(s, token) {
		t.Errorf("%s holds the token: %s", what, s)
	}
}

func TestMask(t *testing.T) {
	t.Parallel()
	tok := "12:ab/c"
	got := mask("Post \"https://api.telegram.org/bot12:ab/c/getMe\" and 12:ab%2Fc", tok)
	if strings.Contains(got, "ab/c") || strings.Contains(got, "ab%2Fc") {
		t.Errorf("mask left the token: %s", got)
	}
}

func TestNewRetriesUntilTheAPIAnswers(t *testing.T) {
	t.Parallel()
	srv := tgtest.New("")
	defer srv.Close()
	srv.Fail(tgtest.Fault{Method: "getMe", Code: 502, Raw: "<html>Bad Gateway</html>", Times: 2})
	s := &sleeps{}
	tr, err := New(context.Background(), Config{Token: srv.Token, APIURL: srv.URL, Cursor: bot.Cursors(openDB(t, t.TempDir()+"/db")), Words: words,
		Log: slog.New(slog.DiscardHandler), Sleep: s.sleep})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Username() != "umpire_test_bot" || len(s.all()) != 2 {
		t.Errorf("bot @%s after %d waits", tr.Username(), len(s.all()))
	}
}

func TestTelegramLimits(t *testing.T) {
	t.Parallel()
	rates := func(id string) []wire.Rate { return TelegramLimits.Chat(wire.Address{Transport: Name, ID: id}) }
	if r := rates("1001"); len(r) != 1 || r[0] != (wire.Rate{N: 1, Per: time.Second}) {
		t.Errorf("a private chat's rates = %v", r)
	}
	if r := rates("-4001"); len(r) != 2 || r[1] != (wire.Rate{N: 20, Per: time.Minute}) {
		t.Errorf("a group's rates = %v", r)
	}
	if g := TelegramLimits.Global; len(g) != 1 || g[0] != (wire.Rate{N: 30, Per: time.Second}) {
		t.Errorf("global rates = %v", g)
	}
}
