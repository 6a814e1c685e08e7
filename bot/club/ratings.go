package club

import (
	"cmp"
	"encoding/json"
	"maps"
	"math"
	"slices"
	"strconv"

	"umpire/bot/post"
	"umpire/internal/glicko"
	"umpire/store"
)

// Leaderboards. A group's leaderboard ranks the players of the rated
// games made in the group (and its tournaments'): the store keeps the
// group's members under a cursor, the latest maxMembers. Anywhere else
// `top` ranks the players the asker shares games with, and the asker.

// maxMembers bounds the members a group's leaderboard remembers; topShown
// the lines it shows.
const (
	maxMembers = 500
	topShown   = 10
)

// membersName is the cursor of a group's members.
func membersName(chat store.Address) string { return "club members " + chat.String() }

// addMembers notes players as members of a group, the latest last.
func addMembers(tx *store.Tx, chat store.Address, ids []uint64) error {
	var members []uint64
	if raw := tx.Cursor(membersName(chat)); len(raw) > 0 {
		if err := json.Unmarshal(raw, &members); err != nil {
			return err
		}
	}
	members = slices.DeleteFunc(members, func(id uint64) bool { return slices.Contains(ids, id) })
	members = append(members, ids...)
	if len(members) > maxMembers {
		members = members[len(members)-maxMembers:]
	}
	raw, err := json.Marshal(members)
	if err != nil {
		return err
	}
	return tx.SetCursor(membersName(chat), raw)
}

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
		ids, err := ranked(tx, p, group)
		if err != nil {
			return err
		}
		for _, id := range ids {
			q, err := tx.Player(id)
			if err != nil {
				return err
			}
			if r, ok := q.Ratings[pool]; ok && !slices.Contains(q.Addresses, c.env.House) {
				board = append(board, entry{post.Name(q), r})
			}
		}
		return nil
	})
	if err != nil {
		return post.Note{}, err
	}
	slices.SortStableFunc(board, func(a, b entry) int { return cmp.Compare(b.r.R, a.r.R) })
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

// ranked are the players a leaderboard ranks: a group's members, or p and
// the players p shares games with.
func ranked(tx *store.Tx, p *store.Player, group store.Address) ([]uint64, error) {
	var ids []uint64
	if !group.IsZero() {
		if raw := tx.Cursor(membersName(group)); len(raw) > 0 {
			return ids, json.Unmarshal(raw, &ids)
		}
		return nil, nil
	}
	ids = []uint64{p.ID}
	games, err := tx.Games(p.ID)
	for _, g := range games {
		for _, s := range g.Seats {
			if s.PlayerID != 0 && !slices.Contains(ids, s.PlayerID) {
				ids = append(ids, s.PlayerID)
			}
		}
	}
	return ids, err
}
