package referee

import (
	"strconv"
	"strings"
)

// Points reads a result as the points of each of n seats, in seat order:
// "1-0", "0-1" and "1/2-1/2" in a two-seat game, the three seats' points
// in three-player chess ("2-1-0", "1.5-1.5-0", "1-1-1"), which share
// three. It reports false for a game without a result ("*", aborted or
// abandoned) and for anything it cannot read.
func Points(result string, n int) ([]float64, bool) {
	parts := strings.Split(result, "-")
	if len(parts) != n || n < 2 {
		return nil, false
	}
	out := make([]float64, n)
	for i, p := range parts {
		if p == "1/2" {
			out[i] = 0.5
			continue
		}
		f, err := strconv.ParseFloat(p, 64)
		if err != nil || f < 0 || f > float64(n) {
			return nil, false
		}
		out[i] = f
	}
	return out, true
}
