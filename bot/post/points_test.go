package post

import "testing"

// TestPoints: scores and tiebreaks as players write them, the same in
// every language.
func TestPoints(t *testing.T) {
	t.Parallel()
	for x, want := range map[float64]string{0: "0", 0.25: "¼", 0.5: "½", 0.75: "¾", 2: "2", 2.5: "2½", 1.25: "1¼", 3.75: "3¾", 1.125: "1.125"} {
		if got := points(x); got != want {
			t.Errorf("points(%v) = %q; want %q", x, got, want)
		}
	}
}
