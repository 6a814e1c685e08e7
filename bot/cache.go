package bot

import (
	"fmt"
	"sync"

	"umpire/referee"
	"umpire/store"
)

// gameCache keeps referee games already replayed, so that a move does not
// replay its game's whole log. An entry is owned by whoever took it: take
// removes it, and put returns it once the log it was played to is
// committed. It holds at most max games and maxEntries log entries played
// in all (a referee game keeps its journal: memory grows with its log).
// Safe for concurrent use.
type gameCache struct {
	mu         sync.Mutex
	max        int
	maxEntries int
	entries    int // log entries played by the games held
	games      map[uint64]cached
}

// Bounds of the bot's cache of referee games.
const (
	cacheGames   = 4096
	cacheEntries = 1 << 20
)

type cached struct {
	g referee.Game
	n int // log entries played
}

func newGameCache(max, maxEntries int) *gameCache {
	return &gameCache{max: max, maxEntries: maxEntries, games: map[uint64]cached{}}
}

// take returns game g's referee game replayed to its whole log, from the
// cache when it holds one at that length, else by replaying.
func (c *gameCache) take(g *store.Game) (referee.Game, error) {
	c.mu.Lock()
	e, ok := c.games[g.ID]
	if ok {
		c.remove(g.ID)
	}
	c.mu.Unlock()
	if ok && e.n == len(g.Log) {
		return e.g, nil
	}
	return replay(g, len(g.Log))
}

// put gives back a game played to n log entries, unless a longer one is
// there.
func (c *gameCache) put(id uint64, g referee.Game, n int) {
	if g == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.games[id]; ok && e.n >= n {
		return
	}
	c.remove(id)
	if n > c.maxEntries {
		return // bigger than the whole cache
	}
	for k := range c.games { // evict at random until there is room
		if len(c.games) < c.max && c.entries+n <= c.maxEntries {
			break
		}
		c.remove(k)
	}
	c.games[id] = cached{g, n}
	c.entries += n
}

// remove drops game id, if held. The caller holds mu.
func (c *gameCache) remove(id uint64) {
	if e, ok := c.games[id]; ok {
		c.entries -= e.n
		delete(c.games, id)
	}
}

// replay rebuilds a stored game's referee game from the first n entries of
// its log.
func replay(g *store.Game, n int) (referee.Game, error) {
	v, ok := referee.Lookup(g.Variant)
	if !ok {
		return nil, fmt.Errorf("bot: game %d: unknown variant %q", g.ID, g.Variant)
	}
	rg, err := referee.Replay(v, g.Options, g.Log[:n])
	if err != nil {
		return nil, fmt.Errorf("bot: game %d: %w", g.ID, err)
	}
	return rg, nil
}
