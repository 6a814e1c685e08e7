package lobby

import (
	"log/slog"
	"sync"
	"time"

	"umpire/bot/door"
	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/internal/dice"
	"umpire/referee"
	"umpire/store"
)

// Env is what the lobby needs of the bot.
type Env struct {
	DB   *store.DB
	Cat  *texts.Catalog
	Now  func() time.Time
	Log  *slog.Logger
	Dice dice.Dice // the order seekers take their seats in
	// Spec reads the arguments of `seek` as `new` reads its own.
	Spec func(args []string) (Spec, error)
	// Room refuses player p another game: at most so many at once, and
	// for a game against the house (vsHouse, the house player hp) fewer.
	Room func(p, hp *store.Player, vsHouse bool) error
	// Start makes and starts a game like the one given (its variant,
	// options, clock, chat, the house's level) with the players in seat
	// order, once: key names the making.
	Start func(key string, like *store.Game, players []*store.Player) error
	// Player finds the player who sent a message, making one for a
	// newcomer (door.Door.Player).
	Player func(in wire.Inbound) (*store.Player, error)
	// Reply answers a visit in its chat (door.Door.Reply).
	Reply func(v door.Visit, n post.Note) error
	// View is seat's view of game g replayed to its whole log.
	View func(g *store.Game, seat referee.Seat) (referee.View, error)
	// Stand plays text as the action of seat in game id, for the house
	// sitting in for it (civil disorder, store.Spell), once (key names
	// it); it reports whether the game's log grew. A seat the house sits
	// in for no more plays nothing.
	Stand func(key string, id uint64, seat referee.Seat, text string) (bool, error)
}

// Spec is what a seek asks for, read from its words.
type Spec struct {
	Variant *referee.Variant
	Options referee.Options // its rule set
	Clock   time.Duration
	House   bool // vs house: the house may answer after SeekHouse
	// Other reports words a seek does not take: a seat, an address to
	// invite, an increment, the claim rule, casual, a pace. A seek
	// refuses them rather than pair players on a game one did not ask for.
	Other bool
}

// Lobby keeps the seeks and seats the house player.
type Lobby struct {
	env   Env
	mu    sync.Mutex // serialises every change of the seeks (one process owns the store)
	house *House
}

// New makes a Lobby.
func New(env Env) *Lobby {
	l := &Lobby{env: env}
	l.house = newHouse(l)
	return l
}

// House is the lobby's house player.
func (l *Lobby) House() *House { return l.house }

// HousePlayer finds the house's player, making it the first time.
func (l *Lobby) HousePlayer() (*store.Player, error) {
	return l.env.Player(wire.Inbound{Transport: HouseTransport, From: HouseAddress.ID, Name: houseName, Private: true})
}

// notice queues a notice to the chat a visit came from, inside tx.
func notice(tx *store.Tx, v door.Visit, n post.Note) error {
	_, err := tx.Queue(store.Outgoing{To: v.Chat(), Kind: post.KindNotice, Text: n.Encode(), Lang: v.Player.Lang})
	return err
}
