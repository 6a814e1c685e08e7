package bot

import (
	"strings"
	"time"
	"umpire/bot/door"
	"umpire/bot/post"
	"umpire/referee"
	"umpire/store"
)

// abort ends a game before its first move, at the wish of a seated
// player, or of its maker, seated or not, while nobody else has joined.
// Nobody wins; the seats and the chat are told.
func (b *Bot) abort(v door.Visit) error {
	id, err := pickOwnGame(b.db, b.games, b.now(), v.Player, v.Cmd)
	if err != nil {
		return err
	}
	_, err = b.apply(v.In, id, func(g *store.Game, t *table) ([]store.Outgoing, error) {
		if !mayFollow(g, v.Player, v.In) {
			return nil, unknownGame(g)
		}
		if _, ok := g.SeatOf(v.Player.ID); !ok && !makerAlone(g, v.Player.ID) {
			return nil, post.Oops("err.not-yours", "game", itoa(g.ID))
		}
		if g.State == store.StateOver {
			return nil, post.Oops("err.over", "game", itoa(g.ID))
		}
		if g.Tournament != 0 { // a pairing is played, or resigned: tournament leave
			return nil, post.Oops("err.abort-tourney", "game", itoa(g.ID))
		}
		if moved, err := moved(b.games, g); err != nil || moved {
			if err == nil {
				err = post.Oops("err.abort-late", "game", itoa(g.ID))
			}
			return nil, err
		}
		g.State, g.Result, g.Reason = store.StateOver, "*", "aborted"
		stopClock(g)
		n := post.Say("aborted", "game", itoa(g.ID))
		n.End = true
		return append(t.seatRows(g, post.KindNotice, n), t.publicRows(g, post.KindNotice, n)...), nil
	})
	return err
}

// makerAlone reports whether player id made g and nobody else has taken a
// seat in it.
func makerAlone(g *store.Game, id uint64) bool {
	if id == 0 || g.Maker != id {
		return false
	}
	for _, s := range g.Seats {
		if s.PlayerID != 0 && s.PlayerID != id {
			return false
		}
	}
	return true
}

// moved reports whether a game has had its first move.
func moved(games *gameCache, g *store.Game) (bool, error) {
	if len(g.Log) == 0 {
		return false, nil
	}
	rg, err := games.take(g)
	if err != nil {
		return false, err
	}
	defer games.put(g.ID, rg, len(g.Log))
	return referee.Glance(rg, referee.God).Ply > 0, nil
}

// loadOwnGame finds the game a command is for (as pickOwnGame) and reads
// it from the store.
func loadOwnGame(db *store.DB, games *gameCache, now time.Time, p *store.Player, cmd door.Command) (*store.Game, error) {
	id, err := pickOwnGame(db, games, now, p, cmd)
	if err != nil {
		return nil, err
	}
	g, err := db.Game(id)
	if err != nil {
		return nil, post.Oops("err.unknown-game", "game", itoa(id))
	}
	return g, nil
}

// pickOwnGame finds the game a command is for: the one named by #N, else
// the player's only game that is not over.
func pickOwnGame(db *store.DB, cache *gameCache, now time.Time, p *store.Player, cmd door.Command) (uint64, error) {
	if cmd.Game != 0 {
		return cmd.Game, nil
	}
	games, err := db.Games(p.ID)
	if err != nil {
		return 0, err
	}
	var live []*store.Game
	for _, g := range games {
		if g.State != store.StateOver {
			live = append(live, g)
		}
	}
	switch len(live) {
	case 0:
		return 0, post.Oops("err.no-game")
	case 1:
		return live[0].ID, nil
	}
	return 0, whichGame(db, cache, now, p, live, strings.Join(append([]string{cmd.Name}, cmd.Args...), " "))
}
