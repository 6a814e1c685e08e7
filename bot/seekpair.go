package bot

import (
	"slices"
	"strconv"

	"umpire/bot/wire"
	"umpire/house"
	"umpire/referee"
	"umpire/store"
)

// pair makes the game of seeks answered by a message: see pairUp.
func (b *Bot) pair(in wire.Inbound, seeks []seek) error {
	return b.pairUp(keyOf(in), seeks, nil)
}

// pairUp makes the game the seeks ask for, with the house player too when
// hp is not nil, and starts it: the players take the seats in an order
// the bot's coin chooses, a group's seeks make a game of the group. The
// store's inbound key makes it once; the seeks are then taken away (again
// harmlessly, should the key have been seen before).
func (b *Bot) pairUp(key string, seeks []seek, hp *store.Player) error {
	players, err := seekPlayers(b.db, seeks, hp)
	if err != nil {
		return err
	}
	order, err := b.shuffled(len(players))
	if err != nil {
		return err
	}
	v, ok := referee.Lookup(seeks[0].Variant)
	if !ok || len(players) > len(v.Seats) {
		return oops("err.unknown-variant", "name", seeks[0].Variant, "list", variantList())
	}
	_, err = b.db.Apply(0, key, func(g *store.Game) ([]store.Outgoing, error) {
		g.Variant, g.Options, g.Clock = v.Key, referee.Options{Rules: optRules(v, seeks[0].Rules)}, seeks[0].Clock
		if seeks[0].Group {
			g.Chat = seeks[0].Chat
		}
		t := &table{players: map[referee.Seat]*store.Player{}, langs: map[store.Address]string{}, def: b.langs[0]}
		for i, s := range v.Seats {
			tok, err := b.dice.token(g.ID)
			if err != nil {
				return nil, err
			}
			g.Seats[s] = store.Seat{Token: tok}
			if i < len(players) {
				p := players[order[i]]
				g.Seats[s] = store.Seat{PlayerID: p.ID, Token: tok}
				t.players[s] = p
			}
		}
		if hp != nil {
			houseWatches(g)
			g.House = int(house.DefaultLevel)
		}
		if len(freeSeats(g)) > 0 {
			return nil, oops("err.no-house", "variant", v.Key)
		}
		return b.start(g, t)
	})
	if err != nil {
		return err
	}
	return dropSeeks(b.db, seeks)
}

// optRules is the rule set a game stores: "" for the variant's default.
func optRules(v *referee.Variant, rules string) string {
	if len(v.RuleSets) > 0 && v.RuleSets[0] == rules {
		return ""
	}
	return rules
}

// seekPlayers loads the players of seeks, and the house player.
func seekPlayers(db *store.DB, seeks []seek, hp *store.Player) ([]*store.Player, error) {
	var out []*store.Player
	for _, s := range seeks {
		p, err := db.Player(s.Player)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	if hp != nil {
		out = append(out, hp)
	}
	return out, nil
}

// shuffled is 0…n-1 in an order of the bot's coin.
func (b *Bot) shuffled(n int) ([]int, error) {
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	for i := n - 1; i > 0; i-- {
		r, err := b.dice.random(1)
		if err != nil {
			return nil, err
		}
		x, _ := strconv.ParseUint(r, 16, 8)
		j := int(x) % (i + 1)
		order[i], order[j] = order[j], order[i]
	}
	return order, nil
}

// dropSeeks takes seeks away by id.
func dropSeeks(db *store.DB, seeks []seek) error {
	return db.Update(func(tx *store.Tx) error {
		book, err := loadSeeks(tx)
		if err != nil {
			return err
		}
		book.Seeks = slices.DeleteFunc(book.Seeks, func(s seek) bool {
			return slices.ContainsFunc(seeks, func(o seek) bool { return o.ID != 0 && o.ID == s.ID })
		})
		return saveSeeks(tx, book)
	})
}

// houseWatches makes the house a watcher of a game played in its group,
// whose seats hear of moves only with the group.
func houseWatches(g *store.Game) {
	if inGroup(g) && !slices.Contains(g.Watchers, houseAddress) {
		g.Watchers = append(g.Watchers, houseAddress)
	}
}
