package post

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"umpire/bot/wire"
	"umpire/store"
)

// TestLimiterForgets: a long-running sender writes to ever new chats; the
// limiter must forget the chats whose sends no longer count against any
// rate, or it grows by one entry per chat for as long as the umpire runs.
func TestLimiterForgets(t *testing.T) {
	t.Parallel()
	l := newLimiter(DefaultLimits)
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range 100000 {
		l.take(store.Address{Transport: "t", ID: fmt.Sprint(i)}, t0.Add(time.Duration(i)*10*time.Millisecond))
	}
	if n := len(l.sent); n > 2000 {
		t.Errorf("the limiter remembers %d chats after sending to 100000, 100 a second", n)
	}
}

// TestLimiterForgetsNothingThatCounts: forgetting never changes when a
// message may go.
func TestLimiterForgetsNothingThatCounts(t *testing.T) {
	t.Parallel()
	limits := wire.Limits{
		Global: []wire.Rate{{N: 30, Per: time.Second}, {N: 100, Per: time.Minute}},
		Chat: func(to wire.Address) []wire.Rate {
			if to.ID[0] == 'g' {
				return []wire.Rate{{N: 20, Per: time.Minute}, {N: 1, Per: time.Second}}
			}
			return []wire.Rate{{N: 1, Per: time.Second}}
		},
	}
	keep, forget := newLimiter(limits), newLimiter(limits)
	keep.sweep = 1 << 30
	rng := rand.New(rand.NewPCG(1, 2))
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range 20000 {
		now = now.Add(time.Duration(rng.IntN(3000)) * time.Millisecond)
		to := store.Address{Transport: "t", ID: fmt.Sprintf("%c%d", "gp"[rng.IntN(2)], rng.IntN(50))}
		a, b := keep.next(to, now), forget.next(to, now)
		if !a.Equal(b) {
			t.Fatalf("step %d: next(%s) = %v; without forgetting %v", i, to, b, a)
		}
		if !a.After(now) {
			keep.take(to, now)
			forget.take(to, now)
			forget.prune(now)
		}
	}
}
