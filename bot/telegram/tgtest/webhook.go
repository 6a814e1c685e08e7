package tgtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
)

// webhook is where updates go instead of getUpdates.
type webhook struct {
	url, secret string
}

var secretToken = regexp.MustCompile(`^[A-Za-z0-9_-]{1,256}$`)

// setWebhook sets (or with an empty url removes) the webhook.
func (s *Server) setWebhook(p params) (any, *apiError) {
	raw, secret := p.get("url"), p.get("secret_token")
	if raw != "" {
		if u, err := url.Parse(raw); err != nil || u.Scheme != "https" && u.Scheme != "http" {
			return nil, badRequest("bad webhook: invalid URL")
		}
	}
	if secret != "" && !secretToken.MatchString(secret) {
		return nil, badRequest("bad webhook: secret token contains unallowed characters")
	}
	if aerr := s.readAllowed(p); aerr != nil {
		return nil, aerr
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.webhook = webhook{url: raw, secret: secret}
	if p.get("drop_pending_updates") == "true" {
		s.updates = nil
	}
	s.changedLocked()
	return true, nil
}

// deleteWebhook removes the webhook.
func (s *Server) deleteWebhook(p params) (any, *apiError) {
	p.values["url"] = ""
	return s.setWebhook(p)
}

// Webhook returns the webhook's URL and secret token, "" when none is set.
func (s *Server) Webhook() (url, secret string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.webhook.url, s.webhook.secret
}

// WaitWebhook waits until a webhook is set, and returns its URL.
func (s *Server) WaitWebhook(ctx context.Context) (string, error) {
	for {
		s.mu.Lock()
		url, ch := s.webhook.url, s.changed
		s.mu.Unlock()
		if url != "" {
			return url, nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return "", fmt.Errorf("tgtest: no webhook set: %w", context.Cause(ctx))
		}
	}
}

// DeliverWebhook posts the waiting updates to the webhook, in order, with
// the secret token header, as Telegram does; an update is confirmed when
// the webhook answers 2xx. It returns at the first update not confirmed,
// with an error naming the status, or when all were delivered. When
// WebhookTarget is set, the posts go there instead of to the webhook's
// URL, as they would reach a server behind a TLS-terminating proxy.
func (s *Server) DeliverWebhook(ctx context.Context) error {
	for {
		s.mu.Lock()
		hook := s.webhook
		if s.WebhookTarget != "" && hook.url != "" {
			hook.url = s.WebhookTarget
		}
		var next *Update
		if len(s.updates) > 0 {
			next = &s.updates[0]
		}
		s.mu.Unlock()
		if hook.url == "" {
			return fmt.Errorf("tgtest: no webhook set")
		}
		if next == nil {
			return nil
		}
		if err := post(ctx, hook, next); err != nil {
			return err
		}
		s.mu.Lock()
		s.confirmLocked(next.UpdateID + 1)
		s.mu.Unlock()
	}
}

func post(ctx context.Context, hook webhook, u *Update) error {
	body, _ := json.Marshal(u)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, hook.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if hook.secret != "" {
		req.Header.Set("X-Telegram-Bot-Api-Secret-Token", hook.secret)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("tgtest: webhook answered update %d with %s", u.UpdateID, resp.Status)
	}
	return nil
}

// getWebhookInfo says the webhook's URL and the updates waiting.
func (s *Server) getWebhookInfo(p params) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return map[string]any{"url": s.webhook.url, "has_custom_certificate": false, "pending_update_count": len(s.updates)}, nil
}
