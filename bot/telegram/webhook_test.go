package telegram

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"umpire/bot/wire"
)

func TestWebhook(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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

// TestWebhookIdleConnections: 600 connections that each sent one refused
// request and then stay open are closed within the idle timeout (at once
// once half the cap is open), and are never more than the cap at once,
// while Telegram's update is still played. (The idle timeout is short
// here; the defaults are in wire.DefaultHTTPLimits.)
func TestWebhookIdleConnections(t *testing.T) {
	t.Parallel()
	const conns, idle, maxConns = 600, 300 * time.Millisecond, 128
	f := newFixture(t)
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := &countingListener{Listener: inner}
	f.tr.webhook = Webhook{URL: "https://umpire.example/telegram", Listener: ln,
		Limits: wire.HTTPLimits{Idle: idle, Conns: maxConns}} // ReadHeader as by default: a client slow to write on a busy machine is not idle
	r := &recorder{}
	stop := f.receive(t, f.tr, r)
	defer stop()
	if _, err := f.srv.WaitWebhook(wait(t)); err != nil {
		t.Fatal(err)
	}
	f.srv.WebhookTarget = "http://" + ln.Addr().String() + "/telegram"

	held := make(chan time.Duration, conns) // how long each stayed open after its answer
	for range conns {
		go func() { held <- holdIdle(ln.Addr().String()) }()
	}
	f.srv.Start(ann)
	f.srv.Private(ann, "e4")
	if err := f.srv.DeliverWebhook(wait(t)); err != nil {
		t.Fatal(err)
	}
	if got := r.inbounds(); len(got) != 2 || got[1].Text != "e4" {
		t.Errorf("handed over %+v beside the idle connections", got)
	}
	longest := time.Duration(0)
	for range conns {
		d := <-held
		if d < 0 {
			t.Fatal("an idle connection was not answered or not closed within 20 s")
		}
		longest = max(longest, d)
	}
	if most := ln.most.Load(); most > maxConns {
		t.Errorf("%d connections were open at once; the cap is %d", most, maxConns)
	}
	if longest > idle+time.Second {
		t.Errorf("an idle connection stayed open %v after its answer; the idle timeout is %v", longest, idle)
	}
	t.Logf("%d idle connections, each closed at most %v after its answer", conns, longest)
}

// holdIdle connects to addr, sends one request without the secret, reads
// its answer and then waits for the server to close the connection. It
// returns how long the connection stayed open after the answer, or -1 when
// nothing came within 20 s.
func holdIdle(addr string) time.Duration {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return -1
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(20 * time.Second))
	if _, err := io.WriteString(c, "POST /telegram HTTP/1.1\r\nHost: umpire\r\nContent-Length: 2\r\n\r\n{}"); err != nil {
		return -1
	}
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusForbidden {
		return -1
	}
	io.Copy(io.Discard, resp.Body)
	answered := time.Now()
	if _, err := br.ReadByte(); err != io.EOF {
		return -1 // the server sent more, or kept it open past the deadline
	}
	return time.Since(answered)
}

// countingListener counts the connections it accepted that are still
// open, and the most at once.
type countingListener struct {
	net.Listener
	open, most atomic.Int64
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	n := l.open.Add(1)
	for m := l.most.Load(); n > m && !l.most.CompareAndSwap(m, n); m = l.most.Load() {
	}
	return &countedConn{Conn: c, l: l}, nil
}

// countedConn counts itself closed once.
type countedConn struct {
	net.Conn
	l    *countingListener
	once sync.Once
}

func (c *countedConn) Close() error {
	c.once.Do(func() { c.l.open.Add(-1) })
	return c.Conn.Close()
}
