package post

import (
	"umpire/bot/texts"
	"umpire/store"
)

// HouseTransport is the transport of the house player (bot/lobby), which
// no person can write from.
const HouseTransport = "house"

// Name is how player p is named in a text for a reader: its name, and the
// house player, or a player with no name that may be shown, in the
// reader's own words (texts.Shown).
func Name(p *store.Player) string {
	house := len(p.Addresses) > 0 && p.Addresses[0].Transport == HouseTransport
	return texts.Shown(p.Name, p.ID, house)
}
