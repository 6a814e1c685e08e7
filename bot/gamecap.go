package bot

import (
	"strconv"

	"umpire/bot/post"
	"umpire/store"
)

// Caps on the games one player has at once, seats free or in play: a
// stranger with a script could otherwise make the umpire keep, and the
// house play, games without end. A game against the house counts twice:
// towards both caps. A refusal says how to end one.
const (
	maxGamesEach = 30
	maxHouseEach = 5
)

// orNobody is p, or for nil a player with no seat anywhere.
func orNobody(p *store.Player) *store.Player {
	if p == nil {
		return &store.Player{}
	}
	return p
}

// roomForGame refuses player p another game when p holds a seat in
// maxGamesEach games not over, or, for a game against the house (vsHouse),
// in maxHouseEach such games with the house player hp seated.
func roomForGame(db *store.DB, p *store.Player, hp *store.Player, vsHouse bool) error {
	return roomForGames(db, p, hp, vsHouse, 1)
}

// roomForGames is roomForGame for n games at once (a tournament's).
func roomForGames(db *store.DB, p *store.Player, hp *store.Player, vsHouse bool, n int) error {
	games, err := db.Games(p.ID)
	if err != nil {
		return err
	}
	live, house := 0, 0
	for _, g := range games {
		if g.State == store.StateOver {
			continue
		}
		if _, seated := g.SeatOf(p.ID); !seated {
			continue
		}
		live++
		if _, ok := g.SeatOf(hp.ID); ok && hp.ID != 0 && hp.ID != p.ID {
			house++
		}
	}
	switch {
	case live+n > maxGamesEach:
		return post.Oops("err.too-many-games", "max", strconv.Itoa(maxGamesEach))
	case vsHouse && house >= maxHouseEach:
		return post.Oops("err.too-many-house-games", "max", strconv.Itoa(maxHouseEach))
	}
	return nil
}
