package house

import (
	"math/rand/v2"
	"sort"
)

// Mixed choices. A player who always answers a view with the same move can
// be beaten the same way twice, so from level 2 the house does not always
// send the move it judges best: among the few moves within a small margin
// of the best, it draws the one to send first by a coin made of its seed
// (its game's) and the ply. The same view and seed give the same move, so
// a game replays from its record; two games that reach the same view with
// different seeds need not go on alike. The rest follow in their order:
// in Kriegspiel, if the first is illegal, the next best comes. Level 1
// keeps its fixed order, the baseline.

// mixWidth is how many of the best moves the coin chooses among, at most:
// Obscuro, which beat top players at fog-of-war chess, mixes over three.
const mixWidth = 3

// mixMargin is how far below the best, in tenths of a pawn, a move may
// score and still be drawn.
const mixMargin = 2

// mixed lists scored moves best first, the first drawn by the coin among
// those within margin of the best (in the list's own unit).
func mixed(list []scored, margin int, seed uint64, ply int) []string {
	sort.SliceStable(list, func(i, j int) bool { return list[i].score > list[j].score })
	n := 0
	for n < len(list) && n < mixWidth && list[n].score >= list[0].score-margin {
		n++
	}
	if n > 1 {
		i := rand.New(rand.NewPCG(seed, uint64(ply)^0x6d6978)).IntN(n)
		list[i].score = list[0].score + 1 // first; the rest keep their order
	}
	return best(list)
}
