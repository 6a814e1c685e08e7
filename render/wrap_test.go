package render

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// counted returns adv with a counter of the letters it measures.
func counted(adv advance) (advance, *int) {
	n := new(int)
	return func(r rune) float64 {
		*n++
		return adv(r)
	}, n
}

// captionWork counts the letters measured to lay out caption on a 640
// pixel picture, the default size, and returns its lines.
func captionWork(caption string) (int, []string) {
	px := 24.0 // caption's letter size at 640 pixels
	adv, n := counted(advanceOf(fonts().text, px))
	lines := captionLines([]string{caption}, adv, 640-1.6*px)
	return *n, lines
}

// oneWord64K and shortWords64K are captions of the same length: one word
// of 64 KB, and 64 KB of three-letter words.
var (
	oneWord64K    = strings.Repeat("x", 64<<10)
	shortWords64K = strings.Repeat("xxx ", 16<<10)
)

// TestCaptionLayoutLinear counts the work of laying a caption out: a
// caption that is one 64 KB word costs at most twice as many letter
// measurements as one of the same length made of short words, and about
// one per letter.
func TestCaptionLayoutLinear(t *testing.T) {
	long, longLines := captionWork(oneWord64K)
	short, shortLines := captionWork(shortWords64K)
	t.Logf("one 64 KB word: %d measurements, %d lines; short words: %d, %d lines",
		long, len(longLines), short, len(shortLines))
	if long > 2*short {
		t.Errorf("one 64 KB word took %d letter measurements, short words of the same length %d; want at most twice", long, short)
	}
	if long > len(oneWord64K)+1 {
		t.Errorf("one 64 KB word took %d letter measurements for %d letters", long, len(oneWord64K))
	}
	if strings.Join(longLines, "") != oneWord64K || len(longLines) < 100 {
		t.Errorf("the 64 KB word was broken into %d lines that do not spell it", len(longLines))
	}
}

// naiveWrap is wrap's definition, spelled out the slow way: add the next
// word to the line while the whole line measures at most width; a word
// alone wider than width is cut into the longest prefixes that fit, each
// at least one letter.
func naiveWrap(adv advance, s string, width float64) []string {
	measure := func(s string) float64 {
		w := 0.0
		for _, r := range s {
			w += adv(r)
		}
		return w
	}
	var lines []string
	cur := ""
	for _, w := range strings.Fields(s) {
		if try := strings.TrimPrefix(cur+" "+w, " "); measure(try) <= width {
			cur = try
			continue
		}
		if cur != "" {
			lines = append(lines, cur)
		}
		for measure(w) > width {
			n := len(string([]rune(w)[:1]))
			for n < len(w) {
				next := n + len(string([]rune(w[n:])[:1]))
				if measure(w[:next]) > width {
					break
				}
				n = next
			}
			lines = append(lines, w[:n])
			w = w[n:]
		}
		cur = w
	}
	if cur != "" || len(lines) == 0 {
		lines = append(lines, cur)
	}
	return lines
}

// TestWrapAsDefined compares wrap with naiveWrap on random texts of short
// and long words, some letters wider than the line, with whole-pixel
// letter widths so that both add exactly.
func TestWrapAsDefined(t *testing.T) {
	adv := func(r rune) float64 { return float64(r%7 + 1) }
	letters := []rune("ab ĉŝ  жя\tXYZ\u2654")
	rng := rand.New(rand.NewPCG(14, 1))
	for range 2000 {
		text := make([]rune, rng.IntN(60))
		for i := range text {
			text[i] = letters[rng.IntN(len(letters))]
		}
		s, width := string(text), float64(rng.IntN(40))
		got, want := wrap(adv, s, width), naiveWrap(adv, s, width)
		if !slices.Equal(got, want) {
			t.Fatalf("wrap(%q, %v) = %q; want %q", s, width, got, want)
		}
	}
}

// BenchmarkCaptionLayout lays out a 64 KB caption on a 640 pixel picture:
// one word, and short words. The two should cost about the same per byte.
func BenchmarkCaptionLayout(b *testing.B) {
	for _, tc := range []struct{ name, caption string }{
		{"one-64KB-word", oneWord64K},
		{"short-words-64KB", shortWords64K},
	} {
		b.Run(tc.name, func(b *testing.B) {
			adv := advanceOf(fonts().text, 24)
			b.SetBytes(int64(len(tc.caption)))
			for b.Loop() {
				captionLines([]string{tc.caption}, adv, 640-1.6*24)
			}
		})
	}
}

// TestCaptionHeightBounded: a caption longer than MaxCaptionLines makes a
// picture no taller than one of exactly that many lines.
func TestCaptionHeightBounded(t *testing.T) {
	v := view(t, "chess", "white", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
	height := func(lines int) int {
		t.Helper()
		img, err := Image(v, Options{Size: 320, Caption: []string{strings.Repeat("line\n", lines-1) + "line"}})
		if err != nil {
			t.Fatal(err)
		}
		return img.Bounds().Dy()
	}
	full, few := height(MaxCaptionLines), height(MaxCaptionLines-1)
	if full <= few {
		t.Fatalf("%d lines make a picture %d tall, %d lines %d; want taller", MaxCaptionLines, full, MaxCaptionLines-1, few)
	}
	if long := height(2000); long != full {
		t.Errorf("2000 caption lines make a picture %d tall; want %d, as %d lines", long, full, MaxCaptionLines)
	}
}
