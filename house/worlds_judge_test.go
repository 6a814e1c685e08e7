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

// TestKingHazard: a rook set unguarded next to cells the enemy king may
// stand on risks its worth by their share; guarded, or far, nothing.
func TestKingHazard(t *testing.T) {
	t.Parallel()
	p := seatBoard(t, "8/8/8/8/8/8/8/R3K3 w - - 0 1", 0)
	s := &sight{us: 0, pos: p}
	k := &kingTrack{cells: cells("a7", "h8")}
	for _, c := range []struct {
		move string
		want int
	}{{"a1a6", 25}, {"a1a3", 0}, {"a1b1", 0}} {
		if got := kingHazard(k, s, move(t, &p, c.move)); got != c.want {
			t.Errorf("%s: hazard %d; want %d", c.move, got, c.want)
		}
	}
	q := seatBoard(t, "8/8/8/8/8/1K6/8/R7 w - - 0 1", 0)
	s = &sight{us: 0, pos: q}
	k = &kingTrack{cells: cells("a3", "h8")}
	if got := kingHazard(k, s, move(t, &q, "a1a2")); got != 0 {
		t.Errorf("a rook guarded by its king: hazard %d", got)
	}
}
