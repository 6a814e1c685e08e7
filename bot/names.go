package bot

import (
	"strings"

	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/store"
)

// Names are cleaned and shown by texts.Name; two players of one game
// with the same name are told apart (seatNames).

// shownName is how player p is named to others.
func shownName(p *store.Player) string {
	return post.Name(p)
}

// seatNames names each player of a game: two with the same shown name
// are told apart by their numbers ("Ann (Player 3)").
func seatNames(players []*store.Player) []string {
	out := make([]string, len(players))
	count := map[string]int{}
	for i, p := range players {
		if p != nil {
			out[i] = shownName(p)
			count[strings.ToLower(out[i])]++
		}
	}
	for i, p := range players {
		if p != nil && count[strings.ToLower(out[i])] > 1 {
			out[i] += " (" + texts.Shown("", p.ID, false) + ")" // "Player N", in the reader's words
		}
	}
	return out
}
