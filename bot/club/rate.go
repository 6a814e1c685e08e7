package club

import (
	"slices"
	"umpire/bot/post"

	"umpire/internal/glicko"
	"umpire/internal/tourney"
	"umpire/referee"
	"umpire/store"
)

// HouseRatings are the fixed ratings of the house's levels, against which
// its games are rated (its own never change). They follow what its levels
// score against each other in `umpire match` (level 3 takes about 80% of
// the points from level 1 over the variants, some 250 rating points) and
// are known well: a deviation of 60.
var HouseRatings = map[int]glicko.Rating{
	1: {R: 1250, RD: 60, Vol: 0.06},
	2: {R: 1400, RD: 60, Vol: 0.06},
	3: {R: 1550, RD: 60, Vol: 0.06},
}

// Pool is the rating pool of a game: its variant, and where the variant
// has rule sets (Kriegspiel) the rule set too, "kriegspiel/wild16", as
// post.VariantOf names them.
func Pool(variant string, opts referee.Options) string {
	return post.VariantOf(&store.Game{Variant: variant, Options: opts})
}

// ratingOf is a player's rating in a pool, a newcomer's when it has none.
func ratingOf(p *store.Player, pool string) glicko.Rating {
	if r, ok := p.Ratings[pool]; ok {
		return glicko.Rating{R: r.R, RD: r.RD, Vol: r.Vol}
	}
	return glicko.New()
}

// rated is a seat of a rated game: its player, the rating it plays at and
// whether it is the house.
type rated struct {
	p      *store.Player
	r      glicko.Rating
	house  bool
	points float64
}

// rate rates an ended game in the transaction that takes its end off the
// queue. A casual game, one without a result, one where a player holds
// two seats and one of the house alone are not rated.
func (c *Club) rate(tx *store.Tx, g *store.Game) error {
	v, ok := referee.Lookup(g.Variant)
	if !ok || g.Casual {
		return nil
	}
	pts, ok := referee.Points(g.Result, len(v.Seats))
	if !ok {
		return nil
	}
	pool := Pool(g.Variant, g.Options)
	var seats []rated
	humans := 0
	for i, s := range v.Seats {
		id := g.Seats[s].PlayerID
		if id == 0 || slices.ContainsFunc(seats, func(r rated) bool { return r.p.ID == id }) {
			return nil
		}
		p, err := tx.Player(id)
		if err != nil {
			return err
		}
		r := rated{p: p, r: ratingOf(p, pool), points: pts[i]}
		if slices.Contains(p.Addresses, c.env.House) {
			r.house, r.r = true, HouseRatings[max(1, g.House)]
		} else {
			humans++
		}
		seats = append(seats, r)
	}
	if humans == 0 {
		return nil
	}
	for i, after := range updated(seats) {
		p := seats[i].p
		if p.Ratings == nil {
			p.Ratings = map[string]store.Rating{}
		}
		p.Ratings[pool] = store.Rating{R: after.R, RD: after.RD, Vol: after.Vol, Games: p.Ratings[pool].Games + 1}
		if err := tx.PutPlayer(p); err != nil {
			return err
		}
	}
	if !g.Chat.IsZero() { // a game of the group: its own leaderboard too
		return rateInGroup(tx, g.Chat, pool, seats)
	}
	return nil
}

// updated are the ratings of the players (not the house) of a game after
// it, by their place in seats: each rated against every other seat.
func updated(seats []rated) map[int]glicko.Rating {
	out := map[int]glicko.Rating{}
	for i, me := range seats {
		if me.house {
			continue
		}
		var results []glicko.Result
		for j, them := range seats {
			if j != i {
				results = append(results, glicko.Result{Opponent: them.r, Score: tourney.Versus(me.points, them.points)})
			}
		}
		out[i] = glicko.Update(me.r, results, glicko.Tau)
	}
	return out
}
