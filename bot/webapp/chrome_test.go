package webapp_test

import (
	"net/url"
	"slices"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// telegramApp stands in for the Telegram app around the page, as
// core.telegram.org/api/web-events has it: it takes the page's events
// through window.TelegramWebviewProxy (as the mobile and desktop apps do),
// keeps them in window.posted, and answers the page's requests with its
// own events through window.Telegram.WebView.receiveEvent: a notched
// phone's safe area, Telegram's controls over the content, full screen
// entered and left, and, asked for its theme, the night theme.
const telegramApp = `window.posted = [];
window.TelegramWebviewProxy = { postEvent(type, data) {
  window.posted.push(type);
  const answer = {
    web_app_request_safe_area: ["safe_area_changed", {top: 44, bottom: 34, left: 0, right: 0}],
    web_app_request_content_safe_area: ["content_safe_area_changed", {top: 46, bottom: 0, left: 0, right: 0}],
    web_app_request_fullscreen: ["fullscreen_changed", {is_fullscreen: true}],
    web_app_exit_fullscreen: ["fullscreen_changed", {is_fullscreen: false}],
    web_app_request_theme: ["theme_changed", {theme_params: {bg_color: "#17212b", text_color: "#f5f5f5", button_color: "#5288c1"}}],
  }[type];
  if (answer) setTimeout(() => window.Telegram.WebView.receiveEvent(answer[0], answer[1]), 0);
} };`

// TestPageInTelegramsFrame: inside the Telegram app (Mini Apps 8.0) the
// page says it is ready, asks for the theme and the safe areas, and keeps
// its content clear of both the device's safe area and Telegram's controls;
// it turns to the theme the app sends; its button asks for full screen,
// and once the app has gone full screen the same button leaves it, worded
// so in the reader's language.
func TestPageInTelegramsFrame(t *testing.T) {
	t.Parallel()
	exe := chromium(t)
	r := newRig(t)
	ctx := browser(t, exe)
	id := r.newGame("chess")
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: telegramApp}); err != nil {
		t.Fatal(err)
	}
	err := chromedp.Do(ctx,
		chromedp.Navigate(r.app.URL+"/?game="+itoa(id)+"#tgWebAppData="+url.QueryEscape(r.initData(ann))+"&tgWebAppVersion=8.0"),
		chromedp.WaitVisible(`[data-cell="e2"]`),
		chromedp.WaitVisible(`#fullscreen`))
	if err == nil {
		_, err = chromedp.Run(ctx, chromedp.Poll[bool](`getComputedStyle(document.body).paddingTop === "90px"`))
	}
	if err != nil {
		t.Fatalf("the page in Telegram: %v", err)
	}
	frame := func() frameState {
		t.Helper()
		f, err := chromedp.Run(ctx, chromedp.Evaluate[frameState](`({posted: window.posted,
			padding: getComputedStyle(document.body).padding, background: getComputedStyle(document.body).backgroundColor,
			button: document.getElementById("fullscreen").textContent})`))
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	press := func(pressed string) {
		t.Helper()
		err := chromedp.Do(ctx, chromedp.Click(`#fullscreen`))
		if err == nil {
			_, err = chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("fullscreen").getAttribute("aria-pressed") === "`+pressed+`"`))
		}
		if err != nil {
			t.Fatalf("pressing the full-screen button: %v", err)
		}
	}
	f := frame()
	for _, want := range []string{"web_app_ready", "web_app_request_theme", "web_app_request_safe_area", "web_app_request_content_safe_area"} {
		if !slices.Contains(f.Posted, want) {
			t.Errorf("the page did not post %s: %q", want, f.Posted)
		}
	}
	if f.Padding != "90px 0px 34px" || f.Background != "rgb(23, 33, 43)" || f.Button != "⛶ Full screen" {
		t.Errorf("in Telegram: padding %q (want the safe areas, 90px 0px 34px), background %q (want the night's), button %q",
			f.Padding, f.Background, f.Button)
	}
	press("true")
	if f := frame(); !slices.Contains(f.Posted, "web_app_request_fullscreen") || f.Button != "Leave full screen" {
		t.Errorf("after the press: posted %q, button %q", f.Posted, f.Button)
	}
	press("false")
	if f := frame(); !slices.Contains(f.Posted, "web_app_exit_fullscreen") || f.Button != "⛶ Full screen" {
		t.Errorf("after the second press: posted %q, button %q", f.Posted, f.Button)
	}
}

// frameState is what the test reads of the page's frame: the events it
// posted to the app, its body's padding and background, and the words of
// its full-screen button.
type frameState struct {
	Posted     []string `json:"posted"`
	Padding    string   `json:"padding"`
	Background string   `json:"background"`
	Button     string   `json:"button"`
}
