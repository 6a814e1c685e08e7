package store

import (
	"bytes"
	"fmt"
	"slices"
	"time"

	"umpire/referee"
)

// State is where a game is in its life.
type State string

// The states of a game.
const (
	StateOpen    State = "open"    // created, seats being taken
	StatePlaying State = "playing" // started
	StateOver    State = "over"    // finished, aborted or decided
)

// Address is where a player or a chat can be reached: a transport's name
// ("telegram", "email", "console") and an id on that transport.
type Address struct {
	Transport string `json:"transport"`
	ID        string `json:"id"`
}

// String is the address as "transport:id", the form of its key.
func (a Address) String() string { return a.Transport + ":" + a.ID }

// IsZero reports whether the address is empty.
func (a Address) IsZero() bool { return a == Address{} }

// Seat is one place at a game's table: the player who holds it (0 while it
// is free), the per-seat secret that authenticates that player (for
// instance in an e-mail reply address or a deep link), and the seat's other
// secrets and salts by name.
type Seat struct {
	PlayerID uint64            `json:"player,omitempty"`
	Token    string            `json:"token,omitempty"`
	Secrets  map[string]string `json:"secrets,omitempty"`
	// Muted is set by the seat's player (mute #N): it hears no messages
	// of the game's other players (Talk), nor anything else they cause it
	// to hear by choice (bot/muted.go).
	Muted bool `json:"muted,omitempty"`
	// Withheld is one more than the index of the first log entry a muted
	// seat was not told of when it came (another's draw offer), 0 for
	// none: the seat's next view reports the log from there.
	Withheld int `json:"withheld,omitempty"`
	// Ifs is the seat's conditional line (bot/ifs): what it plays when
	// its opponent's next move is, or brings, what it names. Its own
	// alone: never shown to another seat.
	Ifs []If `json:"ifs,omitempty"`
}

// If is one step of a conditional line: when the seat sees or is told
// When, the umpire plays Then as its action.
type If struct {
	When string `json:"when"`
	Then string `json:"then"`
}

// Gift is the time seat By gave seat To since To last acted: Given in
// all, the first of it given when the game's log had Since entries.
type Gift struct {
	To    referee.Seat  `json:"to"`
	By    referee.Seat  `json:"by"`
	Given time.Duration `json:"given"`
	Since int           `json:"since"`
}

// Game is one game's record. Log holds the actions the referee accepted, in
// order; Apply loads it and stores the entries appended to it, which may
// never be changed afterwards. Everything else is stored as it is left.
type Game struct {
	ID       uint64                `json:"id"`
	Variant  string                `json:"variant"`
	Options  referee.Options       `json:"options"`
	Created  time.Time             `json:"created"`
	State    State                 `json:"state"`
	Chat     Address               `json:"chat,omitzero"`   // where it was created; may be empty
	Maker    uint64                `json:"maker,omitempty"` // the player who made it; 0 in games made before it was kept
	Seats    map[referee.Seat]Seat `json:"seats,omitempty"`
	Watchers []Address             `json:"watchers,omitempty"`
	// Public is set for a game its players opened to anyone (new … public):
	// others may watch it and see its board. A game made in a group is
	// the group's to follow; any other is its players' alone.
	Public bool `json:"public,omitempty"`
	// House is the house player's level in a game it holds a seat in
	// (new … vs house 3): 1 to 3; 0 in older games, which it plays at
	// level 1, as it did then.
	House int `json:"house,omitempty"`
	// Casual games are not rated (new … casual); every other game between
	// players is (bot/club).
	Casual bool `json:"casual,omitempty"`
	// Tournament is the tournament the game is one pairing of (its index
	// in Tournament.Pairings), 0 for none; Pairings is how many pairings
	// that tournament has (0 in games made before it was kept), so that
	// the game is named "game 3 of 6" without loading the tournament.
	Tournament uint64    `json:"tournament,omitempty"`
	Pairing    int       `json:"pairing,omitempty"`
	Pairings   int       `json:"pairings,omitempty"`
	Deadline   time.Time `json:"deadline,omitzero"` // see DB.Due
	// Clock is the time a seat has for each decision (a move, a crown to
	// seal, an offer to answer), 0 for no clock; Waits are the decisions
	// the clock is timing now (none without a clock or once the game is
	// over). Deadline is then the first of their ends and reminders.
	Clock time.Duration `json:"clock,omitempty"`
	Waits []Wait        `json:"waits,omitempty"`
	// Increment makes each seat's time a bank (new dark 3d+1d): Banks
	// holds what each seat has left for its next decision, none at first
	// (the clock). TimeRule is "" for the flag, or "claim": a seat out of
	// time loses when its opponents claim it (bot/timerules.go).
	Increment time.Duration                  `json:"increment,omitempty"`
	Banks     map[referee.Seat]time.Duration `json:"banks,omitempty"`
	TimeRule  string                         `json:"time-rule,omitempty"`
	// Paused is when the clocks, stopped for a player's vacation, run
	// again; the Waits' times are pushed back by the pause.
	Paused time.Time `json:"paused,omitzero"`
	// Gifts are the time seats gave others (give) that still stand: one
	// per giver and receiver, added up until the receiver acts, so that
	// the receiver hears of them in one message (bot/timerules.go).
	Gifts []Gift `json:"gifts,omitempty"`
	// Pace are the game's rules beyond its clock and their state: a
	// pause agreed, automatic extensions, deadlines at a fixed hour,
	// civil disorder (store.Pace, bot/pace).
	Pace   Pace             `json:"pace,omitzero"`
	Result string           `json:"result,omitempty"`
	Reason string           `json:"reason,omitempty"`
	Log    []referee.Action `json:"-"`
}

// DropIfs drops the conditional line of seat s.
func (g *Game) DropIfs(s referee.Seat) {
	if seat := g.Seats[s]; len(seat.Ifs) > 0 {
		seat.Ifs = nil
		g.Seats[s] = seat
	}
}

// SeatOf returns the seat a player holds in the game.
func (g *Game) SeatOf(playerID uint64) (referee.Seat, bool) {
	for s, seat := range g.Seats {
		if playerID != 0 && seat.PlayerID == playerID {
			return s, true
		}
	}
	return "", false
}

// Game loads a game with its log. It returns an error wrapping ErrNotFound
// when there is no such game. The game is a copy, but for its Log, which
// may share memory with the store's cache of logs (logcache.go), so that
// a read costs nothing of the log's length: append to it freely (it has no
// room to append in place), never change its entries.
func (tx *Tx) Game(id uint64) (*Game, error) {
	g, log, err := tx.game(id)
	if err != nil {
		return nil, err
	}
	g.Log = slices.Clip(log)
	return g, nil
}

// game loads a game without its log, and its log as the log cache has it
// (logcache.go): shared with the cache, to copy or only append to.
func (tx *Tx) game(id uint64) (*Game, []referee.Action, error) {
	g := new(Game)
	if err := getJSON(tx.bucket(bucketGames), u64(id), g); err != nil {
		return nil, nil, fmt.Errorf("store: game %d: %w", id, err)
	}
	log, err := tx.actions(id)
	return g, log, err
}

// GameHead loads a game without its log (Log is nil): what is known of it
// but its moves, at the cost of one record whatever its length.
func (tx *Tx) GameHead(id uint64) (*Game, error) {
	g := new(Game)
	if err := getJSON(tx.bucket(bucketGames), u64(id), g); err != nil {
		return nil, fmt.Errorf("store: game %d: %w", id, err)
	}
	return g, nil
}

// Games loads the games in which a player holds a seat, by game id.
func (tx *Tx) Games(playerID uint64) ([]*Game, error) {
	var games []*Game
	prefix := u64(playerID)
	c := tx.bucket(bucketPlayerGames).Cursor()
	for k, _ := c.Seek(prefix); bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		g, err := tx.Game(fromU64(k[8:]))
		if err != nil {
			return nil, fmt.Errorf("store: games of player %d: %w", playerID, err)
		}
		games = append(games, g)
	}
	return games, nil
}

// Seated reports whether a player holds a seat in a game the store keeps:
// the umpire has written to it about a game. One index key is read.
func (tx *Tx) Seated(playerID uint64) bool {
	prefix := u64(playerID)
	k, _ := tx.bucket(bucketPlayerGames).Cursor().Seek(prefix)
	return bytes.HasPrefix(k, prefix)
}

// Game loads a game with its log; see Tx.Game.
func (db *DB) Game(id uint64) (g *Game, err error) {
	err = db.View(func(tx *Tx) error {
		g, err = tx.Game(id)
		return err
	})
	return g, err
}

// Games loads the games in which a player holds a seat; see Tx.Games.
func (db *DB) Games(playerID uint64) (games []*Game, err error) {
	err = db.View(func(tx *Tx) error {
		games, err = tx.Games(playerID)
		return err
	})
	return games, err
}

// seatHolders returns the players holding the game's seats.
func seatHolders(g *Game) map[uint64]bool {
	held := make(map[uint64]bool, len(g.Seats))
	for _, s := range g.Seats {
		if s.PlayerID != 0 {
			held[s.PlayerID] = true
		}
	}
	return held
}

// indexSeats brings the player → game index from the holders before a
// change to the holders after it.
func (tx *Tx) indexSeats(id uint64, before, after map[uint64]bool) error {
	b := tx.bucket(bucketPlayerGames)
	for p := range before {
		if !after[p] {
			if err := b.Delete(append(u64(p), u64(id)...)); err != nil {
				return err
			}
		}
	}
	for p := range after {
		if !before[p] {
			if err := b.Put(append(u64(p), u64(id)...), nil); err != nil {
				return err
			}
		}
	}
	return nil
}
