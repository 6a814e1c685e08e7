package wire

import (
	"testing"
	"time"
)

func TestBackoff(t *testing.T) {
	b := Backoff{Base: 2 * time.Second, Max: time.Hour}
	for attempt, want := range map[int]time.Duration{1: 2 * time.Second, 2: 4 * time.Second, 5: 32 * time.Second, 12: time.Hour, 300: time.Hour} {
		if got := b.Ceiling(attempt); got != want {
			t.Errorf("Ceiling(%d) = %v; want %v", attempt, got, want)
		}
		seen := map[time.Duration]bool{}
		for range 200 {
			d := b.Delay(attempt)
			if d > want || d < want*3/4 {
				t.Fatalf("Delay(%d) = %v; want within [%v, %v]", attempt, d, want*3/4, want)
			}
			seen[d] = true
		}
		if len(seen) < 2 {
			t.Errorf("Delay(%d) took one value in 200 tries: no jitter", attempt)
		}
	}
}
