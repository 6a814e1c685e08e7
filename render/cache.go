package render

import "sync"

// A cache keeps what was made for one picture for the next that needs it:
// men, tiles, laid out boards, markers (letters have a look-up of their
// own, fonts.go: a line is measured a letter at a time). It is emptied whole
// when it would hold more than maxLen things or maxBytes bytes (as size
// counts them; nil size counts nothing), so it stays small whatever asks.
// It is safe for concurrent use; two pictures may make the same thing at
// once, which is harmless since making it is deterministic.
type cache[K comparable, V any] struct {
	maxLen, maxBytes int
	size             func(V) int

	mu    sync.Mutex
	m     map[K]V
	bytes int
}

// get returns what was kept for k, or what make makes, kept.
func (c *cache[K, V]) get(k K, make func() V) V {
	c.mu.Lock()
	v, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return v
	}
	v = make()
	n := 0
	if c.size != nil {
		n = c.size(v)
	}
	c.mu.Lock()
	if c.m == nil || len(c.m) >= c.maxLen || c.bytes+n > c.maxBytes {
		c.m, c.bytes = map[K]V{}, 0
	}
	c.m[k] = v
	c.bytes += n
	c.mu.Unlock()
	return v
}

// reset empties the cache.
func (c *cache[K, V]) reset() {
	c.mu.Lock()
	c.m, c.bytes = nil, 0
	c.mu.Unlock()
}
