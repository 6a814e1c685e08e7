package webapp_test

import (
	"net/http"
	"testing"
)

// BenchmarkPageLoad loads the page as a Telegram client does on first
// opening it (the HTML, its style, its script) and reports its size.
func BenchmarkPageLoad(b *testing.B) {
	r := newRig(b)
	size := 0
	for b.Loop() {
		size = 0
		for _, p := range []string{"/", "/app.css", "/app.js"} {
			code, body := r.get(0, p)
			if code != http.StatusOK {
				b.Fatalf("%s: %d", p, code)
			}
			size += len(body)
		}
	}
	b.ReportMetric(float64(size), "bytes/load")
}

// opening is a game's worth of moves, White and Black in turn, that never
// repeats a position.
var opening = []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3", "f8c5", "c2c3", "d7d6",
	"b1d2", "a7a6", "a2a4", "c8e6", "h2h3", "h7h6"}

// BenchmarkTapToRuling is a tap's round trip on loopback: the page's
// request, the bot's ruling on a real store, the state the page shows
// next. A new game starts every len(opening) moves, outside the timer.
func BenchmarkTapToRuling(b *testing.B) {
	r := newRig(b)
	var id uint64
	n := 0
	for b.Loop() {
		if n%len(opening) == 0 {
			b.StopTimer()
			id = r.newGame("chess")
			b.StartTimer()
		}
		who := ann
		if n%2 == 1 {
			who = ben
		}
		if code, body := r.post(who, id, opening[n%len(opening)], "t"+itoa(uint64(n))); code != http.StatusOK {
			b.Fatalf("act: %d %s", code, body)
		}
		n++
	}
}
