package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"umpire/bot/telegram/tgtest"
	"umpire/internal/testkit"
)

// TestServeTelegram runs `umpire serve` against a fake Bot API: a user
// starts the bot and makes a game, and hears back; the log never holds
// the token.
func TestServeTelegram(t *testing.T) {
	t.Parallel()
	srv := tgtest.New("")
	defer srv.Close()
	srv.AddUser(tgtest.User{ID: 7, FirstName: "Vera", LanguageCode: "eo"})
	env := map[string]string{"TELEGRAM_TOKEN": srv.Token, "TELEGRAM_API_URL": srv.URL, "UMPIRE_LOG": "debug"}
	var out, errs testkit.SyncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "-db", filepath.Join(t.TempDir(), "u.db")}, strings.NewReader(""), &out, &errs,
			func(k string) string { return env[k] })
	}()
	srv.Start(7)
	srv.Private(7, "/new kriegspiel")
	wait, stop := context.WithTimeout(context.Background(), 30*time.Second)
	defer stop()
	sent, err := srv.WaitSent(wait, 7, 2)
	if err != nil {
		t.Fatalf("%v; log:\n%s", err, errs.String())
	}
	if !strings.Contains(sent[1].Text, "#1") || len(sent[1].Buttons) == 0 {
		t.Errorf("answer to /new = %+v", sent[1])
	}
	if _, ok := srv.Commands("all_private_chats", "eo"); !ok {
		t.Errorf("no command menu in Esperanto")
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("serve = %v", err)
	}
	if log := errs.String(); strings.Contains(log, srv.Token) || !strings.Contains(log, "umpire_test_bot") {
		t.Errorf("log holds the token, or not the bot's name:\n%s", log)
	}
}

func TestServeTelegramRefusesBadToken(t *testing.T) {
	t.Parallel()
	srv := tgtest.New("")
	defer srv.Close()
	env := map[string]string{"TELEGRAM_TOKEN": "42:not-the-right-one", "TELEGRAM_API_URL": srv.URL}
	var out, errs testkit.SyncBuffer
	err := run(context.Background(), []string{"serve", "-db", filepath.Join(t.TempDir(), "u.db")}, strings.NewReader(""), &out, &errs,
		func(k string) string { return env[k] })
	if err == nil || !strings.Contains(err.Error(), "TELEGRAM_TOKEN") || strings.Contains(err.Error(), "not-the-right-one") {
		t.Errorf("serve with a wrong token = %v", err)
	}
}
