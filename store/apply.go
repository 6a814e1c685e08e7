package store

import (
	"fmt"
	"runtime/debug"
	"slices"
	"time"

	"umpire/referee"
)

// Apply is the one write path for a game. In one write transaction it
//
//   - returns applied == false and changes nothing when inbound is not ""
//     and was seen before;
//   - loads game gameID with its log, or, when gameID is 0, makes a new game
//     with the next id, Created now, State open and no seats, for fn to fill;
//   - runs fn, which changes g (appending to g.Log the actions the referee
//     accepted) and returns the messages to send;
//   - writes g back, appends the new entries of g.Log to the game's log,
//     marks inbound seen and queues the rows (a row with Game 0 gets g's id).
//
// All or nothing: when fn returns an error, Apply writes nothing and
// returns that error as it is; when fn panics, Apply writes nothing and
// panics again in the caller's goroutine. The errors of the store itself
// are wrapped, with ErrNotFound for a game that does not exist,
// ErrIDChanged when fn changed g.ID and ErrLogRewritten when fn changed or
// removed log entries written before.
//
// fn is given the game's log as the log cache holds it (logcache.go): it
// may append to g.Log, and must not change its entries, nor keep g.Log
// after it returns. Changes to the last entries, and a log replaced by a
// different one, are caught (ErrLogRewritten).
//
// Calls from several goroutines share a transaction (one fsync); should its
// commit fail, each call is retried alone, so fn may run more than once
// and must not act outside g and its results. To learn the id of a new
// game, copy g.ID inside fn. fn must do no network I/O: the writer lock is
// held while it runs.
func (db *DB) Apply(gameID uint64, inbound string, fn func(g *Game) ([]Outgoing, error)) (applied bool, err error) {
	r := db.submit(&call{gameID: gameID, inbound: inbound, fn: fn, done: make(chan result, 1)})
	if r.err == ErrClosed {
		return false, fmt.Errorf("store: apply game %d: %w", gameID, ErrClosed)
	}
	if r.panic != nil {
		panic(r.panic)
	}
	return r.applied, r.err
}

// call is one Apply, or one Done, waiting for the writer goroutine.
type call struct {
	gameID  uint64
	inbound string
	fn      func(g *Game) ([]Outgoing, error)
	sent    []uint64    // Done's outbox rows to delete; then fn is nil
	done    chan result // buffered: the writer never waits for the caller
}

// submit hands c to the writer goroutine and waits for its result.
func (db *DB) submit(c *call) result {
	select {
	case db.calls <- c:
	case <-db.closing:
		return result{err: ErrClosed}
	}
	return <-c.done
}

// result is what Apply returns, or the panic it raises again.
type result struct {
	applied bool
	err     error
	panic   *fnPanic
}

// fnPanic carries a panic of fn back to the goroutine that called Apply.
type fnPanic struct {
	value any
	stack []byte
}

func (p *fnPanic) Error() string {
	return fmt.Sprintf("store: Apply's function panicked: %v\n\n%s", p.value, p.stack)
}

// apply runs one call inside the transaction. The result is the call's;
// abort is a write that failed half-way, which spoils the transaction.
// Everything before the first write only reads, so a call that fails there
// leaves the transaction clean for the calls that share it.
func (tx *Tx) apply(c *call) (r result, abort error) {
	if c.fn == nil {
		return result{applied: true}, tx.Done(c.sent...)
	}
	if c.inbound != "" && tx.Seen(c.inbound) {
		return result{}, nil
	}
	g, err := tx.loadOrNew(c.gameID)
	if err != nil {
		return result{err: fmt.Errorf("store: apply: %w", err)}, nil
	}
	was := snapshotOf(g, c.gameID == 0)
	rows, r := runFn(c.fn, g)
	if r.err != nil || r.panic != nil {
		tx.forget(was.id)
		return r, nil
	}
	if err := was.check(g); err != nil {
		tx.forget(was.id)
		return result{err: fmt.Errorf("store: apply game %d: %w", was.id, err)}, nil
	}
	if err := tx.save(was, g, c.inbound, rows); err != nil {
		return result{}, err // commit wraps it
	}
	return result{applied: true}, nil
}

// loadOrNew loads a game, or makes a new one when id is 0. It only reads:
// the new id is taken when the game is saved.
func (tx *Tx) loadOrNew(id uint64) (*Game, error) {
	if id != 0 {
		g, log, err := tx.game(id)
		if g != nil {
			g.Log = log // fn appends to the cached log in place
		}
		return g, err
	}
	return &Game{
		ID:      tx.bucket(bucketGames).Sequence() + 1,
		Created: tx.now,
		State:   StateOpen,
		Seats:   map[referee.Seat]Seat{},
	}, nil
}

// runFn calls fn and catches its panic.
func runFn(fn func(g *Game) ([]Outgoing, error), g *Game) (rows []Outgoing, r result) {
	defer func() {
		if v := recover(); v != nil {
			r = result{panic: &fnPanic{value: v, stack: debug.Stack()}}
		}
	}()
	rows, err := fn(g)
	return rows, result{err: err}
}

// snapshot is what Apply remembers of a game before fn runs, to check what
// fn did and to keep the indexes.
type snapshot struct {
	id       uint64
	isNew    bool
	log      []referee.Action // the log fn was given (the slice, not a copy)
	tail     []referee.Action // a copy of its last entries
	holders  map[uint64]bool
	deadline time.Time
	over     bool // the game had ended before fn ran
}

// tailChecked is how many of the last entries of a log Apply checks fn
// left alone when fn only appended to the log it was given.
const tailChecked = 4

func snapshotOf(g *Game, isNew bool) snapshot {
	tail := slices.Clone(g.Log[max(0, len(g.Log)-tailChecked):])
	return snapshot{g.ID, isNew, slices.Clip(g.Log), tail, seatHolders(g), g.Deadline, g.State == StateOver}
}

// check fails when fn changed what it may not. Checking each entry of the
// log would cost the log's length on every action: the length is checked,
// the last entries, and that the log is the one fn was given. A log fn
// made anew (an append that outgrew the slice) is checked entry by entry,
// as often as it doubles.
func (was snapshot) check(g *Game) error {
	if g.ID != was.id {
		return fmt.Errorf("%w (to %d)", ErrIDChanged, g.ID)
	}
	n := len(was.log)
	switch {
	case len(g.Log) < n || !slices.Equal(g.Log[n-len(was.tail):n], was.tail):
		return ErrLogRewritten
	case n > 0 && &g.Log[0] != &was.log[0] && !slices.Equal(g.Log[:n], was.log):
		return ErrLogRewritten
	}
	return nil
}

// forget drops a game from the log cache and this transaction's logs
// after its fn failed: fn may have changed entries in place.
func (tx *Tx) forget(id uint64) {
	if id != 0 {
		delete(tx.logs, id)
		tx.cache.drop(id)
	}
}

// save writes the game, the new log entries, the indexes, the inbound id
// and the outgoing rows.
func (tx *Tx) save(was snapshot, g *Game, inbound string, rows []Outgoing) error {
	games := tx.bucket(bucketGames)
	if was.isNew {
		if err := games.SetSequence(g.ID); err != nil {
			return err
		}
	}
	if err := putJSON(games, u64(g.ID), g); err != nil {
		return err
	}
	if err := tx.appendLog(g.ID, g.Log, len(was.log)); err != nil {
		return err
	}
	if tx.logs != nil {
		tx.logs[g.ID] = g.Log
	}
	if err := tx.indexSeats(g.ID, was.holders, seatHolders(g)); err != nil {
		return err
	}
	if err := tx.indexDeadline(g.ID, was.deadline, g.Deadline); err != nil {
		return err
	}
	if was.isNew {
		if err := tx.indexTourneyGame(g); err != nil {
			return err
		}
	}
	if g.State == StateOver && !was.over {
		if err := tx.queueEnded(g.ID); err != nil {
			return err
		}
	}
	if inbound != "" {
		if err := tx.MarkSeen(inbound); err != nil {
			return err
		}
	}
	return tx.queueFor(g.ID, rows)
}

// queueFor queues rows, naming the game in those that name none.
func (tx *Tx) queueFor(gameID uint64, rows []Outgoing) error {
	for i := range rows {
		if rows[i].Game == 0 {
			rows[i].Game = gameID
		}
	}
	_, err := tx.Queue(rows...)
	return err
}
