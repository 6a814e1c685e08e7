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
				if !l.reserve(to, now, later, false).After(now) {
					t.Errorf("a row not due until %v went at %v", later, now)
				}
				if !l.reserve(to, now, time.Time{}, false).After(now) {
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

// TestLimiterPaced: in a group (one a second, twenty a minute) paced rows
// go evenly, one every 60/16 s, and leave four turns of every minute to
// rows that are not paced, which go at once.
func TestLimiterPaced(t *testing.T) {
	t.Parallel()
	l := newLimiter(wire.Limits{Chat: func(wire.Address) []wire.Rate {
		return []wire.Rate{{N: 1, Per: time.Second}, {N: 20, Per: time.Minute}}
	}})
	group := store.Address{Transport: "t", ID: "-1"}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	step := time.Minute / 16
	var went []time.Duration
	for now := t0; now.Before(t0.Add(2 * time.Minute)); now = now.Add(250 * time.Millisecond) {
		if l.reserve(group, now, time.Time{}, true).Equal(now) {
			went = append(went, now.Sub(t0))
		}
	}
	for i := 1; i < len(went); i++ {
		if d := went[i] - went[i-1]; d < step {
			t.Fatalf("paced rows at +%v and +%v: %v apart; want %v at least", went[i-1], went[i], d, step)
		}
	}
	if len(went) < 30 {
		t.Errorf("%d paced rows in two minutes; want 32 or so", len(went))
	}
	now := t0.Add(2*time.Minute + time.Second)
	for i := range headroom {
		if at := l.reserve(group, now, time.Time{}, false); !at.Equal(now) {
			t.Fatalf("the end's row %d waits until +%v after the paced rows", i, at.Sub(now))
		}
		now = now.Add(time.Second)
	}
}
