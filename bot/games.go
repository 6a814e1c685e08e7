package bot

import (
	"cmp"
	"slices"
	"strconv"
	"time"

	"umpire/bot/door"
	"umpire/bot/post"
	"umpire/referee"
	"umpire/store"
)

// shownOver is how many finished games `games` lists: the latest.
const shownOver = 5

// listGames lists a player's games (in a group, those made there): those in play first, with whose turn
// it is and the time left, then those waiting for players, then the last
// few finished ones, the latest first.
func (b *Bot) listGames(v door.Visit) error {
	games, err := b.db.Games(v.Player.ID)
	if err != nil {
		return err
	}
	if !v.In.Private {
		games = madeIn(games, v.Chat())
	}
	if len(games) == 0 {
		return b.door.Reply(v, post.Say("games-none"))
	}
	games, older := listed(games)
	n := post.Say("games-head")
	if n.Lines, err = gameLines(b.db, b.games, b.now(), v.Player, games); err != nil {
		return err
	}
	if older > 0 {
		n.Lines = append(n.Lines, post.Say("games-older", "n", strconv.Itoa(older)))
	}
	return b.door.Reply(v, n)
}

// madeIn keeps the games made in a chat: `games` written in a group lists
// the writer's games of that group, never the private ones.
func madeIn(games []*store.Game, chat store.Address) []*store.Game {
	return slices.DeleteFunc(games, func(g *store.Game) bool { return g.Chat != chat })
}

// listed orders games for `games` and leaves out the finished ones past
// the latest shownOver; older is how many it left out.
func listed(games []*store.Game) (shown []*store.Game, older int) {
	rank := map[store.State]int{store.StatePlaying: 0, store.StateOpen: 1, store.StateOver: 2}
	slices.SortStableFunc(games, func(a, b *store.Game) int {
		if c := cmp.Compare(rank[a.State], rank[b.State]); c != 0 {
			return c
		}
		if a.State == store.StateOver {
			return cmp.Compare(b.ID, a.ID)
		}
		return cmp.Compare(a.ID, b.ID)
	})
	over := 0
	for _, g := range games {
		if g.State == store.StateOver {
			if over++; over > shownOver {
				older++
				continue
			}
		}
		shown = append(shown, g)
	}
	return shown, older
}

// gameLines says one line per game: its number, variant and state, and
// the pace of a game not over paced beyond its clock (post.PaceNote).
func gameLines(db *store.DB, cache *gameCache, now time.Time, p *store.Player, games []*store.Game) ([]post.Note, error) {
	var lines []post.Note
	for _, g := range games {
		state, err := stateNote(cache, now, p, g)
		if err != nil {
			return nil, err
		}
		l := post.Say("game-line", "game", itoa(g.ID), "variant", post.VariantOf(g))
		l.Sub = map[string][]post.Note{"state": {state}, "variant": {post.Titled(g)}}
		if others, err := opponents(db, p, g); err != nil {
			return nil, err
		} else if len(others) > 0 {
			l.ID, l.Sub["players"] = "game-line-vs", others
		}
		if seat, _ := g.SeatOf(p.ID); g.State != store.StateOver { // waiting for players too: the pace is the game's
			if pn := post.PaceNote(g, seat, p.TZ, now); pn != nil {
				l.Lines = append(l.Lines, *pn)
			}
		}
		lines = append(lines, l)
	}
	return lines, nil
}

// opponents names the other players seated in g, with their seats.
func opponents(db *store.DB, p *store.Player, g *store.Game) ([]post.Note, error) {
	var out []post.Note
	for _, s := range post.SeatsOf(g) {
		id := g.Seats[s].PlayerID
		if id == 0 || id == p.ID {
			continue
		}
		other, err := db.Player(id)
		if err != nil {
			return nil, err
		}
		out = append(out, post.Say("player-as", "name", shownName(other), "seat", string(s)))
	}
	return out, nil
}

// stateNote says where a game is for player p: whose move (or crown,
// choice, answer) with the time left, or its result.
func stateNote(games *gameCache, now time.Time, p *store.Player, g *store.Game) (post.Note, error) {
	switch g.State {
	case store.StateOpen:
		return post.Say("state.open"), nil
	case store.StateOver:
		return post.Say("state.over", "result", g.Result), nil
	}
	s, _ := g.SeatOf(p.ID)
	if w := shownWait(g, s); w != nil {
		n := post.Say("state.other."+post.WaitKind(w), "seat", string(w.Seat))
		if w.Seat == s {
			n = post.Say("state.you." + post.WaitKind(w))
		}
		n.Sub = map[string][]post.Note{"left": {*post.Left(g, w.Seat, now)}}
		if g.Paused.After(now) {
			paused := post.Say("state.paused", "until", when(g.Paused, p.TZ))
			paused.Sub = map[string][]post.Note{"state": {n}}
			return paused, nil
		}
		return n, nil
	}
	rg, err := games.take(g)
	if err != nil {
		return post.Note{}, err
	}
	turn := rg.Turn()
	games.put(g.ID, rg, len(g.Log))
	if s == turn {
		return post.Say("state.your-turn"), nil
	}
	return post.Say("state.waiting", "seat", string(turn)), nil
}

// shownWait is the decision `games` shows for seat s of g: its own first,
// else the first to end; nil without a clock.
func shownWait(g *store.Game, s referee.Seat) *store.Wait {
	if w := post.WaitOf(g, s); w != nil {
		return w
	}
	var first *store.Wait
	for i, w := range g.Waits {
		if first == nil || w.Ends.Before(first.Ends) {
			first = &g.Waits[i]
		}
	}
	return first
}
