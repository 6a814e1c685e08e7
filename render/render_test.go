package render

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"umpire/internal/cputime"

	"umpire/referee"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// cells turns a board string of rules/README.md (ranks 8 to 1, separated by
// '/'; a digit may stand for that many '.') into View.Cells for the 8×8
// board (a1 first).
func cells(t testing.TB, board string) []byte {
	t.Helper()
	for d := '1'; d <= '8'; d++ {
		board = strings.ReplaceAll(board, string(d), strings.Repeat(".", int(d-'0')))
	}
	ranks := strings.Split(board, "/")
	if len(ranks) != 8 {
		t.Fatalf("board %q has %d ranks", board, len(ranks))
	}
	out := make([]byte, 64)
	for i, r := range ranks {
		if len(r) != 8 {
			t.Fatalf("board %q: rank %d is %q", board, 8-i, r)
		}
		copy(out[(7-i)*8:], r)
	}
	return out
}

// view builds an 8×8 View by hand, as a variant would.
func view(t testing.TB, variant string, seat referee.Seat, board string) referee.View {
	bottom := seat
	if seat != referee.Black {
		bottom = referee.White
	}
	return referee.View{
		Variant:  variant,
		Seat:     seat,
		Bottom:   bottom,
		Geometry: "8x8",
		Cells:    cells(t, board),
		Board:    board,
		Turn:     referee.White,
	}
}

// golden is one picture checked against testdata/NAME.png.
type golden struct {
	name string
	v    referee.View
	o    Options
}

func goldens(t testing.TB) []golden {
	var gs []golden
	add := func(name string, v referee.View, o Options) { gs = append(gs, golden{name, v, o}) }

	v := view(t, "chess", referee.God, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR")
	v.LastMove = []string{"e2", "e4"}
	add("chess-white", v, Options{Size: 480, Caption: []string{"1. e4 — Black to move."}})
	v.Bottom = referee.Black
	add("chess-black", v, Options{Size: 480, Caption: []string{"Black at the bottom: a1 is in the upper right."}})

	// Kriegspiel, White's view after 1.e4 d5 2.Bb5+ c6 3.Bxc6+ bxc6: own men
	// only, a capture heard on c6, the check came along the diagonal.
	v = view(t, "kriegspiel", referee.White, "????????/????????/????????/????????/????P???/????????/PPPP1PPP/RNBQK1NR")
	v.Marks = []string{"c6"}
	v.LastMove = []string{"b5", "c6"}
	v.Checks = []string{"b5"}
	add("kriegspiel-ru", v, Options{Caption: []string{
		"Взятие на c6.", "Шах по длинной диагонали.", "Ваш ход: у вас 2 попытки взятия пешкой.",
	}})

	// Dark chess, Black's view after 1.e4 e5 2.Nf3 Nc6 3.Bc4 Nf6: the cells
	// its men can go to, fog elsewhere; White's pawn on e4 is in sight.
	v = view(t, "dark", referee.Black, "r1bqkb1r/pppp1ppp/2n2n2/....p?../?.?.P?.?/.???????/????????/????????")
	v.LastMove = []string{"g8", "f6"}
	add("dark-eo", v, Options{Caption: []string{
		"Blanko movis. Via vico.", "Vi vidas nur kien viaj viroj povas iri.", "Ĉu ĉevalo el f6 prenos e4? Ŝanĝu, ĝuu, ĥaoso, ĵaŭdo.",
	}})

	// Korona-2, White's view: dame, generalissimo, stones, its own mine,
	// the crown on the dame. Black's stones are plain S for White.
	v = view(t, "korona2", referee.White, "r1b1kbnr/pp1ppppp/2G5/8/3s1S2/2X5/PPPPPPPP/RNBDKBN1")
	v.Secrets = []referee.Secret{{Seat: referee.White, Kind: "crown", Value: "dame"}, {Seat: referee.White, Kind: "mine", Cell: "c3"}}
	add("korona2-en", v, Options{Size: 480, Caption: []string{"Stones placed on d4 and f4."}})

	// Krono with the beasts: kings as lions, dames as unicorns, an
	// uncrowned monarch of each side, generalissimos.
	v = view(t, "krono", referee.Black, "rnbdkbnr/pppp1ppp/8/2C1g3/4G3/2c5/PPPP1PPP/RNBDKBNR")
	v.Secrets = []referee.Secret{{Seat: referee.Black, Kind: "crown", Value: "king"}}
	add("krono-beasts", v, Options{Size: 480, Beasts: true, Caption: []string{"La leono kaj la unikorno batalis por la krono."}})

	// Progressive, White's view: its growing pawn on b2 becomes a knight
	// in 2 turns; Black's exposed pawn on e7 becomes a rook in 4; an
	// amazon on each side.
	v = view(t, "progressive", referee.White, "pppp1ppp/ppppPpKp/8/8/3a4/8/PPAPPPPP/PPPPkPPP")
	v.Secrets = []referee.Secret{
		{Seat: referee.White, Kind: "growing", Cell: "b2", Value: "N", Left: 2},
		{Seat: referee.Black, Kind: "growing", Cell: "f7", Value: "R", Left: 4, Opened: true},
	}
	add("progressive", v, Options{Size: 480, Caption: []string{"Exposed: f7 becomes a rook in 4 turns."}})

	// Every man of both sides, on every shade, in the god's view.
	v = view(t, "all", referee.God, "KQRBNPDG/CASX..../kqrbnpdg/casx..../CASX..../KQRBNPDG/casx..../kqrbnpdg")
	add("every-man", v, Options{Size: 640})

	// Fog everywhere, small.
	v = view(t, "kriegspiel", referee.Spectator, "????????/????????/????????/????????/????????/????????/????????/????????")
	add("fog-small", v, Options{Size: MinSize})
	gs = append(gs, triadGoldens(t)...)
	return append(gs, sceneGoldens(t)...)
}

// textBoard writes a view as people read it: the board from the bottom
// seat's side, then the markers, secrets and caption.
func textBoard(v referee.View, o Options) string {
	if v.Geometry == "triad" {
		return triadTextBoard(v, o)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s, view of %s, %s at the bottom, %d px\n\n", v.Variant, v.Seat, v.Bottom, o.Size)
	files := "abcdefgh"
	ranks := []int{7, 6, 5, 4, 3, 2, 1, 0}
	if v.Bottom == referee.Black {
		files = "hgfedcba"
		ranks = []int{0, 1, 2, 3, 4, 5, 6, 7}
	}
	for _, r := range ranks {
		fmt.Fprintf(&b, "%d ", r+1)
		for _, f := range files {
			b.WriteByte(' ')
			b.WriteByte(v.Cells[r*8+int(f-'a')])
		}
		b.WriteByte('\n')
	}
	b.WriteString("  ")
	for _, f := range files {
		b.WriteString(" " + string(f))
	}
	b.WriteString("\n\n")
	fmt.Fprintf(&b, "last move: %v\nmarks: %v\nchecks: %v\n", v.LastMove, v.Marks, v.Checks)
	b.WriteString(newMarks(v, o))
	for _, s := range v.Secrets {
		fmt.Fprintf(&b, "secret: %s %s %s=%s left %d opened %v\n", s.Seat, s.Kind, s.Cell, s.Value, s.Left, s.Opened)
	}
	if o.Beasts {
		b.WriteString("beasts: lion and unicorn\n")
	}
	for _, l := range o.Caption {
		fmt.Fprintf(&b, "caption: %s\n", l)
	}
	return b.String()
}

func TestGolden(t *testing.T) {
	for _, g := range goldens(t) {
		t.Run(g.name, func(t *testing.T) {
			data, err := PNG(g.v, g.o)
			if err != nil {
				t.Fatalf("PNG: %v", err)
			}
			pngPath := filepath.Join("testdata", g.name+".png")
			txtPath := filepath.Join("testdata", g.name+".txt")
			txt := textBoard(g.v, g.o)
			if *update {
				if err := os.WriteFile(pngPath, data, 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(txtPath, []byte(txt), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			wantTxt, err := os.ReadFile(txtPath)
			if err != nil {
				t.Fatalf("%v (run go test ./render -update)", err)
			}
			if string(wantTxt) != txt {
				t.Errorf("%s differs from the view:\n%s\nwant:\n%s", txtPath, txt, wantTxt)
			}
			want, err := os.ReadFile(pngPath)
			if err != nil {
				t.Fatalf("%v (run go test ./render -update)", err)
			}
			if d := comparePNG(t, data, want); d != "" {
				t.Errorf("%s: %s; the view:\n%s", pngPath, d, txt)
			}
		})
	}
}

// comparePNG compares two PNGs by decoded pixels. A handful of anti-aliased
// pixels may differ where float rounding differs between machines.
func comparePNG(t *testing.T, got, want []byte) string {
	t.Helper()
	g, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		t.Fatalf("decode rendered PNG: %v", err)
	}
	w, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		t.Fatalf("decode golden PNG: %v", err)
	}
	if g.Bounds() != w.Bounds() {
		return fmt.Sprintf("size %v, want %v", g.Bounds(), w.Bounds())
	}
	b := g.Bounds()
	diff := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if !sameColour(g.At(x, y), w.At(x, y)) {
				diff++
			}
		}
	}
	if limit := b.Dx() * b.Dy() / 2000; diff > limit {
		return fmt.Sprintf("%d pixels differ (at most %d may)", diff, limit)
	}
	return ""
}

func sameColour(a, b color.Color) bool {
	r1, g1, b1, _ := a.RGBA()
	r2, g2, b2, _ := b.RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2
}

// TestFogIsNotEmpty draws the same board once all fog and once all empty,
// from both sides, and checks that inside every cell every pixel differs.
func TestFogIsNotEmpty(t *testing.T) {
	for _, bottom := range []referee.Seat{referee.White, referee.Black} {
		for _, size := range []int{MinSize, 333, DefaultSize} {
			fogV := view(t, "kriegspiel", bottom, strings.Repeat("????????/", 7)+"????????")
			emptyV := view(t, "kriegspiel", bottom, strings.Repeat("......../", 7)+"........")
			moved := []string{"e2", "e4"}
			fogV.LastMove, emptyV.LastMove = moved, moved
			fog, err := Image(fogV, Options{Size: size})
			if err != nil {
				t.Fatal(err)
			}
			empty, err := Image(emptyV, Options{Size: size})
			if err != nil {
				t.Fatal(err)
			}
			lay := square8.Layout(size, bottom)
			for i, c := range lay.Cells {
				same := 0
				// The last move frames a fogged cell's edge; look inside it.
				in := c.Box
				if i == 12 || i == 28 {
					in = c.Box.Inset(c.Box.Dx() / 8)
				}
				for y := in.Min.Y; y < in.Max.Y; y++ {
					for x := in.Min.X; x < in.Max.X; x++ {
						if fog.ColorIndexAt(x, y) == empty.ColorIndexAt(x, y) {
							same++
						}
					}
				}
				if same > 0 {
					t.Errorf("%s at the bottom, %d px: cell %d: %d pixels of fog look empty", bottom, size, i, same)
				}
			}
		}
	}
}

// TestMenDistinct checks that every man of rules/README.md, of either side,
// is drawn differently from every other.
func TestMenDistinct(t *testing.T) {
	letters := "KQRBNPDGCASXkqrbnpdgcasx"
	seen := map[string]byte{}
	for _, beasts := range []bool{false, true} {
		for i := 0; i < len(letters); i++ {
			l := letters[i]
			img := image.NewPaletted(image.Rect(0, 0, 64, 64), palette())
			c := canvas{img}
			c.fill(img.Rect, cLight)
			c.drawMan(img.Rect, manOf(l), beasts)
			key := string(img.Pix)
			if beasts && upper(l) != 'K' && upper(l) != 'D' {
				continue
			}
			if o, ok := seen[key]; ok {
				t.Errorf("%q (beasts %v) is drawn like %q", l, beasts, o)
			}
			seen[key] = l
			blank := 0
			for _, p := range img.Pix {
				if p == cLight {
					blank++
				}
			}
			if blank > len(img.Pix)*9/10 {
				t.Errorf("%q (beasts %v) is almost invisible", l, beasts)
			}
		}
	}
}

func TestErrors(t *testing.T) {
	good := view(t, "chess", referee.White, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
	for _, tc := range []struct {
		name string
		edit func(*referee.View, *Options)
	}{
		{"small", func(v *referee.View, o *Options) { o.Size = MinSize - 1 }},
		{"large", func(v *referee.View, o *Options) { o.Size = MaxSize + 1 }},
		{"geometry", func(v *referee.View, o *Options) { v.Geometry = "hex" }},
		{"cells", func(v *referee.View, o *Options) { v.Cells = v.Cells[:63] }},
		{"letter", func(v *referee.View, o *Options) { v.Cells = append([]byte(nil), v.Cells...); v.Cells[5] = 'Z' }},
	} {
		v, o := good, Options{}
		tc.edit(&v, &o)
		if _, err := PNG(v, o); err == nil {
			t.Errorf("%s: PNG succeeded; want an error", tc.name)
		}
	}
	if _, err := PNG(good, Options{}); err != nil {
		t.Errorf("PNG(start) = %v", err)
	}
}

func TestCaptionWraps(t *testing.T) {
	v := view(t, "chess", referee.White, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
	one, err := Image(v, Options{Size: 320, Caption: []string{"short"}})
	if err != nil {
		t.Fatal(err)
	}
	long, err := Image(v, Options{Size: 320, Caption: []string{strings.Repeat("Ĉiuĵaŭde ŝanĝiĝas ", 8)}})
	if err != nil {
		t.Fatal(err)
	}
	if long.Rect.Dy() <= one.Rect.Dy() {
		t.Errorf("a long caption line did not wrap: height %d, one line %d", long.Rect.Dy(), one.Rect.Dy())
	}
	f := fonts().text
	for _, l := range wrap(advanceOf(f, 20), strings.Repeat("x", 200)+" end", 300) {
		if w := measure(f, 20, l); w > 300 {
			t.Errorf("wrapped line %q is %.0f px wide; want at most 300", l, w)
		}
	}
}

// TestCaptionGlyphs checks the text font has every letter the bot writes.
func TestCaptionGlyphs(t *testing.T) {
	for _, r := range "abcxyzABCXYZ0123456789ĉĝĥĵŝŭĈĜĤĴŜŬабвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВЯ—«»„“…" {
		if !has(fonts().text, r) {
			t.Errorf("the text font has no %q", r)
		}
	}
	for _, g := range menGlyphs {
		if !has(fonts().men, g.white) || !has(fonts().men, g.black) {
			t.Errorf("the men's font lacks %U or %U", g.white, g.black)
		}
	}
	for _, r := range []rune{lionGlyph, unicornGlyph} {
		if !has(fonts().beasts, r) {
			t.Errorf("the beasts' font lacks %U", r)
		}
	}
}

// diamonds is a test geometry whose cells are not their boxes: it proves
// that a new board shape needs no change to the drawing code.
type diamonds struct{}

func (diamonds) Name() string { return "diamonds" }
func (diamonds) Len() int     { return 4 }
func (diamonds) Cell(name string) (int, bool) {
	if len(name) == 1 && name[0] >= 'a' && name[0] <= 'd' {
		return int(name[0] - 'a'), true
	}
	return 0, false
}
func (diamonds) Layout(width int, bottom referee.Seat) Layout {
	l := Layout{Size: image.Pt(width, width), Text: 12}
	s := float64(width) / 4
	for i := 0; i < 4; i++ {
		cx := s + float64(i%2)*2*s
		cy := s + float64(i/2)*2*s
		box := image.Rect(int(cx-s/2), int(cy-s/2), int(cx+s/2), int(cy+s/2))
		l.Cells = append(l.Cells, Cell{
			Box:   box,
			Shape: [][2]float64{{cx, cy - s}, {cx + s, cy}, {cx, cy + s}, {cx - s, cy}},
			Shade: i % 3,
		})
		l.Labels = append(l.Labels, Label{string(rune('a' + i)), image.Pt(int(cx), int(cy+s*0.8))})
	}
	return l
}

func TestOtherGeometry(t *testing.T) {
	geometries["diamonds"] = diamonds{}
	defer delete(geometries, "diamonds")
	v := referee.View{Geometry: "diamonds", Cells: []byte("K?.q"), Marks: []string{"b"}, Checks: []string{"d"}}
	img, err := Image(v, Options{Size: 200})
	if err != nil {
		t.Fatal(err)
	}
	// The corner outside every diamond keeps the frame colour.
	if ix := img.ColorIndexAt(2, 2); ix != cFrame {
		t.Errorf("corner is colour %d; want the frame's", ix)
	}
	// The centre of the empty diamond c is its shade (2).
	if ix := img.ColorIndexAt(50, 150); ix != cThird {
		t.Errorf("empty diamond is colour %d; want %d", ix, cThird)
	}
}

// TestConcurrentSame draws views at once from many goroutines, and checks
// every picture is byte for byte the one drawn alone: pictures depend on
// the view and options only.
func TestConcurrentSame(t *testing.T) {
	gs := goldens(t)
	want := make([][]byte, len(gs))
	for i, g := range gs {
		var err error
		if want[i], err = PNG(g.v, g.o); err != nil {
			t.Fatal(err)
		}
	}
	// A fresh cache, so that goroutines race to fill it.
	sprites.reset()
	letters.Lock()
	letters.m = nil
	letters.Unlock()
	tiles.reset()
	layouts.reset()
	markMasks.reset()
	rounds := 4
	if testing.Short() {
		rounds = 2
	}
	errs := make(chan string, rounds*len(gs))
	var wg sync.WaitGroup
	for r := 0; r < rounds; r++ {
		for i, g := range gs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got, err := PNG(g.v, g.o)
				if err != nil || !bytes.Equal(got, want[i]) {
					errs <- fmt.Sprintf("%s: drawn concurrently, the picture differs (err %v)", g.name, err)
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// BenchmarkRender640 draws and encodes a Kriegspiel view at 640 pixels with
// a three-line caption. Beside ns/op it reports the bytes of one picture
// and, where it can, the processor time per picture (cpu-ns/op), which a
// busy shared machine disturbs less than the clock. Targets: 5 ms, 16 KB.
func BenchmarkRender640(b *testing.B) {
	v := view(b, "kriegspiel", referee.White, "????????/????????/????????/????????/????P???/5N2/PPPP1PPP/RNBQKB1R")
	v.Marks = []string{"d5"}
	v.LastMove = []string{"g1", "f3"}
	v.Checks = []string{"b5"}
	o := Options{Size: 640, Caption: []string{
		"Capture on d5.", "Check on the long diagonal.", "Your move: 2 pawn tries.",
	}}
	if _, err := PNG(v, o); err != nil { // fonts, palette and men built outside the loop
		b.Fatal(err)
	}
	benchPNG(b, v, o)
}

// benchPNG times PNG(v, o), reporting besides the time its allocations,
// the processor time of an image and the image's size.
func benchPNG(b *testing.B, v referee.View, o Options) {
	var n int
	b.ReportAllocs()
	start, cpuOK := cputime.Used()
	for b.Loop() {
		data, err := PNG(v, o)
		if err != nil {
			b.Fatal(err)
		}
		n = len(data)
	}
	if end, ok := cputime.Used(); ok && cpuOK {
		b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
	}
	b.ReportMetric(float64(n), "bytes/image")
}

// TestLaterMoveColours: a square of both the seat's own last move and
// the other side's is drawn in the colour of the later. With the seat to
// move the other side's move came last (it took on the square the seat
// had moved to): blue; with the other side to move, the seat's own (it
// took the man that had just moved): yellow.
func TestLaterMoveColours(t *testing.T) {
	for _, c := range []struct {
		turn  referee.Seat
		light uint8
	}{{referee.White, cLightSeen}, {referee.Black, cLightMove}} {
		v := view(t, "progressive", referee.White, strings.Repeat("......../", 7)+"........")
		v.Turn, v.LastMove, v.Seen = c.turn, []string{"e2", "e4"}, []string{"d5", "e4"}
		img, err := Image(v, Options{Size: DefaultSize})
		if err != nil {
			t.Fatal(err)
		}
		e4 := square8.Layout(DefaultSize, referee.White).Cells[28] // light
		corner := e4.Box.Min.Add(image.Pt(2, 2))
		if got := img.ColorIndexAt(corner.X, corner.Y); got != c.light {
			t.Errorf("%s to move: e4 drawn in colour %d; want %d", c.turn, got, c.light)
		}
	}
}
