package house

import (
	"math/rand/v2"
	"testing"

	"umpire/referee"
)

// BenchmarkChoose measures one choice of the house in the middle of a
// game of each variant (from the 30th round of a game of random players):
// the house must answer well under 50 ms a move.
func BenchmarkChoose(b *testing.B) {
	for _, v := range referee.Variants() {
		g, seat := midgame(b, v)
		view := g.View(seat)
		b.Run(v.Key, func(b *testing.B) {
			for b.Loop() {
				Choose(view, 1)
			}
		})
	}
}

// midgame plays random turns of a variant, 30 rounds at least, until the
// seat to move has several moves to rank, and returns the game and the
// seat to move.
func midgame(b *testing.B, v *referee.Variant) (referee.Game, referee.Seat) {
	for seed := uint64(3); seed < 20; seed++ {
		g, err := v.New(referee.Options{})
		if err != nil {
			b.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 4))
		for round := 0; round < 200 && g.Turn() != ""; round++ {
			if s := g.Turn(); round >= 30 && len(Choose(g.View(s), 1)) > 1 {
				return g, s
			}
			for _, s := range v.Seats {
				randomTurn(g, s, rng, nil)
			}
		}
	}
	b.Fatalf("%s: no game with a move to choose", v.Key)
	return nil, ""
}
