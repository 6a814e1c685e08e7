package house

import "testing"

// TestWary: a try's mean over the worlds is drawn a third of the way to
// its worst world, never above its mean.
func TestWary(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ mean, worst, want int }{
		{10, 10, 10}, {-1, -80, -27}, {9, 0, 6}, {5, 20, 5},
	} {
		if got := wary(c.mean, c.worst); got != c.want {
			t.Errorf("wary(%d, %d) = %d; want %d", c.mean, c.worst, got, c.want)
		}
	}
}
