package referee

import (
	"slices"
	"testing"
)

func TestPoints(t *testing.T) {
	for _, c := range []struct {
		result string
		n      int
		want   []float64
	}{
		{"1-0", 2, []float64{1, 0}},
		{"0-1", 2, []float64{0, 1}},
		{"1/2-1/2", 2, []float64{0.5, 0.5}},
		{"2-1-0", 3, []float64{2, 1, 0}},
		{"1.5-1.5-0", 3, []float64{1.5, 1.5, 0}},
		{"1-1-1", 3, []float64{1, 1, 1}},
		{"*", 2, nil},
		{"1-0", 3, nil},
		{"x-0", 2, nil},
		{"-1-0", 2, nil},
	} {
		got, ok := Points(c.result, c.n)
		if ok != (c.want != nil) || !slices.Equal(got, c.want) {
			t.Errorf("Points(%q, %d) = %v, %v; want %v", c.result, c.n, got, ok, c.want)
		}
	}
}
