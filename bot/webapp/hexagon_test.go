package webapp_test

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"umpire/referee"
	"umpire/referee/board"
	"umpire/referee/tri"
	"umpire/render"
)

// pageCell is a cell as the page draws it: its name, its centre on the
// screen, the cell a tap there reaches, and the colours of its square
// and of its man's body and lines ("" when empty).
type pageCell struct {
	Name   string  `json:"name"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Hit    string  `json:"hit"`
	Square string  `json:"square"`
	Body   string  `json:"body"`
	Line   string  `json:"line"`
}

// readCells is a script that lists the page's cells (pageCell).
const readCells = `Array.from(document.querySelectorAll("svg [data-cell]")).map((g) => {
  const poly = g.querySelector("polygon"), m = poly.getScreenCTM();
  const pts = Array.from(poly.points).map((p) => [m.a * p.x + m.c * p.y + m.e, m.b * p.x + m.d * p.y + m.f]);
  let a = 0, x = 0, y = 0;
  pts.forEach((p, i) => { const q = pts[(i + 1) % pts.length], c = p[0] * q[1] - q[0] * p[1]; a += c; x += (p[0] + q[0]) * c; y += (p[1] + q[1]) * c; });
  x /= 3 * a; y /= 3 * a;
  const hit = document.elementFromPoint(x, y), man = g.querySelector("text");
  return { name: g.dataset.cell, x: x, y: y, hit: hit && hit.closest("[data-cell]") ? hit.closest("[data-cell]").dataset.cell : "",
    square: getComputedStyle(poly).fill, body: man ? getComputedStyle(man).fill : "", line: man ? getComputedStyle(man).stroke : "" };
})`

// TestTriadHexagonInChromium drives Red's page of a three-player game in a
// real browser, in Telegram's light and dark themes: the board is the
// picture's hexagon (96 cells, each centred where the picture centres it,
// up to scale, and each reached by a tap at its centre); every man stands
// out from its square (its body or its lines at a contrast of 3 or more);
// and a tap on rd4, then on be4, plays rd4be4. The screenshots go to
// UMPIRE_SCREENSHOTS, or to the test's own folder.
func TestTriadHexagonInChromium(t *testing.T) {
	t.Parallel()
	exe := chromium(t)
	r := newRig(t)
	ctx := browser(t, exe)
	id := r.newGame("triad")
	for _, step := range []struct {
		who  int64
		text string
	}{{ann, "wd2wd4"}, {ben, "rd2rd4"}, {cat, "bd2bd4"}, {ann, "wg1wf3"}} {
		if code, body := r.post(step.who, id, step.text, "s"+step.text); code != 200 || strings.Contains(string(body), `"said"`) {
			t.Fatalf("%s: %d %s", step.text, code, body)
		}
	}
	shots := os.Getenv("UMPIRE_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
	}
	want := pictureCentres(referee.Red)
	for _, theme := range []string{"light", "dark"} {
		err := chromedp.Do(ctx, chromedp.EmulateViewport(420, 900),
			chromedp.Navigate("about:blank"), // a new page: the theme is read once
			chromedp.Navigate(r.themedURL(itoa(id), r.initData(ben), theme)),
			chromedp.WaitVisible(`[data-cell="rd4"]`))
		if err != nil {
			t.Fatalf("%s: Red's page: %v", theme, err)
		}
		cells := pageCells(t, ctx)
		checkHexagon(t, theme, cells, want)
		checkLegible(t, theme, cells)
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(shots, "triad-"+theme+".png")
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s theme: %s", theme, path)
	}
	at := map[string]pageCell{}
	for _, c := range pageCells(t, ctx) {
		at[c.Name] = c
	}
	err := chromedp.Do(ctx, chromedp.MouseClickXY(at["rd4"].X, at["rd4"].Y),
		chromedp.WaitVisible(`svg .ring.sel`),
		chromedp.MouseClickXY(at["be4"].X, at["be4"].Y),
		chromedp.WaitVisible(`[data-cell="be4"].last`))
	if err != nil {
		t.Fatalf("tapping rd4, be4: %v", err)
	}
	if g, _ := r.db.Game(id); len(g.Log) != 5 || g.Log[4].Text != "rd4be4" {
		t.Errorf("after the taps the log is %v; want rd4be4 last", g.Log)
	}
}

// pageCells are the cells the page draws now.
func pageCells(t *testing.T, ctx context.Context) []pageCell {
	t.Helper()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage](readCells))
	if err != nil {
		t.Fatal(err)
	}
	var cells []pageCell
	if err := json.Unmarshal(raw, &cells); err != nil {
		t.Fatal(err)
	}
	return cells
}

// pictureCentres are the centres of the cells of the picture drawn for
// seat, by name, in the picture's pixels.
func pictureCentres(seat referee.Seat) map[string][2]float64 {
	g, _ := render.LookupGeometry("triad")
	l := g.Layout(render.DefaultSize, seat)
	out := map[string][2]float64{}
	for i, c := range l.Cells {
		x, y := centroid(c.Shape)
		out[tri.Geometry.CellName(board.Cell(i))] = [2]float64{x, y}
	}
	return out
}

func centroid(pts [][2]float64) (x, y float64) {
	var a float64
	for i, p := range pts {
		q := pts[(i+1)%len(pts)]
		c := p[0]*q[1] - q[0]*p[1]
		a, x, y = a+c, x+(p[0]+q[0])*c, y+(p[1]+q[1])*c
	}
	return x / (3 * a), y / (3 * a)
}

// checkHexagon checks that the page draws 96 cells, each reached by a tap
// at its centre, centred where the picture centres it up to scale and
// shift: within a pixel of the best fit.
func checkHexagon(t *testing.T, theme string, cells []pageCell, want map[string][2]float64) {
	t.Helper()
	if len(cells) != tri.Cells {
		t.Fatalf("%s: the page draws %d cells; want %d", theme, len(cells), tri.Cells)
	}
	var pm, wm [2]float64
	for _, c := range cells {
		if c.Hit != c.Name {
			t.Errorf("%s: a tap at the centre of %s reaches %q", theme, c.Name, c.Hit)
		}
		w := want[c.Name]
		pm[0], pm[1], wm[0], wm[1] = pm[0]+c.X, pm[1]+c.Y, wm[0]+w[0], wm[1]+w[1]
	}
	n := float64(len(cells))
	pm, wm = [2]float64{pm[0] / n, pm[1] / n}, [2]float64{wm[0] / n, wm[1] / n}
	var dot, sq float64
	for _, c := range cells {
		w := want[c.Name]
		dot += (c.X-pm[0])*(w[0]-wm[0]) + (c.Y-pm[1])*(w[1]-wm[1])
		sq += (w[0]-wm[0])*(w[0]-wm[0]) + (w[1]-wm[1])*(w[1]-wm[1])
	}
	scale, worst, at := dot/sq, 0.0, ""
	for _, c := range cells {
		w := want[c.Name]
		if d := math.Hypot(pm[0]+scale*(w[0]-wm[0])-c.X, pm[1]+scale*(w[1]-wm[1])-c.Y); d > worst {
			worst, at = d, c.Name
		}
	}
	if scale <= 0 || worst > 1 {
		t.Errorf("%s: the page's cells are the picture's at scale %.3f, %s off by %.1f px; want within a pixel", theme, scale, at, worst)
	}
}

// checkLegible checks that every man stands out from its square: its body
// or its lines at a contrast ratio (WCAG) of 3 or more.
func checkLegible(t *testing.T, theme string, cells []pageCell) {
	t.Helper()
	men := 0
	for _, c := range cells {
		if c.Body == "" {
			continue
		}
		men++
		sq := luminance(t, c.Square)
		if best := max(contrast(luminance(t, c.Body), sq), contrast(luminance(t, c.Line), sq)); best < 3 {
			t.Errorf("%s: the man on %s (%s lined %s) on %s: contrast %.1f; want 3 or more", theme, c.Name, c.Body, c.Line, c.Square, best)
		}
	}
	if men != 48 {
		t.Errorf("%s: %d men drawn; want 48", theme, men)
	}
}

// luminance is the relative luminance of a CSS colour "rgb(r, g, b)".
func luminance(t *testing.T, css string) float64 {
	var rgb [3]float64
	parts := strings.Split(strings.TrimSuffix(strings.TrimPrefix(css, "rgb("), ")"), ",")
	if len(parts) != 3 {
		t.Fatalf("colour %q is not rgb(r, g, b)", css)
	}
	for i, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			t.Fatalf("colour %q: %v", css, err)
		}
		v /= 255
		if v <= 0.03928 {
			rgb[i] = v / 12.92
		} else {
			rgb[i] = math.Pow((v+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*rgb[0] + 0.7152*rgb[1] + 0.0722*rgb[2]
}

// contrast is the WCAG contrast ratio of two luminances.
func contrast(a, b float64) float64 {
	return (max(a, b) + 0.05) / (min(a, b) + 0.05)
}
