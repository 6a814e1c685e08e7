package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"umpire/bot/telegram/tgtest"
	"umpire/internal/testkit"
)

// TestOpsEndpoints runs `umpire serve -http` against a fake Bot API:
// /healthz answers, /readyz says Telegram is reached, turns false while the
// Bot API fails and true again after; /metrics counts each move once.
//
// Not parallel: the counters are the process's own, and a game played by a
// parallel test would move them between the two readings.
func TestOpsEndpoints(t *testing.T) {
	srv := tgtest.New("")
	defer srv.Close()
	srv.AddUser(tgtest.User{ID: 7, FirstName: "Vera", LanguageCode: "en"})
	srv.AddUser(tgtest.User{ID: 8, FirstName: "Ivo", LanguageCode: "en"})
	env := map[string]string{"TELEGRAM_TOKEN": srv.Token, "TELEGRAM_API_URL": srv.URL, "UMPIRE_LOG_FORMAT": "json"}
	var out, errs testkit.SyncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "-db", filepath.Join(t.TempDir(), "u.db"), "-http", "127.0.0.1:0"},
			strings.NewReader(""), &out, &errs, func(k string) string { return env[k] })
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve = %v", err)
		}
	}()
	base := "http://" + waitLog(t, &errs, regexp.MustCompile(`"listen":"(127\.0\.0\.1:\d+)"`))
	if code, body := fetch(t, base+"/healthz"); code != 200 || body != "ok\n" {
		t.Errorf("healthz: %d %q", code, body)
	}
	waitFor(t, func() bool { code, body := fetch(t, base+"/readyz"); return code == 200 && body == "telegram: ok\n" })

	// a game in private: Vera makes it, Ivo takes Black by the link
	srv.Start(7)
	srv.Private(7, "/new chess")
	wctx, stop := context.WithTimeout(context.Background(), 30*time.Second)
	defer stop()
	sent, err := srv.WaitSent(wctx, 7, 2)
	if err != nil || len(sent[1].Buttons) == 0 {
		t.Fatalf("no invitation: %v %+v", err, sent)
	}
	srv.FollowLink(8, sent[1].Buttons[0][0].URL)
	if _, err := srv.WaitSent(wctx, 8, 1); err != nil {
		t.Fatal(err)
	}
	before := counter(t, base, `umpire_actions_total{variant="chess",verdict="accepted"}`)
	srv.Private(7, "e2e4")
	if _, err := srv.WaitSent(wctx, 8, 2); err != nil {
		t.Fatal(err)
	}
	if after := counter(t, base, `umpire_actions_total{variant="chess",verdict="accepted"}`); after != before+1 {
		t.Errorf("accepted chess moves %v, then %v after one move", before, after)
	}
	if n := counter(t, base, `umpire_messages_sent_total{result="sent",transport="telegram"}`); n < 3 {
		t.Errorf("messages sent by telegram: %v", n)
	}
	if _, body := fetch(t, base+"/metrics"); !strings.Contains(body, "umpire_database_bytes ") || !strings.Contains(body, `umpire_outbox_rows{class="news"}`) {
		t.Errorf("metrics lack the database's gauges:\n%s", body)
	}

	// the Bot API refuses polls for a while: not ready, then ready again
	srv.Fail(tgtest.Fault{Method: "getUpdates", Code: 429, RetryAfter: 2, Times: 2})
	srv.Private(8, "/games") // ends the poll under way; the next one fails
	waitFor(t, func() bool {
		code, body := fetch(t, base+"/readyz")
		return code == 503 && strings.HasPrefix(body, "telegram: ")
	})
	waitFor(t, func() bool { code, _ := fetch(t, base+"/readyz"); return code == 200 })
	if log := errs.String(); !strings.Contains(log, `"level":"INFO"`) || strings.Contains(log, srv.Token) {
		t.Errorf("the log is not JSON, or holds the token:\n%.400s", log)
	}
}

// waitLog waits for a log line matching re and returns its first group.
func waitLog(t *testing.T, log *testkit.SyncBuffer, re *regexp.Regexp) string {
	t.Helper()
	var got string
	waitFor(t, func() bool {
		m := re.FindStringSubmatch(log.String())
		if m != nil {
			got = m[1]
		}
		return m != nil
	})
	return got
}

// waitFor waits up to 20 seconds for cond, looking every 20 ms.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func fetch(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// counter reads one series of /metrics; 0 when absent.
func counter(t *testing.T, base, series string) float64 {
	t.Helper()
	_, body := fetch(t, base+"/metrics")
	for _, line := range strings.Split(body, "\n") {
		if v, ok := strings.CutPrefix(line, series+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatal(fmt.Errorf("%s: %w", line, err))
			}
			return f
		}
	}
	return 0
}
