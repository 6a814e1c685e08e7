package bot

import (
	"umpire/store"
)

// listGames lists a player's games and whose turn it is in each.
func (b *Bot) listGames(in Inbound, p *store.Player) error {
	games, err := b.db.Games(p.ID)
	if err != nil {
		return err
	}
	if len(games) == 0 {
		return b.reply(in, p, say("games-none"))
	}
	n := say("games-head")
	if n.Lines, err = b.gameLines(p, games); err != nil {
		return err
	}
	return b.reply(in, p, n)
}

// gameLines says one line per game: its number, variant and state.
func (b *Bot) gameLines(p *store.Player, games []*store.Game) ([]note, error) {
	var lines []note
	for _, g := range games {
		state, err := b.stateNote(p, g)
		if err != nil {
			return nil, err
		}
		l := say("game-line", "game", itoa(g.ID), "variant", g.Variant)
		l.Sub = map[string][]note{"state": {state}}
		lines = append(lines, l)
	}
	return lines, nil
}

// stateNote says where a game is for player p: whose move, or its result.
func (b *Bot) stateNote(p *store.Player, g *store.Game) (note, error) {
	switch g.State {
	case store.StateOpen:
		return say("state.open"), nil
	case store.StateOver:
		return say("state.over", "result", g.Result), nil
	}
	rg, err := b.games.take(g)
	if err != nil {
		return note{}, err
	}
	turn := rg.Turn()
	b.games.put(g.ID, rg, len(g.Log))
	s, _ := g.SeatOf(p.ID)
	if l := left(g, b.now()); l != nil {
		n := say("state.waiting-left", "seat", string(turn))
		if s == turn {
			n = say("state.your-turn-left")
		}
		n.Sub = map[string][]note{"left": {*l}}
		return n, nil
	}
	if s == turn {
		return say("state.your-turn"), nil
	}
	return say("state.waiting", "seat", string(turn)), nil
}
