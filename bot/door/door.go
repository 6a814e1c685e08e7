package door

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/internal/dice"
	"umpire/store"
)

// Config are the settings of a Door. DB, Catalog and Langs are required;
// the zero value of every other field is a working default.
type Config struct {
	DB      *store.DB
	Catalog *texts.Catalog
	Langs   []string         // the languages offered, the default first
	Now     func() time.Time // nil: time.Now
	Dice    dice.Dice        // confirmation and resume tokens
	Log     *slog.Logger     // nil: slog.Default()
	// FaultBackoff is the wait before the attempt-th retry of a write the
	// disk refused; nil: FaultBackoff.
	FaultBackoff func(attempt int) time.Duration
	// Budget is how many messages one sender may send (budget.go); a
	// Burst of 0: no budget.
	Budget wire.Budget
	// RefusalCap bounds the refusals sent to one mail address (refuse.go);
	// a zero N: no cap.
	RefusalCap wire.RefusalCap
	// Queued is called after the door queued rows (nil: nothing): the
	// post office reports the rows the store dropped.
	Queued func()
}

// Door admits messages for a Decider. Its methods are safe for concurrent
// use.
type Door struct {
	db           *store.DB
	cat          *texts.Catalog
	langs        []string
	now          func() time.Time
	dice         dice.Dice
	log          *slog.Logger
	faultBackoff func(attempt int) time.Duration
	queued       func()

	sends   Transports    // the transports the umpire sends through
	failing failures      // the messages that failed, to set aside
	budgets wire.Buckets  // each sender's budget of messages
	refused refusalCounts // the refusals sent to each mail address
}

// New makes a Door.
func New(cfg Config) *Door {
	d := &Door{db: cfg.DB, cat: cfg.Catalog, langs: cfg.Langs, now: cfg.Now, dice: cfg.Dice, log: cfg.Log,
		faultBackoff: cfg.FaultBackoff, queued: cfg.Queued}
	if d.now == nil {
		d.now = time.Now
	}
	if d.log == nil {
		d.log = slog.Default()
	}
	if d.faultBackoff == nil {
		d.faultBackoff = FaultBackoff
	}
	if d.queued == nil {
		d.queued = func() {}
	}
	d.budgets.Budget = cfg.Budget
	d.refused.Cap = cfg.RefusalCap
	return d
}

// A Decider decides on a Visit the door let in: it runs the command. It
// returns nil when the message was handled (its answers queued and it
// marked seen, in one transaction), a post.Mistake for the door to answer
// to the writer, or a failure.
type Decider interface {
	Decide(v Visit) error
}

// DeciderFunc adapts a function to a Decider.
type DeciderFunc func(v Visit) error

// Decide calls f.
func (f DeciderFunc) Decide(v Visit) error { return f(v) }

// Handle admits one message and has dec decide on it. A message whose id
// was handled before changes nothing. Handle returns an error only when
// the message could not be handled and should be delivered again later;
// while the disk refuses writes it waits and tries again (FaultBackoff)
// until it succeeds or ctx is done, and a message that fails AsideAfter
// times for another reason is set aside. ans, when not nil, is told what
// became of a line played in a game (post.Answer).
func (d *Door) Handle(ctx context.Context, in wire.Inbound, dec Decider, ans post.Answer) error {
	err := closed(d.untilStored(ctx, "handle", func() error { return d.pass(ctx, in, dec, ans) }))
	return d.counted(ctx, in, err)
}

// closed marks an error of a closed store with wire.ErrClosed, which
// stops a transport's Receive.
func closed(err error) error {
	if errors.Is(err, store.ErrClosed) {
		return fmt.Errorf("%w: %w", wire.ErrClosed, err)
	}
	return err
}

// Closed is closed for what a transport's cursor reads and writes.
func Closed(err error) error { return closed(err) }

// pass is one try of Handle: the guards in turn, then the decision.
func (d *Door) pass(ctx context.Context, in wire.Inbound, dec Decider, ans post.Answer) error {
	e := &entry{ctx: ctx, in: in, answer: ans}
	for _, guard := range guards {
		if stop, err := guard(d, e); stop || err != nil {
			return err
		}
	}
	return d.answer(e, dec.Decide(e.visit()))
}

// answer answers what the decision refused, and settles what the door
// opened for it: a mail's confirmation opens nothing once carried out.
func (d *Door) answer(e *entry, err error) error {
	v := e.visit()
	if n, ok := post.MistakeOf(err); ok {
		err = d.refuse(v, n)
	} else if err == nil {
		d.refused.readableFrom(v.In)
	} else if !errors.Is(err, store.ErrClosed) && !store.IsFault(err) {
		d.log.Error("handle", "transport", v.In.Transport, "id", v.In.ID, "err", err)
		if rerr := d.Reply(v, post.Say("err.internal")); rerr != nil {
			return errors.Join(err, rerr)
		}
		err = nil
	}
	if err == nil && e.confirmed != "" {
		err = confirmDone(d.db, e.confirmed)
	}
	return err
}

// Transports are the transports the umpire sends through, as the door
// met them.
func (d *Door) Transports() *Transports { return &d.sends }
