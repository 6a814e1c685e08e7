package render

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"umpire/internal/cputime"

	"umpire/referee"
)

// replayGame plays moves (coordinates, White first) in Kriegspiel and
// returns one frame a ply, the start first: White's, Black's and the god's
// views, each under a caption of its seat and the codes it heard.
func replayGame(t testing.TB, moves []string) []Frame {
	t.Helper()
	v, _ := referee.Lookup("kriegspiel")
	g, err := v.New(referee.Options{})
	if err != nil {
		t.Fatal(err)
	}
	frames := []Frame{frameOf(g, g.Start())}
	for _, m := range moves {
		r := g.Play(referee.Action{Seat: g.Turn(), Text: m})
		if r.Verdict != referee.Accepted {
			t.Fatalf("%s: %s", m, r.Verdict)
		}
		frames = append(frames, frameOf(g, r.Said))
	}
	return frames
}

// frameOf is the frame of a game now, after said.
func frameOf(g referee.Game, said []referee.Announcement) Frame {
	var f Frame
	for _, s := range []referee.Seat{referee.White, referee.Black, referee.God} {
		f.Views = append(f.Views, g.View(s))
		caption := []string{string(s)}
		for _, a := range referee.For(said, s) {
			caption = append(caption, a.Code)
		}
		f.Captions = append(f.Captions, caption)
	}
	return f
}

// decodeFrames decodes a GIF and returns each frame as a viewer sees it:
// drawn over the frames before it.
func decodeFrames(t *testing.T, data []byte) []*image.RGBA {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var out []*image.RGBA
	for _, f := range g.Image {
		draw.Draw(canvas, f.Rect, f, f.Rect.Min, draw.Over)
		out = append(out, image.NewRGBA(canvas.Rect))
		copy(out[len(out)-1].Pix, canvas.Pix)
	}
	return out
}

// TestReplayGolden: the frames of a short replay, decoded from the GIF,
// are the golden pictures (testdata/replay-N.png) pixel for pixel, and
// each is the views drawn one above the other (ReplayFrames).
func TestReplayGolden(t *testing.T) {
	frames := replayGame(t, []string{"e2e4", "d7d5", "e4d5", "d8d5"})
	o := ReplayOptions{Size: MinSize}
	var b bytes.Buffer
	if err := GIF(&b, frames, o); err != nil {
		t.Fatal(err)
	}
	got := decodeFrames(t, b.Bytes())
	if len(got) != len(frames) {
		t.Fatalf("%d frames in the GIF; want %d", len(got), len(frames))
	}
	whole, _ := ReplayFrames(frames, o)
	for i, img := range got {
		if !samePixels(img, whole[i]) {
			t.Errorf("frame %d of the GIF differs from the frame drawn whole", i)
		}
		name := filepath.Join("testdata", fmt.Sprintf("replay-%d.png", i))
		if *update {
			var p bytes.Buffer
			if err := png.Encode(&p, whole[i]); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(name, p.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want := readPNG(t, name)
		if !samePixels(img, want) {
			t.Errorf("frame %d differs from %s (run go test ./render -update, and look)", i, name)
		}
	}
}

// readPNG decodes a golden picture.
func readPNG(t *testing.T, name string) image.Image {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatalf("%v (run go test ./render -update)", err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// samePixels compares two pictures by their colours.
func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}

// TestReplayErrors: no frames, or a view render cannot draw, is an error.
func TestReplayErrors(t *testing.T) {
	var b bytes.Buffer
	if err := GIF(&b, nil, ReplayOptions{}); err == nil {
		t.Error("GIF of no frames: no error")
	}
	if err := GIF(&b, []Frame{{}}, ReplayOptions{}); err == nil {
		t.Error("GIF of a frame without views: no error")
	}
	bad := Frame{Views: []referee.View{{Geometry: "hex"}}}
	if err := GIF(&b, []Frame{bad}, ReplayOptions{}); err == nil || !strings.Contains(err.Error(), "geometry") {
		t.Errorf("GIF of a view of no geometry: %v", err)
	}
}

// longGame is an 80-ply game (a Najdorf that runs long) for the benchmark.
var longGame = strings.Fields(`e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6 c1e3 e7e5 d4b3 c8e6 f2f3 f8e7
d1d2 e8g8 e1c1 b8d7 g2g4 b7b5 g4g5 b5b4 c3e2 f6e8 f3f4 a6a5 f4f5 a5a4 b3d4 e5d4
e2d4 e6c4 c1b1 d7e5 f1h3 a4a3 b2b3 c4b5 h1g1 e7g5 e3g5 d8g5 d2g5 e8f6 g5g2 f8c8
d4b5 c8c2 g2c2 a8b8 c2c7 g8h8 c7d6 e5c4 d6d3 c4a5 d3d6 h7h6 d6b8 h8h7 b8a8 a5b3
a2b3 f6e4 a8e4 h7g8 e4e8 g8h7 h3f1 g7g6 e8f7 h7h8 f7g6 h6h5 g1g5 h5h4 b5c7 h4h3`)

// BenchmarkReplay80 draws the replay of an 80-ply Kriegspiel game, three
// panels of 360 pixels a frame, one above the other, and reports the GIF's
// size (bytes/gif) and what was allocated while it was made (B/op).
// Targets: under 500 KB and under 20 MB allocated.
func BenchmarkReplay80(b *testing.B) {
	frames := replayGame(b, longGame)
	if len(frames) != 81 {
		b.Fatalf("%d frames; want 81", len(frames))
	}
	b.ReportAllocs()
	var n int
	start, cpuOK := cputime.Used()
	for b.Loop() {
		var out bytes.Buffer
		if err := GIF(&out, frames, ReplayOptions{}); err != nil {
			b.Fatal(err)
		}
		n = out.Len()
	}
	b.ReportMetric(float64(n), "bytes/gif")
	if end, ok := cputime.Used(); ok && cpuOK {
		b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
	}
}

// TestReplayReadsOnAPhone: a replay shown 360 pixels wide, as a phone
// shows it, draws every board at least 300 pixels wide (the views one
// above the other, each the frame's width), and the replay of an 80-ply
// game stays under 500 KB.
func TestReplayReadsOnAPhone(t *testing.T) {
	t.Parallel()
	frames := replayGame(t, longGame)
	for _, v := range frames[0].Views {
		lay := square8.Layout(DefaultReplaySize, v.Bottom)
		left, right := lay.Size.X, 0
		for _, c := range lay.Cells {
			left, right = min(left, c.Box.Min.X), max(right, c.Box.Max.X)
		}
		if board := right - left; board < 300 {
			t.Errorf("%s's board is %d px of a %d px frame; want at least 300", v.Seat, board, DefaultReplaySize)
		}
	}
	var out bytes.Buffer
	if err := GIF(&out, frames, ReplayOptions{}); err != nil {
		t.Fatal(err)
	}
	if out.Len() >= 500<<10 {
		t.Errorf("the replay of %d plies is %d bytes; want under 500 KB", len(frames)-1, out.Len())
	}
}

// TestReplayShowsTheViews: every frame of a long replay, decoded from the
// GIF, is the frame drawn whole, and each of its panels is the view under
// its caption drawn alone (Image), in a place of its own that does not
// move from frame to frame: the replay shows each reader what its view
// shows, and nothing else.
func TestReplayShowsTheViews(t *testing.T) {
	t.Parallel()
	frames := replayGame(t, longGame)
	o := ReplayOptions{Size: MinSize}
	var b bytes.Buffer
	if err := GIF(&b, frames, o); err != nil {
		t.Fatal(err)
	}
	got := decodeFrames(t, b.Bytes())
	whole, err := ReplayFrames(frames, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(frames) || len(whole) != len(frames) {
		t.Fatalf("%d frames in the GIF, %d drawn; want %d", len(got), len(whole), len(frames))
	}
	panels := make([][]*image.Paletted, len(frames))
	var heights []int
	for i, f := range frames {
		for j, v := range f.Views {
			img, err := Image(v, Options{Size: o.Size, Caption: f.Captions[j]})
			if err != nil {
				t.Fatal(err)
			}
			panels[i] = append(panels[i], img)
			if j == len(heights) {
				heights = append(heights, 0)
			}
			heights[j] = max(heights[j], img.Rect.Dy())
		}
	}
	for i := range frames {
		if !samePixels(got[i], whole[i]) {
			t.Errorf("frame %d of the GIF differs from the frame drawn whole", i)
		}
		top := 0
		for j, p := range panels[i] {
			if !sameAt(whole[i], p, top) {
				t.Errorf("frame %d, panel %d differs from its view drawn alone", i, j)
			}
			top += heights[j] + gap
		}
	}
}

// sameAt reports whether img, moved down by dy, has the colours of p.
func sameAt(img image.Image, p *image.Paletted, dy int) bool {
	for y := range p.Rect.Dy() {
		for x := range p.Rect.Dx() {
			r1, g1, b1, a1 := img.At(x, y+dy).RGBA()
			r2, g2, b2, a2 := p.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}
