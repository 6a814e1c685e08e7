package main

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"umpire/bot/telegram/tgtest"
	"umpire/internal/testkit"
)

// TestDoctorTelegram runs `umpire doctor` against the fake Bot API: good
// settings pass with privacy mode said; privacy off and a webhook set are
// warned of; a wrong token and an http Mini App fail the run; no line holds
// the token.
func TestDoctorTelegram(t *testing.T) {
	t.Parallel()
	srv := tgtest.New("")
	defer srv.Close()
	db := filepath.Join(t.TempDir(), "u.db")
	doctor := func(env map[string]string) (string, error) {
		var out, errs testkit.SyncBuffer
		err := run(context.Background(), []string{"doctor", "-db", db}, strings.NewReader(""), &out, &errs,
			func(k string) string { return env[k] })
		if strings.Contains(out.String()+errs.String(), srv.Token) {
			t.Errorf("doctor printed the token:\n%s", out.String())
		}
		return out.String(), err
	}
	good := map[string]string{"TELEGRAM_TOKEN": srv.Token, "TELEGRAM_API_URL": srv.URL}
	out, err := doctor(good)
	if err != nil || !has(out, "ok", "telegram token", "@"+srv.Bot.Username) ||
		!strings.Contains(out, "group privacy mode is on") || !strings.Contains(out, "does not exist yet") {
		t.Errorf("good settings: %v\n%s", err, out)
	}
	srv.Bot.CanReadAllGroupMessages = true
	if _, err := doctorWebhook(srv); err != nil {
		t.Fatal(err)
	}
	out, err = doctor(good)
	if err != nil || !has(out, "warn", "telegram privacy", "off") || !has(out, "warn", "telegram webhook", "old.example") {
		t.Errorf("privacy off, a webhook set: %v\n%s", err, out)
	}
	bad := map[string]string{"TELEGRAM_TOKEN": "42:wrong", "TELEGRAM_API_URL": srv.URL}
	if out, err := doctor(bad); err == nil || !has(out, "FAIL", "telegram token", "TELEGRAM_TOKEN") {
		t.Errorf("a wrong token: %v\n%s", err, out)
	}
	app := map[string]string{"TELEGRAM_TOKEN": srv.Token, "TELEGRAM_API_URL": srv.URL, "TELEGRAM_WEBAPP_URL": "http://umpire.example/app/"}
	if out, err := doctor(app); err == nil || !strings.Contains(out, "TELEGRAM_WEBAPP_URL") {
		t.Errorf("an http Mini App: %v\n%s", err, out)
	}
}

// doctorWebhook sets a webhook at the fake Bot API, as another program
// might have.
func doctorWebhook(srv *tgtest.Server) (*http.Response, error) {
	resp, err := http.PostForm(srv.URL+"/bot"+srv.Token+"/setWebhook", url.Values{"url": {"https://old.example/hook"}})
	if err == nil {
		resp.Body.Close()
	}
	return resp, err
}

// has reports whether a line of the doctor's says level, check and words.
func has(out, level, check, words string) bool {
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		if len(f) > 2 && f[0] == level && strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(l, level)), check) && strings.Contains(l, words) {
			return true
		}
	}
	return false
}

// No URL is printed whole: doctor and serve show a refused webhook URL,
// and the webhook another program set at Telegram, by scheme and host
// alone, never their user, password or secret path.
func TestDoctorRedaction(t *testing.T) {
	t.Parallel()
	srv := tgtest.New("")
	defer srv.Close()
	db := filepath.Join(t.TempDir(), "u.db")
	secrets := []string{"hook:", "hookpw9", "HOOKPATH7731", "/telegram/"}
	// umpire runs a subcommand; it returns what it printed (stdout first)
	// and its error, after checking that nothing shows a secret.
	umpire := func(env func(string) string, cmd string) (string, error) {
		t.Helper()
		var out, errs testkit.SyncBuffer
		err := run(context.Background(), []string{cmd, "-db", db}, strings.NewReader(""), &out, &errs, env)
		all := out.String() + errs.String() + fmt.Sprint(err)
		for _, s := range secrets {
			if strings.Contains(all, s) {
				t.Errorf("%s shows %q:\n%s", cmd, s, all)
			}
		}
		return out.String(), err
	}
	bad := getenv("TELEGRAM_TOKEN", srv.Token, "TELEGRAM_API_URL", srv.URL,
		"TELEGRAM_WEBHOOK_URL", "http://hook:hookpw9@umpire.test/telegram/HOOKPATH7731")
	if out, err := umpire(bad, "doctor"); err == nil || !has(out, "FAIL", "telegram settings", "TELEGRAM_WEBHOOK_URL http://umpire.test/… is not an https URL") {
		t.Errorf("doctor with an http webhook URL: %v\n%s", err, out)
	}
	if _, err := umpire(bad, "serve"); err == nil {
		t.Fatal("serve started with an http webhook URL")
	}
	resp, err := http.PostForm(srv.URL+"/bot"+srv.Token+"/setWebhook", url.Values{"url": {"https://hook:hookpw9@old.example/telegram/HOOKPATH7731"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if out, _ := umpire(getenv("TELEGRAM_TOKEN", srv.Token, "TELEGRAM_API_URL", srv.URL), "doctor"); !has(out, "warn", "telegram webhook", "(https://old.example/…)") {
		t.Errorf("doctor with a webhook set at Telegram:\n%s", out)
	}
}
