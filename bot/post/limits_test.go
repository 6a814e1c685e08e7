package post

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"umpire/bot/wire"
	"umpire/store"
)

func TestLimiter(t *testing.T) {
	t.Parallel()
	l := newLimiter(wire.Limits{
		Global: []wire.Rate{{N: 3, Per: time.Second}},
		Chat:   func(wire.Address) []wire.Rate { return []wire.Rate{{N: 1, Per: time.Second}} },
	})
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	addr := func(id string) store.Address { return store.Address{Transport: "t", ID: id} }
	a, b, c, d := addr("a"), addr("b"), addr("c"), addr("d")
	steps := []struct {
		to   store.Address
		at   time.Duration
		want time.Duration // when it may go
	}{
		{a, 0, 0},
		{a, 100 * time.Millisecond, time.Second}, // one a second per chat
		{b, 100 * time.Millisecond, 100 * time.Millisecond},
		{c, 200 * time.Millisecond, 200 * time.Millisecond},
		{d, 300 * time.Millisecond, time.Second}, // three a second in all
	}
	for i, s := range steps {
		now := t0.Add(s.at)
		got := l.next(s.to, now)
		if want := t0.Add(s.want); !got.Equal(want) {
			t.Errorf("step %d: next(%s) = +%v; want +%v", i, s.to, got.Sub(t0), s.want)
		}
		if !got.After(now) {
			l.take(s.to, now)
		}
	}
}

// TestLimiterReserveConcurrent: senders side by side never take more
// turns than a rate has, and a row not due takes none.
func TestLimiterReserveConcurrent(t *testing.T) {
	t.Parallel()
	l := newLimiter(wire.Limits{Global: []wire.Rate{{N: 30, Per: time.Second}}})
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	later := now.Add(time.Minute)
	var took atomic.Int64
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for j := range 20 {
				to := store.Address{Transport: "t", ID: fmt.Sprint(i, "-", j)}
				if !l.reserve(to, now, later).After(now) {
					t.Errorf("a row not due until %v went at %v", later, now)
				}
				if !l.reserve(to, now, time.Time{}).After(now) {
					took.Add(1)
				}
			}
		})
	}
	wg.Wait()
	if took.Load() != 30 {
		t.Errorf("%d messages went in one second; want 30", took.Load())
	}
	if at := l.next(store.Address{Transport: "t", ID: "x"}, now); !at.Equal(now.Add(time.Second)) {
		t.Errorf("next = %v; want %v", at, now.Add(time.Second))
	}
}
