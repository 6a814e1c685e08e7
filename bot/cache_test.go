package bot

import (
	"testing"

	"umpire/referee"
)

// TestGameCacheBounded: the cache of referee games holds no more games,
// nor log entries played in all, than it may.
func TestGameCacheBounded(t *testing.T) {
	t.Parallel()
	v, _ := referee.Lookup("chess")
	c := newGameCache(3, 100)
	for id := uint64(1); id <= 10; id++ {
		g, err := v.New(referee.Options{})
		if err != nil {
			t.Fatal(err)
		}
		c.put(id, g, int(id)*10)
		if len(c.games) > 3 || c.entries > 100 {
			t.Fatalf("after game %d the cache holds %d games, %d entries; want at most 3, 100", id, len(c.games), c.entries)
		}
	}
	sum := 0
	for _, e := range c.games {
		sum += e.n
	}
	if sum != c.entries || len(c.games) == 0 {
		t.Errorf("the cache counts %d entries, holds %d in %d games", c.entries, sum, len(c.games))
	}
	c.put(99, nil, 5)
	c.put(98, c.games[10].g, 1000) // bigger than the cache: not kept
	if _, ok := c.games[98]; ok {
		t.Error("a game bigger than the whole cache was kept")
	}
}
