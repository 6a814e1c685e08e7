package house

import (
	"math/rand/v2"
	"testing"

	"umpire/referee"
)

// BenchmarkChoose measures one choice of the house in the middle of a
// game of each variant (ply 30 of a game against a random player): the
// house must answer well under 50 ms a move.
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

// midgame plays 30 random plies of a variant and returns the game and the
// seat to move.
func midgame(b *testing.B, v *referee.Variant) (referee.Game, referee.Seat) {
	g, err := v.New(referee.Options{})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 30 {
		for _, s := range v.Seats {
			randomTurn(g, s, rng)
		}
	}
	return g, g.Turn()
}
