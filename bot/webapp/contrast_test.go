package webapp_test

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// themes are Telegram's theme parameters as its apps pass them: the day
// theme in full, the night theme in full, and a night theme that passes
// only the three colours some apps send (no secondary_bg_color: the case
// where the buttons and the chips of tries were light text on light
// grey).
var themes = []struct {
	name   string
	params map[string]string
}{
	{"light", map[string]string{"bg_color": "#ffffff", "text_color": "#000000", "hint_color": "#999999",
		"link_color": "#2481cc", "button_color": "#2481cc", "button_text_color": "#ffffff", "secondary_bg_color": "#efeff3"}},
	{"dark", map[string]string{"bg_color": "#17212b", "text_color": "#f5f5f5", "hint_color": "#708499",
		"link_color": "#6ab3f3", "button_color": "#5288c1", "button_text_color": "#ffffff", "secondary_bg_color": "#232e3c"}},
	{"dark, three colours", map[string]string{"bg_color": "#17212b", "text_color": "#f5f5f5", "button_color": "#5288c1"}},
}

// legible measures, in the page, the contrast of every visible button and
// label (WCAG 2's ratio of relative luminances, as a browser paints them:
// the computed colour of the text over its effective background, every
// translucent background up to the first opaque one composited, the page
// white below them all). The board's squares count by the letters and
// stones written on them; its men are drawn, outlined glyphs (a white man
// on a light square is read by its outline, not by its fill), and are
// left to the picture's own tests.
const legible = `(() => {
  const rgba = (c) => { const m = /rgba?\(([^)]*)\)/.exec(c); if (!m) return null;
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
    return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
  const over = (t, b) => ({r: t.r*t.a + b.r*(1-t.a), g: t.g*t.a + b.g*(1-t.a), b: t.b*t.a + b.b*(1-t.a), a: 1});
  const background = (el) => { const layers = [];
    for (let e = el; e; e = e.parentElement) { const c = rgba(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; } }
    return layers.reverse().reduce((b, t) => over(t, b), {r: 255, g: 255, b: 255, a: 1}); };
  const lin = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const lum = (c) => 0.2126*lin(c.r) + 0.7152*lin(c.g) + 0.0722*lin(c.b);
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const out = [];
  const controls = "button:not(.cell), label, input, a, p, .label, #tries-list span, #chooser-title, .cell .letter, .cell .stone";
  for (const el of document.querySelectorAll(controls)) {
    const r = el.getBoundingClientRect(), s = getComputedStyle(el);
    if (r.width === 0 || r.height === 0 || s.visibility === "hidden") continue;
    if (el.tagName !== "INPUT" && !el.textContent.trim()) continue;
    const bg = background(el), fg = over(rgba(s.color), bg);
    out.push({what: el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + " " + JSON.stringify(el.textContent.trim().slice(0, 24)),
      ratio: Math.round(ratio(fg, bg) * 100) / 100});
  }
  return out;
})()`

// minContrast is WCAG AA's for text of a normal size.
const minContrast = 4.5

// measured is one element's contrast, as legible measures it.
type measured struct {
	What  string  `json:"what"`
	Ratio float64 `json:"ratio"`
}

// TestPageContrast opens the page of a Kriegspiel game in each of
// Telegram's themes, with two tries tapped (so that the list, its Send and
// Clear show beside Resign, Draw and Any?), and fails for every button and
// label whose text has less than 4.5:1 of contrast on its background. The
// screenshots are written to the test's temporary directory, or to
// UMPIRE_SCREENSHOTS when it names one, to be looked at.
func TestPageContrast(t *testing.T) {
	t.Parallel()
	exe := chromium(t)
	r := newRig(t)
	ctx := browser(t, exe)
	id := r.newGame("kriegspiel")
	dir := os.Getenv("UMPIRE_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	for i, th := range themes {
		params, _ := json.Marshal(th.params)
		// A query of its own for each theme: a new fragment alone would
		// not load the page again.
		page := r.app.URL + "/?game=" + itoa(id) + "&theme=" + itoa(uint64(i)) + "#tgWebAppData=" + url.QueryEscape(r.initData(ann)) +
			"&tgWebAppVersion=8.0&tgWebAppThemeParams=" + url.QueryEscape(string(params))
		err := chromedp.Do(ctx,
			chromedp.EmulateViewport(420, 900),
			chromedp.Navigate(page),
			chromedp.WaitVisible(`[data-cell="e2"]`),
			chromedp.Click(`[data-cell="e2"]`), chromedp.Click(`[data-cell="e5"]`),
			chromedp.Click(`[data-cell="d2"]`), chromedp.Click(`[data-cell="d4"]`),
			chromedp.WaitVisible(`#tries`))
		if err != nil {
			t.Fatalf("%s theme: %v", th.name, err)
		}
		found, err := chromedp.Run(ctx, chromedp.Evaluate[[]measured](legible))
		if err != nil {
			t.Fatalf("%s theme: measuring: %v", th.name, err)
		}
		shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatalf("%s theme: screenshot: %v", th.name, err)
		}
		if len(found) < 10 {
			t.Errorf("%s theme: only %d buttons and labels measured: %+v", th.name, len(found), found)
		}
		least := found[0]
		for _, c := range found {
			if c.Ratio < least.Ratio {
				least = c
			}
			if c.Ratio < minContrast {
				t.Errorf("%s theme: %s has a contrast of %.2f:1; want at least %.1f:1", th.name, c.What, c.Ratio, minContrast)
			}
		}
		t.Logf("%s theme: %d buttons and labels, the least legible %s at %.2f:1", th.name, len(found), least.What, least.Ratio)
		if err := os.WriteFile(filepath.Join(dir, "page-"+th.name+".png"), shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
