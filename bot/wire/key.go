package wire

import (
	"strconv"
	"strings"
)

// KeyGame reads the game number a seat's key starts with ("12-…" → 12),
// or 0 when it starts with none. It tells only which game a key claims;
// whether the key opens a seat there is the bot's to check.
func KeyGame(key string) uint64 {
	id, _, _ := strings.Cut(key, "-")
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		return 0
	}
	return n
}
