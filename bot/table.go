package bot

import (
	"errors"
	"maps"
	"slices"
	"time"

	"umpire/bot/door"
	"umpire/bot/lobby"
	"umpire/bot/pace"
	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// table is what the bot needs of a game's people to address its rows: the
// players in the seats and the languages of the chat and the watchers.
type table struct {
	players map[referee.Seat]*store.Player
	langs   map[store.Address]string
	def     string // the default language
	// quiet are the watchers that opted out (the door's optout.go): they get no news.
	quiet map[store.Address]bool
	// sends are the transports the umpire sends through: where one edits
	// messages in place, a game's chat gets its board (post.AtTable).
	sends *door.Transports
}

// newTable is a table with no one at it yet; def is the default language.
func newTable(def string, sends *door.Transports) *table {
	return &table{players: map[referee.Seat]*store.Player{}, langs: map[store.Address]string{}, def: def, sends: sends}
}

// errStale says that the seats changed between loading the table and
// applying: load again.
var errStale = errors.New("bot: seats changed meanwhile")

// apply runs fn on game id through store.Apply, with the game's table. A
// game that does not exist is the user's mistake.
func (b *Bot) apply(in wire.Inbound, id uint64, fn func(g *store.Game, t *table) ([]store.Outgoing, error)) (bool, error) {
	for try := 0; ; try++ {
		t, seats, err := b.loadTable(id)
		if errors.Is(err, store.ErrNotFound) {
			return false, post.Oops("err.unknown-game", "game", itoa(id))
		}
		if err != nil {
			return false, err
		}
		applied, err := b.db.Apply(id, door.KeyOf(in), func(g *store.Game) ([]store.Outgoing, error) {
			if !maps.Equal(holders(g), seats) {
				return nil, errStale
			}
			rows, err := fn(g, t)
			return append(b.held(in, g, t, rows), pace.HouseRows(g, b.now())...), err
		})
		if errors.Is(err, errStale) && try < 10 {
			continue
		}
		return applied, err
	}
}

// holders maps a game's seats to their players' ids.
func holders(g *store.Game) map[referee.Seat]uint64 {
	m := map[referee.Seat]uint64{}
	for s, seat := range g.Seats {
		m[s] = seat.PlayerID
	}
	return m
}

// loadTable loads the players and languages of game id.
func (b *Bot) loadTable(id uint64) (*table, map[referee.Seat]uint64, error) {
	t := newTable(b.langs[0], b.door.Transports())
	var seats map[referee.Seat]uint64
	err := b.db.View(func(tx *store.Tx) error {
		g, err := tx.GameHead(id) // the seats and the chat: never the log
		if err != nil {
			return err
		}
		seats = holders(g)
		for s, pid := range seats {
			if pid == 0 {
				continue
			}
			if t.players[s], err = tx.Player(pid); err != nil {
				return err
			}
		}
		for _, a := range append([]store.Address{g.Chat}, g.Watchers...) {
			if p, err := tx.PlayerAt(a); err == nil && p.Lang != "" {
				t.langs[a] = p.Lang
			}
		}
		t.quiet = optedOut(tx, g.Watchers)
		return nil
	})
	return t, seats, err
}

// houseSeat is the seat the house player holds at the table, if any.
func (t *table) houseSeat() (referee.Seat, bool) {
	for s, p := range t.players {
		if p != nil && slices.Contains(p.Addresses, lobby.HouseAddress) {
			return s, true
		}
	}
	return "", false
}

// seatRow is a row for the player in seat s.
func (t *table) seatRow(g *store.Game, s referee.Seat, kind string, n post.Note) (store.Outgoing, bool) {
	p := t.players[s]
	if p == nil || len(p.Addresses) == 0 {
		return store.Outgoing{}, false
	}
	return store.Outgoing{Game: g.ID, Ply: len(g.Log), To: p.Addresses[0], Seat: s, Kind: kind,
		Text: n.Encode(), Lang: p.Lang}, true
}

// seatRows are rows for every seated player, in seat order.
func (t *table) seatRows(g *store.Game, kind string, n post.Note) []store.Outgoing {
	var rows []store.Outgoing
	for _, s := range post.SeatsOf(g) {
		if r, ok := t.seatRow(g, s, kind, n); ok {
			rows = append(rows, r)
		}
	}
	return rows
}

// publicRows are rows for the chat the game was made in and its watchers:
// what spectators may have.
func (t *table) publicRows(g *store.Game, kind string, n post.Note) []store.Outgoing {
	return t.public(g, kind, n, false)
}

// newsRows are the public rows of the news of a turn, n (a view of log
// entries from n.From), which brought what the referee said: where the
// game's chat has its board, a new message there only when said holds
// what its members must notice (post.Notable).
func (t *table) newsRows(g *store.Game, n post.Note, said ...[]referee.Announcement) []store.Outgoing {
	return t.public(g, post.KindView, n, post.Notable(said...))
}

// public are publicRows, the news notable or not.
func (t *table) public(g *store.Game, kind string, n post.Note, notable bool) []store.Outgoing {
	var rows []store.Outgoing
	for _, a := range append([]store.Address{g.Chat}, g.Watchers...) {
		if a.IsZero() || t.quiet[a] || a == g.Chat && g.Tournament != 0 && !inGroup(g) {
			continue // a tournament's group hears of its games through the standings
		}
		lang := t.langs[a]
		if lang == "" {
			lang = t.def
		}
		said := post.Quietly(g, kind, n)
		said.Unsolicited = a != g.Chat // a watcher's: it may stop them
		row := store.Outgoing{Game: g.ID, Ply: len(g.Log), To: a, Kind: kind, Text: said.Encode(), Lang: lang}
		rows = append(rows, post.AtTable(g, row, t.edits(a.Transport), notable)...)
	}
	return rows
}

// edits reports whether the umpire's messages on a transport can be
// edited in place.
func (t *table) edits(transport string) bool {
	return t.sends != nil && t.sends.Features(transport).Edits
}

// The table as the pace room sees it (pace.Table).

// Notice is a notice row for the player in seat s.
func (t *table) Notice(g *store.Game, s referee.Seat, n post.Note) (store.Outgoing, bool) {
	return t.seatRow(g, s, post.KindNotice, n)
}

// Public are notice rows for g's chat and watchers.
func (t *table) Public(g *store.Game, n post.Note) []store.Outgoing {
	return t.publicRows(g, post.KindNotice, n)
}

// Player is the player in seat s, nil when none.
func (t *table) Player(s referee.Seat) *store.Player { return t.players[s] }

// Zone is the time zone of the player in seat s, nil when unknown.
func (t *table) Zone(s referee.Seat) *time.Location { return t.zone(s) }
