package bot

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	"umpire/bot/club"
	"umpire/bot/door"
	"umpire/bot/lobby"
	"umpire/bot/pace"
	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/internal/dice"
	"umpire/referee"
	"umpire/render"
	"umpire/store"
)

// Config are the settings of a Bot. DB is required; the zero value of
// every other field is a working default.
type Config struct {
	DB      *store.DB
	Catalog *texts.Catalog   // nil: texts.DefaultCatalog
	Langs   []string         // the languages offered, the default first; nil: Languages
	Now     func() time.Time // nil: time.Now
	Rand    io.Reader        // join tokens and salts; nil: crypto/rand
	// Picture draws a view as a PNG with a legend (a header and a
	// caption); nil: post.Picture, with render. post.NoPictures sends
	// none.
	Picture func(v referee.View, l post.Legend) ([]byte, error)
	// Replay draws the fog replay sent at the end of a game as a GIF;
	// nil: post.ReplayGIF. post.NoReplay sends none.
	Replay func(frames []render.Frame) ([]byte, error)
	Log    *slog.Logger // nil: slog.Default()
	// SendWorkers is how many messages, each to another chat, a sender
	// makes and sends at once; 0: post.DefaultSendWorkers().
	SendWorkers int
	// FaultBackoff is the wait before the attempt-th retry of a write the
	// disk refused; nil: door.FaultBackoff.
	FaultBackoff func(attempt int) time.Duration
	// Budget is how many messages one sender may send (the door's budget.go);
	// nil or a Burst of 0: no budget (the console, tests whose clock
	// stands still); umpire serve gives its transports wire.DefaultBudget.
	Budget *wire.Budget
	// RefusalCap bounds the refusals sent to one mail address, so that an
	// auto-responder cannot keep the umpire answering (the door's
	// refuse.go); nil: wire.DefaultRefusalCap, a zero N: no cap.
	RefusalCap *wire.RefusalCap
}

// Bot is the application between the transports and the store. Its
// methods are safe for concurrent use.
type Bot struct {
	db    *store.DB
	cat   *texts.Catalog
	langs []string
	now   func() time.Time
	dice  dice.Dice // join tokens, salts and other secrets
	log   *slog.Logger
	games *gameCache
	post  *post.Office // makes and sends the messages of the outbox

	door  *door.Door   // admits messages: its guards, the player, the command
	lobby *lobby.Lobby // seeks and the house player
	club  *club.Club   // ratings and tournaments (clubs.go)
	pace  *pace.Pacer  // pauses, extensions, civil disorder (rooms.go)
}

// New makes a Bot. It fails when DB is nil or a language is not one of
// the catalog's.
func New(cfg Config) (*Bot, error) {
	b := &Bot{db: cfg.DB, cat: cfg.Catalog, langs: cfg.Langs, now: cfg.Now, log: cfg.Log,
		games: newGameCache(cacheGames, cacheEntries)}
	if b.db == nil {
		return nil, errors.New("bot: no database")
	}
	if b.cat == nil {
		b.cat = texts.DefaultCatalog
	}
	if len(b.langs) == 0 {
		b.langs = texts.Languages
	}
	for _, l := range b.langs {
		if !b.cat.Supported(l) {
			return nil, fmt.Errorf("bot: language %q: want some of %v", l, texts.Languages)
		}
	}
	if b.now == nil {
		b.now = time.Now
	}
	random := cfg.Rand
	if random == nil {
		random = rand.Reader
	}
	b.dice = dice.Dice{R: random}
	if b.log == nil {
		b.log = slog.Default()
	}
	backoff := cfg.FaultBackoff
	if backoff == nil {
		backoff = door.FaultBackoff
	}
	b.post = post.New(post.Config{DB: b.db, Catalog: b.cat, Langs: b.langs, Now: b.now, Rand: random,
		Picture: cfg.Picture, Replay: cfg.Replay, Log: b.log, Workers: cfg.SendWorkers, FaultBackoff: backoff})
	b.door = door.New(b.doorConfig(cfg, backoff))
	b.lobby = lobby.New(b.lobbyEnv())
	b.club = b.newClub()
	b.pace = pace.New(pace.Env{Cat: b.cat, Now: b.now, Dice: b.dice, Seated: b.seatedIn,
		Apply: func(in wire.Inbound, id uint64, fn func(*store.Game, pace.Table) ([]store.Outgoing, error)) (bool, error) {
			return b.apply(in, id, func(g *store.Game, t *table) ([]store.Outgoing, error) { return fn(g, t) })
		}})
	return b, nil
}

// doorConfig are the door's settings.
func (b *Bot) doorConfig(cfg Config, backoff func(int) time.Duration) door.Config {
	dc := door.Config{DB: b.db, Catalog: b.cat, Langs: b.langs, Now: b.now, Dice: b.dice, Log: b.log,
		FaultBackoff: backoff, RefusalCap: wire.DefaultRefusalCap, Queued: b.post.ReportDropped}
	if cfg.Budget != nil {
		dc.Budget = *cfg.Budget
	}
	if cfg.RefusalCap != nil {
		dc.RefusalCap = *cfg.RefusalCap
	}
	return dc
}

// Handle handles one message a transport received: the door admits it
// (its guards, the player, the command) and the bot decides. A message
// whose id was handled before changes nothing. Handle returns an error
// only when the message could not be handled and should be delivered
// again later (see door.Door.Handle).
func (b *Bot) Handle(ctx context.Context, in wire.Inbound) error { return b.Serve(ctx, in, nil) }

// Serve is Handle that tells ans, when not nil, what became of a line
// played in a game: the Mini App's taps learn their ruling from the call
// that played them.
func (b *Bot) Serve(ctx context.Context, in wire.Inbound, ans post.Answer) error {
	err := b.door.Handle(ctx, in, b, ans)
	if err == nil {
		b.settleClub()
	}
	return err
}

// Decide runs the command of a visit the door let in (door.Decider).
func (b *Bot) Decide(v door.Visit) error {
	switch v.Cmd.Name {
	case "help":
		return b.help(v)
	case "lang":
		return b.setLang(v)
	case "name":
		return b.setName(v)
	case "rules":
		return b.rules(v)
	case "games":
		return b.listGames(v)
	case "new":
		return b.newGame(v)
	case "join":
		return b.join(v)
	case "invite":
		return b.invite(v)
	case "seek":
		return b.lobby.Seek(v)
	case "seeks":
		return b.lobby.Seeks(v)
	case "abort":
		return b.abort(v)
	case "board":
		return b.board(v)
	case "moves":
		return b.moves(v)
	case "watch":
		return b.watch(v)
	case "unwatch":
		return b.unwatch(v)
	case "vacation":
		return b.vacation(v)
	case "back":
		return b.back(v)
	case "tz":
		return b.setTZ(v)
	case "stop":
		return b.stop(v)
	case "resume":
		if v.Cmd.Game != 0 { // resume #N: a game's pause; resume TOKEN: an opt-out
			return b.pace.Resume(v)
		}
		return b.resume(v)
	case "pause":
		return b.pace.Pause(v)
	case "mail":
		return b.mailMode(v)
	case "tell":
		return b.tell(v)
	case "mute", "unmute":
		return b.mute(v)
	case "if":
		return b.setIfs(v)
	case "give":
		return b.give(v)
	case "claim":
		return b.claim(v)
	case "tournament", "rating", "top", "rematch":
		return b.clubCommand(v)
	}
	return b.play(v)
}
