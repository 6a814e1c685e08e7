package post

import (
	"strconv"
	"umpire/referee"
	"umpire/store"
)

// SeatsOf lists a game's seats in the variant's turn order.
func SeatsOf(g *store.Game) []referee.Seat {
	if v, ok := referee.Lookup(g.Variant); ok {
		return v.Seats
	}
	var out []referee.Seat
	for s := range g.Seats {
		out = append(out, s)
	}
	return out
}

// itoa writes a game's (or any) number.
func itoa(n uint64) string { return strconv.FormatUint(n, 10) }
