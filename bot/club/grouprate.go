package club

import (
	"cmp"
	"encoding/json"
	"maps"
	"slices"

	"umpire/internal/glicko"
	"umpire/store"
)

// A group's leaderboard. Each group keeps its own Glicko-2 ratings, one
// per pool and player, earned by the rated games played in the group
// alone (its tournaments' too), beside the players' own: "the best
// players of this group" are the best at what they played there. The
// store keeps them under a cursor of the group, at most maxRanked players
// a pool, those with the fewest games there dropped first.

// maxRanked bounds the players a group's board keeps in one pool.
const maxRanked = 500

// groupRatings are a group's ratings: by pool, by player.
type groupRatings map[string]map[uint64]store.Rating

// groupName is the cursor of a group's ratings.
func groupName(chat store.Address) string { return "club ratings " + chat.String() }

// groupBoard reads a group's ratings.
func groupBoard(tx *store.Tx, chat store.Address) (groupRatings, error) {
	b := groupRatings{}
	if raw := tx.Cursor(groupName(chat)); len(raw) > 0 {
		if err := json.Unmarshal(raw, &b); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// rateInGroup rates a game played in chat on the group's own board, the
// players at their ratings there (a newcomer's for their first game
// there), the house at its level's.
func rateInGroup(tx *store.Tx, chat store.Address, pool string, seats []rated) error {
	b, err := groupBoard(tx, chat)
	if err != nil {
		return err
	}
	if b[pool] == nil {
		b[pool] = map[uint64]store.Rating{}
	}
	ratings := b[pool]
	for i, s := range seats {
		if r, ok := ratings[s.p.ID]; ok && !s.house {
			seats[i].r = glicko.Rating{R: r.R, RD: r.RD, Vol: r.Vol}
		} else if !s.house {
			seats[i].r = glicko.New()
		}
	}
	for i, after := range updated(seats) {
		id := seats[i].p.ID
		ratings[id] = store.Rating{R: after.R, RD: after.RD, Vol: after.Vol, Games: ratings[id].Games + 1}
	}
	if len(ratings) > maxRanked { // the fewest games there first, then the lowest number
		ids := slices.SortedFunc(maps.Keys(ratings), func(a, c uint64) int {
			return cmp.Or(cmp.Compare(ratings[a].Games, ratings[c].Games), cmp.Compare(a, c))
		})
		for _, id := range ids[:len(ratings)-maxRanked] {
			delete(ratings, id)
		}
	}
	raw, err := json.Marshal(b)
	if err != nil {
		return err
	}
	return tx.SetCursor(groupName(chat), raw)
}
