package post

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"umpire/render"
)

// TestOneReplayAtATime: however many senders end games at once, the
// process draws one fog replay at a time.
func TestOneReplayAtATime(t *testing.T) {
	var drawing, most atomic.Int32
	o := &Office{replay: func([]render.Frame) ([]byte, error) {
		n := drawing.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		for range 100 {
			runtime.Gosched() // a replay takes a while; let another sender try
		}
		drawing.Add(-1)
		return []byte("GIF89a"), nil
	}}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 20 {
				if _, err := o.Replay(nil); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	if m := most.Load(); m != 1 {
		t.Errorf("%d replays were drawn at once; want 1", m)
	}
}
