package telegram

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestWebhook(t *testing.T) {
	f := newFixture(t)
	r := &recorder{}
	hook := httptest.NewServer(f.tr.WebhookHandler(r, "s3cret"))
	defer hook.Close()
	// A post without the secret is refused.
	resp, err := http.Post(hook.URL, "application/json", strings.NewReader(`{"update_id":1}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("post without the secret: %s", resp.Status)
	}
	setHook(t, f, hook.URL, "s3cret")
	f.srv.Start(ann)
	f.srv.Private(ann, "e4")
	if err := f.srv.DeliverWebhook(wait(t)); err != nil {
		t.Fatal(err)
	}
	if got := r.inbounds(); len(got) != 2 || got[1].Text != "e4" || got[1].From != "1001" {
		t.Errorf("handed over %+v", got)
	}
	// With the wrong secret Telegram's posts fail and stay.
	setHook(t, f, hook.URL, "other")
	f.srv.Private(ann, "Nf3")
	if err := f.srv.DeliverWebhook(wait(t)); err == nil || f.srv.Pending() != 1 {
		t.Errorf("delivery with a wrong secret: %v, %d pending", err, f.srv.Pending())
	}
}

// setHook sets the fake server's webhook as setWebhook does.
func setHook(t *testing.T, f *fixture, url, secret string) {
	t.Helper()
	err := f.tr.api.do(wait(t), time.Second, "setWebhook", map[string]string{"url": url, "secret_token": secret}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if u, s := f.srv.Webhook(); u != url || s != secret {
		t.Fatalf("webhook = %q %q", u, s)
	}
}

func TestCommandMenus(t *testing.T) {
	f := newFixture(t)
	f.tr.setCommands(wait(t))
	tests := []struct {
		scope, lang, command, words string
	}{
		{"all_private_chats", "", "resign", "resign the game"},
		{"all_private_chats", "ru", "draw", "предложить или принять ничью"},
		{"all_private_chats", "eo", "board", "via tabulo denove"},
		{"all_group_chats", "en", "new", "make a game: /new kriegspiel"},
		{"all_group_chats", "ru", "watch", "следить за партией: /watch #N"},
	}
	for _, tt := range tests {
		cmds, ok := f.srv.Commands(tt.scope, tt.lang)
		found := false
		for _, c := range cmds {
			found = found || c.Command == tt.command && c.Description == tt.words
		}
		if !ok || !found {
			t.Errorf("menu %s/%s = %v; want /%s %q", tt.scope, tt.lang, cmds, tt.command, tt.words)
		}
	}
	// Nothing that moves is offered in groups.
	group, _ := f.srv.Commands("all_group_chats", "")
	for _, c := range group {
		if c.Command == "resign" || c.Command == "draw" {
			t.Errorf("group menu offers /%s", c.Command)
		}
	}
}

// TestWebhookMode runs Receive in webhook mode behind a pretend proxy: it
// sets the webhook with a secret and serves what Telegram posts.
func TestWebhookMode(t *testing.T) {
	f := newFixture(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f.tr.webhook = Webhook{URL: "https://umpire.example/telegram", Listener: ln}
	r := &recorder{}
	stop := f.receive(t, f.tr, r)
	url, err := f.srv.WaitWebhook(wait(t))
	if err != nil || url != "https://umpire.example/telegram" {
		t.Fatalf("webhook %q, %v", url, err)
	}
	if _, secret := f.srv.Webhook(); len(secret) < 32 {
		t.Errorf("a made-up secret of %d characters", len(secret))
	}
	f.srv.WebhookTarget = "http://" + ln.Addr().String() + "/telegram"
	f.srv.Start(ann)
	f.srv.Private(ann, "e4")
	if err := f.srv.DeliverWebhook(wait(t)); err != nil {
		t.Fatal(err)
	}
	if got := r.inbounds(); len(got) != 2 || got[1].Text != "e4" {
		t.Errorf("handed over %+v", got)
	}
	if err := stop(); err != nil {
		t.Errorf("Receive = %v", err)
	}
}
