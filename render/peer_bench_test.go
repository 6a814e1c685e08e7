package render

import (
	"testing"

	"umpire/referee"
)

// peerView is White's view of chess after 1.e4 d5 2.exd5 Qxd5: the
// position shared/peers/picture.py draws (python-chess's SVG through
// CairoSVG), its last move marked.
func peerView(t testing.TB) referee.View {
	t.Helper()
	v, _ := referee.Lookup("chess")
	g, err := v.New(referee.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"e2e4", "d7d5", "e4d5", "d8d5"} {
		if r := g.Play(referee.Action{Seat: g.Turn(), Text: m}); r.Verdict != referee.Accepted {
			t.Fatalf("%s: %s", m, r.Verdict)
		}
	}
	return g.View(referee.White)
}

// BenchmarkRenderPeer640 draws and encodes the peer's picture: the board
// after 1.e4 d5 2.exd5 Qxd5 at 640 pixels, its coordinates and last move,
// no header or caption. Compare its cpu-ns/op with the processor time
// per picture that shared/peers/picture.py prints.
func BenchmarkRenderPeer640(b *testing.B) {
	v := peerView(b)
	o := Options{Size: 640}
	if _, err := PNG(v, o); err != nil {
		b.Fatal(err)
	}
	benchPNG(b, v, o)
}
