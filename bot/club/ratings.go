package club

import (
	"cmp"
	"maps"
	"math"
	"slices"
	"strconv"

	"umpire/bot/post"
	"umpire/internal/glicko"
	"umpire/store"
)

// Leaderboards. A group's leaderboard ranks the players of the rated
// games played in the group (and its tournaments') by what they did
// there alone (grouprate.go): a game against the house in private, or in
// another group, counts on no group's board. Anywhere else `top` ranks
// the players the asker shares games with, and the asker, by their
// ratings.

// topShown bounds the lines a leaderboard shows.
const topShown = 10

// shown is a rating as players read it: rounded, with "?" while it is
// provisional.
func shown(r store.Rating) string {
	s := strconv.Itoa(int(math.Round(r.R)))
	if (glicko.Rating{R: r.R, RD: r.RD, Vol: r.Vol}).Provisional() {
		s += "?"
	}
	return s
}

// poolArgs name a pool in a text: as {variant}, which the catalog words
// with its rule set ("Kriegspiel (wild16)").
func poolArgs(pool string) []string { return []string{"variant", pool} }

// Rating answers `rating [POOL]`: p's ratings, in every pool it has one,
// or in one.
func (c *Club) Rating(p *store.Player, pool string) (post.Note, error) {
	if pool != "" {
		r, ok := p.Ratings[pool]
		if !ok {
			return post.Say("rating.none-in", poolArgs(pool)...), nil
		}
		return post.Say("rating.one", append(poolArgs(pool), "rating", shown(r), "n", strconv.Itoa(r.Games))...), nil
	}
	if len(p.Ratings) == 0 {
		return post.Say("rating.none"), nil
	}
	n := post.Say("rating.all")
	for _, pool := range slices.Sorted(maps.Keys(p.Ratings)) {
		r := p.Ratings[pool]
		n.Lines = append(n.Lines, post.Say("rating.line", append(poolArgs(pool), "rating", shown(r), "n", strconv.Itoa(r.Games))...))
	}
	return n, nil
}

// Top answers `top POOL`: in a group its leaderboard, elsewhere the
// players p shares games with. Names only, never addresses.
func (c *Club) Top(p *store.Player, group store.Address, pool string) (post.Note, error) {
	type entry struct {
		name string
		r    store.Rating
	}
	var board []entry
	err := c.env.DB.View(func(tx *store.Tx) error {
		ratings, err := boardOf(tx, p, group, pool)
		for id, r := range ratings {
			q, err := tx.Player(id)
			if err != nil {
				return err
			}
			if !slices.Contains(q.Addresses, c.env.House) {
				board = append(board, entry{post.Name(q), r})
			}
		}
		return err
	})
	if err != nil {
		return post.Note{}, err
	}
	slices.SortStableFunc(board, func(a, b entry) int { return cmp.Or(cmp.Compare(b.r.R, a.r.R), cmp.Compare(a.name, b.name)) })
	id := "top.group"
	if group.IsZero() {
		id = "top.yours"
	}
	if len(board) == 0 {
		return post.Say(id+"-none", poolArgs(pool)...), nil
	}
	n := post.Say(id, poolArgs(pool)...)
	for i, e := range board[:min(len(board), topShown)] {
		n.Lines = append(n.Lines, post.Say("top.line", "place", strconv.Itoa(i+1), "name", e.name, "rating", shown(e.r), "n", strconv.Itoa(e.r.Games)))
	}
	return n, nil
}

// boardOf are the ratings in pool a leaderboard ranks, by player: in a
// group those its games there earned (groupBoard); elsewhere those of p
// and the players p shares games with.
func boardOf(tx *store.Tx, p *store.Player, group store.Address, pool string) (map[uint64]store.Rating, error) {
	if !group.IsZero() {
		b, err := groupBoard(tx, group)
		return b[pool], err
	}
	out := map[uint64]store.Rating{}
	ids := []uint64{p.ID}
	games, err := tx.Games(p.ID)
	for _, g := range games {
		for _, s := range g.Seats {
			if s.PlayerID != 0 && !slices.Contains(ids, s.PlayerID) {
				ids = append(ids, s.PlayerID)
			}
		}
	}
	for _, id := range ids {
		q, err := tx.Player(id)
		if err != nil {
			return nil, err
		}
		if r, ok := q.Ratings[pool]; ok {
			out[id] = r
		}
	}
	return out, err
}
