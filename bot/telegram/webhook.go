package telegram

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"time"

	"umpire/bot/wire"
)

// Webhook mode. Telegram posts each update to the webhook's URL, one at a
// time (max_connections 1 keeps each chat's order), with the secret token
// in the X-Telegram-Bot-Api-Secret-Token header; a request without it is
// refused. An update is answered 200 only once the bot has handled it, so
// that Telegram posts it again otherwise; the bot finds a repeated update
// seen. No offset is kept: Telegram keeps the updates not yet answered.

// SecretHeader is the header that carries the webhook's secret token.
const SecretHeader = "X-Telegram-Bot-Api-Secret-Token"

// serveWebhook sets the webhook and serves it until ctx is done.
func (t *Transport) serveWebhook(ctx context.Context, h wire.Handler) error {
	secret := t.webhook.Secret
	if secret == "" {
		b := make([]byte, 32)
		rand.Read(b)
		secret = hex.EncodeToString(b)
	}
	ln, err := t.listen()
	if err != nil {
		return err
	}
	srv := wire.HTTPServer(ctx, t.WebhookHandler(h, secret), t.webhook.Limits)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(wire.LimitListener(ln, t.webhook.Limits)) }()
	if err := t.setWebhook(ctx, secret); err != nil || ctx.Err() != nil {
		srv.Close()
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	t.Reached(nil)
	t.MarkCaughtUp() // Telegram pushes what waited as soon as it knows the hook
	select {
	case err = <-served:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	return srv.Shutdown(shut)
}

func (t *Transport) listen() (net.Listener, error) {
	if t.webhook.Listener != nil {
		return t.webhook.Listener, nil
	}
	addr := t.webhook.Listen
	if addr == "" {
		addr = DefaultWebhookListen
	}
	return wire.Listen(addr)
}

// setWebhook tells Telegram where to post, retrying until it succeeds or
// ctx is done.
func (t *Transport) setWebhook(ctx context.Context, secret string) error {
	p := map[string]string{"url": t.webhook.URL, "secret_token": secret, "max_connections": "1",
		"allowed_updates": `["message","callback_query"]`}
	for n := 1; ; n++ {
		err := t.api.do(ctx, 30*time.Second, "setWebhook", p, nil, nil)
		if err == nil || ctx.Err() != nil {
			return ctx.Err()
		}
		if fatal(err) || errors.Is(err, wire.ErrPermanent) {
			return err
		}
		if t.sleep(ctx, backoff(n, err)) != nil {
			return nil
		}
	}
}

// WebhookHandler serves the webhook: it checks the secret token, reads the
// update and hands it to h like a polled one. It answers 200 once h has
// handled the update, 403 to a request without the secret, 400 to one
// that is not an update, and 500 when h failed, so that Telegram posts the
// update again.
func (t *Transport) WebhookHandler(h wire.Handler, secret string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := r.Header.Get(SecretHeader)
		if r.Method != http.MethodPost || subtle.ConstantTimeCompare([]byte(got), []byte(secret)) != 1 {
			http.Error(w, "forbidden", http.StatusForbidden)
			return
		}
		var u update
		if err := json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&u); err != nil {
			http.Error(w, "not an update", http.StatusBadRequest)
			return
		}
		if err := t.handleUpdate(r.Context(), h, u); err != nil {
			t.log.Warn("webhook: update not handled; Telegram will post it again", "update", u.UpdateID, "err", err)
			http.Error(w, "try again", http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusOK)
	})
}
