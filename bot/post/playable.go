package post

import (
	"strings"

	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// Playable keeps the buttons whose command the referee would accept from
// seat in game g after its first ply log entries, each tried on a fresh
// copy of the game: a button is a promise that pressing it does what its
// label says. Only on an open board (nothing hidden, as in three-player
// chess), where a try on a copy tells the seat nothing it cannot see;
// elsewhere the buttons are kept as they are. A button's command may
// start with its game ("#12 choose white").
func Playable(g *store.Game, ply int, seat referee.Seat, buttons []wire.Button) []wire.Button {
	v, ok := referee.Lookup(g.Variant)
	if !ok || v.HiddenMoves || v.Fog || len(buttons) == 0 {
		return buttons
	}
	ply = min(max(ply, 0), len(g.Log))
	var out []wire.Button
	for _, b := range buttons {
		cmd := b.Command
		if strings.HasPrefix(cmd, "#") {
			_, cmd, _ = strings.Cut(cmd, " ")
		}
		copyOf, err := referee.Replay(v, g.Options, g.Log[:ply])
		if err == nil && copyOf.Play(referee.Action{Seat: seat, Text: cmd}).Verdict == referee.Accepted {
			out = append(out, b)
		}
	}
	return out
}
