package lobby

import (
	"slices"

	"umpire/house"
	"umpire/referee"
	"umpire/store"
)

// Crown is the crown the house seals at once for its seat in game g (rg,
// its referee game as it stands) when the game still waits for that crown
// (Korona, Korona-2, Krono) and another seat acts: the house would seal it
// within moments anyway, and the other seat's move, which the referee
// refuses until every crown is sealed, need not be refused for want of
// it. It returns the house's secret action as the house would send it; ok
// is false when the seat owes no crown. The choice is the house's own,
// from its seat's view and seed, as ever. Crown reads nothing from the
// store: it may be called inside a transaction.
func (h *House) Crown(g *store.Game, rg referee.Game, seat referee.Seat) (text string, ok bool) {
	if !slices.ContainsFunc(referee.Waiting(rg), func(w referee.Wait) bool {
		return w.Seat == seat && w.Kind == referee.WaitCrown
	}) {
		return "", false
	}
	for _, a := range house.ChooseAt(rg.View(seat), seedOf(g.Seats[seat].Token), levelOf(g)) {
		if referee.KindOf(a) == referee.ItemSecret {
			return referee.SecretWords(a), true
		}
	}
	return "", false
}
