// Package pace is the pacing of slow games, so that nobody's absence
// stalls a table: a pause all seats agree to (pause 3d, resume #N), a few
// automatic extensions for a seat that sent nothing (new … ext2), and civil
// disorder (new … cd), where the house sits in for a seat whose time ran
// out until its player acts again. Deadlines at a fixed hour (new …
// 1d@21:00) are the clock room's arithmetic (bot/clock/grid.go); the words
// of a game's pace are post's (post.PaceNote).
//
// The rules and their state live in the game's record (store.Pace). The
// room changes a game only through the Env the bot gives it, inside the
// bot's transaction for the game, and addresses its people through the
// bot's table (Table); the house's moves for a seat in disorder go
// through the lobby's House (lobby.Env.Stand), which the bot wires.
//
// Privacy. An extension goes to a seat that was never heard during its
// decision (store.Wait.Heard): one none of its actions was announced to
// another seat, so that whether a seat got one tells nothing of what it
// tried in private (a dark chess try refused). A player back from civil
// disorder has its seat at once; the others are told when the seat is
// next heard, for the same reason (Heard).
package pace

import (
	"strconv"
	"time"

	"umpire/bot/door"
	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/internal/dice"
	"umpire/referee"
	"umpire/store"
)

// Env is what the pace needs of the bot.
type Env struct {
	Cat  *texts.Catalog
	Now  func() time.Time
	Dice dice.Dice // the house's coin for a spell of civil disorder
	// Apply runs fn on game id as the bot applies every change to a game:
	// in one transaction, with the game's Table, once for in (its key).
	Apply func(in wire.Inbound, id uint64, fn func(g *store.Game, t Table) ([]store.Outgoing, error)) (bool, error)
	// Seated is the game a command names (else the player's only one) and
	// the seat player p holds in it; a mistake when it holds none.
	Seated func(p *store.Player, cmd door.Command) (*store.Game, referee.Seat, error)
}

// Table is what the pace needs of a game's people: the bot's table.
type Table interface {
	// Notice is a notice row for the player in seat s; ok is false when
	// there is none.
	Notice(g *store.Game, s referee.Seat, n post.Note) (store.Outgoing, bool)
	// Public are notice rows for the game's chat and watchers.
	Public(g *store.Game, n post.Note) []store.Outgoing
	// Player is the player in seat s, nil when none.
	Player(s referee.Seat) *store.Player
	// Zone is the time zone of the player in seat s, nil when unknown.
	Zone(s referee.Seat) *time.Location
}

// Pacer keeps the pace of the bot's games.
type Pacer struct{ env Env }

// New makes a Pacer.
func New(env Env) *Pacer { return &Pacer{env: env} }

// tell are notices for every seat of g, each made for its player by say
// (nil: none), and for its chat and watchers by say(nil) when public.
func tell(g *store.Game, t Table, public bool, say func(p *store.Player) *post.Note) []store.Outgoing {
	var rows []store.Outgoing
	for _, s := range post.SeatsOf(g) {
		p := t.Player(s)
		if p == nil {
			continue
		}
		if n := say(p); n != nil {
			if r, ok := t.Notice(g, s, *n); ok {
				rows = append(rows, r)
			}
		}
	}
	if n := say(nil); public && n != nil {
		rows = append(rows, t.Public(g, *n)...)
	}
	return rows
}

// tzOf is the time zone name of player p, "" for none (the public).
func tzOf(p *store.Player) string {
	if p == nil {
		return ""
	}
	return p.TZ
}

// itoa says a game's number.
func itoa(n uint64) string { return strconv.FormatUint(n, 10) }
