package webapp_test

import (
	"context"
	"encoding/json"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chromium finds the browser: UMPIRE_CHROMIUM names it (CI sets it, and
// then a missing browser fails the test), else chromium on the PATH; with
// neither the test is skipped.
func chromium(t *testing.T) string {
	if exe := os.Getenv("UMPIRE_CHROMIUM"); exe != "" {
		if _, err := exec.LookPath(exe); err != nil {
			t.Fatalf("UMPIRE_CHROMIUM=%s: %v", exe, err)
		}
		return exe
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if exe, err := exec.LookPath(name); err == nil {
			return exe
		}
	}
	t.Skip("no chromium: install Debian's chromium, or set UMPIRE_CHROMIUM")
	return ""
}

// browser is a headless Chromium tab.
func browser(t *testing.T, exe string) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe),
		chromedp.NoSandbox, chromedp.Flag("disable-gpu", true), chromedp.Flag("disable-dev-shm-usage", true))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(func() { cancelTime(); cancelTab(); cancelAlloc() })
	return ctx
}

// pageURL is the address Telegram opens for a user: the app on a game,
// with the signed init data in the fragment, in the dark theme.
func (r *rig) pageURL(game string, initData string) string {
	return r.themedURL(game, initData, "dark")
}

// themeJSON is the theme parameters of the theme of that name in themes
// (contrast_test.go), as Telegram hands them to the page.
func themeJSON(name string) string {
	for _, th := range themes {
		if th.name == name {
			b, _ := json.Marshal(th.params)
			return string(b)
		}
	}
	return "null"
}

// themedURL is pageURL in a theme of themes.
func (r *rig) themedURL(game, initData, theme string) string {
	return r.app.URL + "/?game=" + game + "#tgWebAppData=" + url.QueryEscape(initData) +
		"&tgWebAppVersion=8.0&tgWebAppThemeParams=" + url.QueryEscape(themeJSON(theme))
}

// TestPageInChromium drives the page in a real browser: Ann taps e2, then
// e4, and Ben hears of the move through the Bot API; in Kriegspiel the
// page shows Ann none of Ben's men; with forged init data it shows no
// board.
func TestPageInChromium(t *testing.T) {
	t.Parallel()
	exe := chromium(t)
	r := newRig(t)
	ctx := browser(t, exe) // closed before the rig: its long polls end first
	id := r.newGame("chess")
	err := chromedp.Do(ctx,
		chromedp.Navigate(r.pageURL(itoa(id), r.initData(ann))),
		chromedp.WaitVisible(`[data-cell="e2"]`),
		chromedp.Click(`[data-cell="e2"]`),
		chromedp.WaitVisible(`[data-cell="e2"].sel`),
		chromedp.Click(`[data-cell="e4"]`),
		chromedp.WaitVisible(`[data-cell="e4"].last`))
	if err != nil {
		t.Fatalf("tapping e2, e4: %v", err)
	}
	theme, err := chromedp.Run(ctx, chromedp.Evaluate[string](`getComputedStyle(document.body).backgroundColor`))
	if err != nil {
		t.Fatal(err)
	}
	r.wait(ben, "e4")
	if theme != "rgb(23, 33, 43)" {
		t.Errorf("background %q; want Telegram's dark theme", theme)
	}

	kid := r.newGame("kriegspiel")
	err = chromedp.Do(ctx,
		chromedp.Navigate(r.pageURL(itoa(kid), r.initData(ann))),
		chromedp.WaitVisible(`[data-cell="e2"]`))
	if err != nil {
		t.Fatalf("Kriegspiel page: %v", err)
	}
	black := count(t, ctx, "#board .man-b")
	white := count(t, ctx, "#board .man-w")
	words, err := chromedp.Run(ctx, chromedp.Text(`#words`))
	if err != nil {
		t.Fatal(err)
	}
	if black != 0 || white != 16 {
		t.Errorf("Kriegspiel page shows %d of Ben's men and %d of Ann's; want 0 and 16", black, white)
	}
	if !strings.Contains(words, "#"+itoa(kid)) {
		t.Errorf("the page's words %q do not name the game", words)
	}
	// An attempt list: two tries tapped, then sent as one message.
	heard := len(r.srv.To(ben))
	err = chromedp.Do(ctx,
		chromedp.Click(`[data-cell="e2"]`), chromedp.Click(`[data-cell="e5"]`),
		chromedp.Click(`[data-cell="d2"]`), chromedp.Click(`[data-cell="d4"]`),
		chromedp.WaitVisible(`#tries`))
	if err != nil {
		t.Fatalf("tapping two tries: %v", err)
	}
	if tries, _ := chromedp.Run(ctx, chromedp.Text(`#tries-list`)); tries != "e2e5d2d4" {
		t.Errorf("the list shows %q; want e2e5 and d2d4", tries)
	}
	if err := chromedp.Do(ctx, chromedp.Click(`#tries-send`), chromedp.WaitVisible(`[data-cell="d4"].last`)); err != nil {
		t.Fatalf("sending the list: %v", err)
	}
	r.waitAfter(ben, "", heard)
	if g, _ := r.db.Game(kid); len(g.Log) != 2 || g.Log[0].Text != "e2e5" || g.Log[1].Text != "d2d4" {
		t.Errorf("Kriegspiel log %v; want the illegal e2e5, then d2d4", g.Log)
	}

	forged := strings.Replace(r.initData(ann), "1001", "1002", 1)
	err = chromedp.Do(ctx, chromedp.Navigate(r.pageURL(itoa(id), forged)), chromedp.WaitVisible(`#nothing`))
	if err != nil {
		t.Fatalf("forged page: %v", err)
	}
	nothing, err := chromedp.Run(ctx, chromedp.Text(`#nothing`))
	if err != nil {
		t.Fatal(err)
	}
	cells := count(t, ctx, ".cell")
	if cells != 0 || nothing == "" {
		t.Errorf("forged init data: %d cells, %q; want no board and the refusal", cells, nothing)
	}
}

// count counts the elements a selector finds on the page.
func count(t *testing.T, ctx context.Context, sel string) int {
	t.Helper()
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(`+strconv.Quote(sel)+`).length`))
	if err != nil {
		t.Fatal(err)
	}
	return n
}
