package telegram

import (
	"context"
	"fmt"
	"time"

	"umpire/bot/wire"
)

// Diagnose checks the Telegram settings for `umpire doctor`, changing
// nothing: the settings' form (the webhook and Mini App addresses https),
// the token (getMe), what group privacy mode means for groups, and a
// webhook set at Telegram that polling would replace. No finding holds
// the token.
func Diagnose(ctx context.Context, cfg Config) []wire.Finding {
	if err := cfg.check(); err != nil {
		return []wire.Finding{{Check: "telegram settings", Level: wire.Fail, Text: err.Error()}}
	}
	out := []wire.Finding{{Check: "telegram settings", Text: "the token looks like a bot token; every address set is https"}}
	h := cfg.HTTP
	if h == nil {
		h = defaultHTTP()
	}
	lib, err := getMe(ctx, cfg, h)
	if err != nil {
		return append(out, wire.Found("telegram token", "getMe", fmt.Errorf("%s (check TELEGRAM_TOKEN and TELEGRAM_API_URL)", mask(err.Error(), cfg.Token)), wire.Fail))
	}
	out = append(out, wire.Finding{Check: "telegram token", Text: "getMe: the bot is @" + lib.Self.UserName})
	if lib.Self.CanReadAllGroupMessages {
		out = append(out, wire.Finding{Check: "telegram privacy", Level: wire.Warn,
			Text: "group privacy mode is off: the bot reads every line in its groups; turn it on in @BotFather (/setprivacy), then remove the bot from each group and add it again"})
	} else {
		out = append(out, wire.Finding{Check: "telegram privacy", Text: "group privacy mode is on: in groups the bot reads its commands and replies to it, which is all it needs"})
	}
	a := &api{lib: lib, http: h, token: cfg.Token}
	var info struct {
		URL                string `json:"url"`
		PendingUpdateCount int    `json:"pending_update_count"`
		LastErrorMessage   string `json:"last_error_message"`
	}
	if err := a.do(ctx, 30*time.Second, "getWebhookInfo", nil, nil, &info); err != nil {
		return append(out, wire.Found("telegram webhook", "getWebhookInfo", fmt.Errorf("%s", mask(err.Error(), cfg.Token)), wire.Warn))
	}
	switch {
	case info.URL != "" && cfg.Webhook.URL == "":
		out = append(out, wire.Finding{Check: "telegram webhook", Level: wire.Warn,
			Text: fmt.Sprintf("a webhook is set at Telegram (%s): the umpire polls, and will delete it at start; set TELEGRAM_WEBHOOK_URL to keep webhook mode", wire.ShownURL(info.URL))})
	case info.URL != "" && info.URL != cfg.Webhook.URL:
		out = append(out, wire.Finding{Check: "telegram webhook", Level: wire.Warn,
			Text: "the webhook set at Telegram is not TELEGRAM_WEBHOOK_URL; the umpire will set its own at start"})
	case info.LastErrorMessage != "":
		out = append(out, wire.Finding{Check: "telegram webhook", Level: wire.Warn, Text: "Telegram's last error posting to the webhook: " + info.LastErrorMessage})
	default:
		out = append(out, wire.Finding{Check: "telegram webhook", Text: fmt.Sprintf("as configured (%d updates waiting)", info.PendingUpdateCount)})
	}
	return out
}
