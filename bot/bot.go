package bot

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"time"

	"umpire/bot/club"
	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/bot/wire"
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
	// disk refused; nil: FaultBackoff.
	FaultBackoff func(attempt int) time.Duration
	// Budget is how many messages one sender may send (see budget.go);
	// nil or a Burst of 0: no budget (the console, tests whose clock
	// stands still); umpire serve gives its transports wire.DefaultBudget.
	Budget *wire.Budget
	// RefusalCap bounds the refusals sent to one mail address, so that an
	// auto-responder cannot keep the bot answering (see loops.go); nil:
	// DefaultRefusalCap, a zero N: no cap.
	RefusalCap *RefusalCap
}

// Bot is the application between the transports and the store. Its
// methods are safe for concurrent use.
type Bot struct {
	db    *store.DB
	cat   *texts.Catalog
	langs []string
	now   func() time.Time
	rand  io.Reader
	dice  dice // join tokens, salts and other secrets, from rand
	log   *slog.Logger
	games *gameCache
	post  *post.Office // makes and sends the messages of the outbox

	house *House
	club  *club.Club // ratings and tournaments (clubs.go)
	sends transports // the transports the bot has senders for

	failing failures      // the messages that failed, to set aside
	budgets wire.Buckets  // each sender's budget of messages
	refused refusalCounts // the refusals sent to each mail address

	faultBackoff func(attempt int) time.Duration
}

// New makes a Bot. It fails when DB is nil or a language is not one of
// the catalog's.
func New(cfg Config) (*Bot, error) {
	b := &Bot{db: cfg.DB, cat: cfg.Catalog, langs: cfg.Langs, now: cfg.Now, rand: cfg.Rand,
		log: cfg.Log, games: newGameCache(cacheGames, cacheEntries)}
	if b.db == nil {
		return nil, errors.New("bot: no database")
	}
	b.house = newHouse(b)
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
	if b.rand == nil {
		b.rand = rand.Reader
	}
	if b.log == nil {
		b.log = slog.Default()
	}
	if cfg.Budget != nil {
		b.budgets.Budget = *cfg.Budget
	}
	b.refused.Cap = DefaultRefusalCap
	if cfg.RefusalCap != nil {
		b.refused.Cap = *cfg.RefusalCap
	}
	if b.faultBackoff = cfg.FaultBackoff; b.faultBackoff == nil {
		b.faultBackoff = FaultBackoff
	}
	b.dice = dice{b.rand}
	b.club = newClub(b)
	b.post = post.New(post.Config{DB: b.db, Catalog: b.cat, Langs: b.langs, Now: b.now, Rand: b.rand,
		Picture: cfg.Picture, Replay: cfg.Replay, Log: b.log, Workers: cfg.SendWorkers, FaultBackoff: b.faultBackoff})
	return b, nil
}

// userError is a user's mistake: a note safe to show, sent back to the
// chat the message came from.
type userError struct{ n post.Note }

func (e *userError) Error() string { return "user error: " + e.n.ID }

// oops makes a userError.
func oops(id string, kv ...string) error { return &userError{post.Say(id, kv...)} }

// Handle handles one message a transport received: it reads the command,
// finds the player (making one for a new address) and the game, and
// writes the outcome to the store, replies included. A message whose id
// was handled before changes nothing. Handle returns an error only when
// the message could not be handled and should be delivered again later. A
// message from an address too long to keep (over 1 KiB, so no real one) is
// dropped; one that fails AsideAfter times is set aside (see aside.go).
// While the disk refuses writes, Handle waits and tries again
// (see FaultBackoff) until it succeeds or ctx is done.
func (b *Bot) Handle(ctx context.Context, in wire.Inbound) error {
	err := closed(b.untilStored(ctx, "handle", func() error { return b.handle(ctx, in) }))
	if err == nil {
		settleClub(b)
	}
	return b.counted(ctx, in, err)
}

// closed marks an error of a closed store with wire.ErrClosed, which
// stops a transport's Receive.
func closed(err error) error {
	if errors.Is(err, store.ErrClosed) {
		return fmt.Errorf("%w: %w", wire.ErrClosed, err)
	}
	return err
}

// handle is one try of Handle.
func (b *Bot) handle(ctx context.Context, in wire.Inbound) (handled error) {
	if err := ctx.Err(); err != nil {
		return err
	}
	if addressTooLong(in) {
		b.log.Warn("handle: address too long to keep; message dropped", "transport", in.Transport, "from-bytes", len(in.From), "chat-bytes", len(in.Chat))
		return nil
	}
	if ok, err := b.overBudget(in); ok {
		return err
	}
	if ok, err := b.events(in); ok {
		return err
	}
	if in.Forgeable {
		a, err := b.admit(in)
		if err != nil {
			return err
		}
		if !a.accept {
			b.log.Info("handle: refused: no seat's key", "transport", in.Transport, "id", in.ID, "notices", len(a.notices))
			return b.refuseAll(in, a.notices...)
		}
		if a.confirm {
			sender, err := b.db.PlayerAt(addressOf(in))
			if err != nil && !errors.Is(err, store.ErrNotFound) {
				return err
			}
			if asked, err := b.askConfirm(in, sender, a.text); asked || err != nil {
				return err
			}
		}
		in.Text = a.text
		in.Verified = in.Verified || a.proves // its key shows the sender reads the mailbox
		// Once carried out, the confirmation opens nothing.
		if a.confirmed != "" {
			defer func() {
				if handled == nil {
					handled = confirmDone(b.db, a.confirmed)
				}
			}()
		}
	}
	p, err := b.player(in)
	if err != nil {
		return err
	}
	if err := noteStarted(b.db, &b.sends, in); err != nil {
		return err
	}
	text, done, err := b.confirm(in, p)
	if done || err != nil {
		return err
	}
	in.Text = text
	cmd := parseCommand(b.cat, in.Text)
	if err := lift(b.db, b.now(), b.dice, in, p, cmd); err != nil {
		return err
	}
	err = b.dispatch(in, p, cmd)
	var ue *userError
	switch {
	case err == nil:
		b.refused.readableFrom(in)
		return nil
	case errors.As(err, &ue):
		return b.refuse(in, p, ue.n)
	case errors.Is(err, store.ErrClosed), store.IsFault(err):
		return err
	}
	b.log.Error("handle", "transport", in.Transport, "id", in.ID, "err", err)
	if rerr := b.reply(in, p, post.Say("err.internal")); rerr != nil {
		return errors.Join(err, rerr)
	}
	return nil
}

// dispatch runs one command.
func (b *Bot) dispatch(in wire.Inbound, p *store.Player, cmd command) error {
	switch cmd.name {
	case "help":
		return b.reply(in, p, helpNote(b.cat, cmd))
	case "lang":
		return b.setLang(in, p, cmd)
	case "name":
		return b.setName(in, p, cmd)
	case "rules":
		return b.rules(in, p, cmd)
	case "games":
		return b.listGames(in, p)
	case "new":
		return b.newGame(in, p, cmd)
	case "join":
		return b.join(in, p, cmd)
	case "invite":
		return b.invite(in, p, cmd)
	case "seek":
		return b.seekCmd(in, p, cmd)
	case "seeks":
		return b.listSeeks(in, p)
	case "abort":
		return b.abort(in, p, cmd)
	case "board":
		return b.board(in, p, cmd)
	case "moves":
		return b.moves(in, p, cmd)
	case "watch":
		return b.watch(in, p, cmd)
	case "unwatch":
		return b.unwatch(in, p, cmd)
	case "vacation":
		return b.vacation(in, p, cmd)
	case "back":
		return b.back(in, p, cmd)
	case "tz":
		return b.setTZ(in, p, cmd)
	case "stop":
		return b.stop(in, p, cmd)
	case "resume":
		return b.resume(in, p, cmd)
	case "mail":
		return b.mailMode(in, p, cmd)
	case "tell":
		return b.tell(in, p, cmd)
	case "mute", "unmute":
		return b.mute(in, p, cmd, cmd.name == "mute")
	case "if":
		return setIfs(b, in, p, cmd)
	case "give":
		return give(b, in, p, cmd)
	case "claim":
		return claim(b, in, p, cmd)
	case "tournament", "rating", "top", "rematch":
		return clubCommand(b, in, p, cmd)
	}
	return b.play(in, p, cmd)
}

// player finds the player at the sender's address, or makes one.
func (b *Bot) player(in wire.Inbound) (*store.Player, error) {
	addr := addressOf(in)
	p, err := b.db.PlayerAt(addr)
	if err == nil || !errors.Is(err, store.ErrNotFound) {
		return p, err
	}
	err = b.db.Update(func(tx *store.Tx) error {
		if p, err = tx.PlayerAt(addr); err == nil || !errors.Is(err, store.ErrNotFound) {
			return err
		}
		p = &store.Player{Name: namedFrom(in), Lang: pickLang(b.langs, in.Lang), Addresses: []store.Address{addr}}
		return tx.PutPlayer(p)
	})
	return p, err
}

// pickLang is the language to use for a transport's hint: the hint when it is
// offered, else the default.
func pickLang(langs []string, hint string) string {
	if len(hint) > 2 {
		hint = hint[:2] // "ru-RU"
	}
	if slices.Contains(langs, hint) {
		return hint
	}
	return langs[0]
}

// reply queues a notice to the chat a message came from, an extra row
// (extra.go), and marks the message seen, in one transaction.
func (b *Bot) reply(in wire.Inbound, p *store.Player, n post.Note) error {
	row := inConversation(b.db, in, p, store.Outgoing{To: chatOf(in), Kind: post.KindNotice, Lang: p.Lang}, n)
	return b.queue(in, extra(row, replyLike(n)))
}

// inConversation is an answer row with note n: for a mail that carries
// the key of the sender's seat, in that seat's conversation about the game
// (its subject, its thread, its key for the next reply), whatever it
// answers.
func inConversation(db *store.DB, in wire.Inbound, p *store.Player, row store.Outgoing, n post.Note) store.Outgoing {
	if id, seat, ok := keyedSeat(db, in, p); ok && row.Game == 0 {
		row.Game, row.Seat, n.Keyed = id, seat, true
	}
	row.Text = n.Encode()
	return row
}

// queue queues rows and marks the message seen, unless it was seen.
func (b *Bot) queue(in wire.Inbound, rows ...store.Outgoing) error {
	err := update(b.db, in, func(tx *store.Tx) error {
		_, err := tx.Queue(rows...)
		return err
	})
	b.post.ReportDropped()
	return err
}
