package store

import (
	"encoding/json"
	"fmt"
	"slices"
)

// GamesAt returns, by id, the games made in chat a or watched from it. It
// reads every game's header (not its log): it is for rare events, such as a
// group chat that changed its id, not for each message.
func (db *DB) GamesAt(a Address) (ids []uint64, err error) {
	err = db.View(func(tx *Tx) error {
		return tx.bucket(bucketGames).ForEach(func(k, v []byte) error {
			var g Game
			if v == nil || len(k) != 8 {
				return nil
			}
			if err := json.Unmarshal(v, &g); err != nil {
				return fmt.Errorf("store: game %d: %w", fromU64(k), err)
			}
			if g.Chat == a || slices.Contains(g.Watchers, a) {
				ids = append(ids, fromU64(k))
			}
			return nil
		})
	})
	return ids, err
}
