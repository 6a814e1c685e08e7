package store

import (
	"container/list"
	"sync"

	"umpire/referee"
)

// The log cache. A game's log grows with every action (a Kriegspiel game
// of many tries may log tens of thousands), and decoding it all on every
// Apply made an action's cost grow with its game's age. So the DB keeps
// the logs of the games recently applied, decoded, and Apply reads of a
// game's log only its length (the last key of its bucket): when the cache
// holds a log of that length, fn gets it as it is, and Apply writes only
// the entries fn appends. A log is append-only, so a cached log that is
// longer than a reader's snapshot still holds that snapshot's log as its
// first entries.
//
// Sharing, and why it is safe: the cached slices are appended to in place
// by the writer goroutine alone (fn's g.Log, beyond the cached length),
// while readers copy the cached length's entries, never more; every Game
// returned outside Apply's fn is a copy. A log decoded or extended in a
// transaction is cached only once that transaction has committed. When fn
// fails, or changes entries it may not, its game leaves the cache (fn may
// have changed them in place).

// DefaultLogCache is how many log entries the cache holds, in all games,
// when Options.LogCache is zero: a few tens of megabytes.
const DefaultLogCache = 1 << 19

// logCache keeps decoded logs, the least recently used evicted first, up
// to max entries in all. Safe for concurrent use.
type logCache struct {
	mu    sync.Mutex
	max   int
	size  int                      // entries held (capacity, as allocated)
	games map[uint64]*list.Element // → *cachedLog
	lru   list.List                // front: most recently used
}

type cachedLog struct {
	id   uint64
	acts []referee.Action
}

func newLogCache(max int) *logCache {
	return &logCache{max: max, games: map[uint64]*list.Element{}}
}

// get returns a game's cached log cut to its first n entries, if the
// cache holds at least n (exactly n when exact: the writer appends to it
// in place). The slice shares memory with the cache: the caller copies
// it, or (the writer) only appends to it.
func (c *logCache) get(id uint64, n int, exact bool) ([]referee.Action, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.games[id]
	if !ok {
		return nil, false
	}
	cl := e.Value.(*cachedLog)
	if len(cl.acts) < n || exact && len(cl.acts) != n {
		return nil, false
	}
	c.lru.MoveToFront(e)
	return cl.acts[:n], true
}

// put caches a game's log, unless a longer one is cached; a log longer
// than the whole cache is not kept.
func (c *logCache) put(id uint64, acts []referee.Action) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.games[id]; ok {
		cl := e.Value.(*cachedLog)
		if len(cl.acts) > len(acts) {
			return
		}
		c.size -= cap(cl.acts)
		c.lru.Remove(e)
		delete(c.games, id)
	}
	if cap(acts) > c.max {
		return
	}
	c.games[id] = c.lru.PushFront(&cachedLog{id, acts})
	c.size += cap(acts)
	for c.size > c.max {
		e := c.lru.Back()
		cl := e.Value.(*cachedLog)
		c.size -= cap(cl.acts)
		c.lru.Remove(e)
		delete(c.games, cl.id)
	}
}

// drop forgets a game's log.
func (c *logCache) drop(id uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.games[id]; ok {
		c.size -= cap(e.Value.(*cachedLog).acts)
		c.lru.Remove(e)
		delete(c.games, id)
	}
}

// len is how many games' logs are cached, and how many entries in all.
func (c *logCache) len() (games, entries int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.games), c.size
}
