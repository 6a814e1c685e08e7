package store

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	bolt "go.etcd.io/bbolt"

	"umpire/referee"
)

func TestApplyNewGame(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	for want := uint64(1); want <= 3; want++ {
		if id := newGame(t, db); id != want {
			t.Fatalf("new game id = %d; want %d", id, want)
		}
	}
	g, err := db.Game(2)
	if err != nil {
		t.Fatal(err)
	}
	if g.ID != 2 || g.Variant != "kriegspiel" || g.Created.IsZero() || len(g.Seats) != 2 {
		t.Errorf("Game(2) = %+v; want the game as created", g)
	}
	if _, err := db.Game(4); !errors.Is(err, ErrNotFound) {
		t.Errorf("Game(4) = %v; want ErrNotFound", err)
	}
}

var errIllegal = errors.New("illegal")

// failures are Apply functions that must leave the database as it was.
var failures = []struct {
	name string
	fn   func(g *Game) ([]Outgoing, error)
	want error // nil for a panic
}{
	{"fn error", func(g *Game) ([]Outgoing, error) {
		g.State = StateOver
		g.Log = append(g.Log, referee.Action{Seat: "black", Text: "e5"})
		return []Outgoing{{Kind: "view"}}, errIllegal
	}, errIllegal},
	{"id changed", func(g *Game) ([]Outgoing, error) {
		g.ID = 99
		return []Outgoing{{Kind: "view"}}, nil
	}, ErrIDChanged},
	{"log rewritten", func(g *Game) ([]Outgoing, error) {
		g.Log[0].Text = "d4"
		g.Log = append(g.Log, referee.Action{Seat: "black", Text: "e5"})
		return nil, nil
	}, ErrLogRewritten},
	{"log truncated", func(g *Game) ([]Outgoing, error) {
		g.Log = g.Log[:0]
		return nil, nil
	}, ErrLogRewritten},
	{"panic", func(g *Game) ([]Outgoing, error) {
		g.Log = append(g.Log, referee.Action{Seat: "black", Text: "e5"})
		panic("referee bug")
	}, nil},
}

func TestApplyFailureWritesNothing(t *testing.T) {
	t.Parallel()
	for _, f := range failures {
		t.Run(f.name, func(t *testing.T) {
			db := openTest(t, nil)
			id := newGame(t, db)
			if _, err := db.Apply(id, "console:1", move("white", "e4")); err != nil {
				t.Fatal(err)
			}
			before := dump(t, db)
			applied, err := applyCatch(db, id, "console:2", f.fn)
			if failed := err != nil && errors.Is(err, f.want) || f.want == nil && err != nil; applied || !failed {
				t.Errorf("Apply = %v, %v; want false, %v", applied, err, f.want)
			}
			if after := dump(t, db); after != before {
				t.Errorf("database changed:\n%s\nwant\n%s", after, before)
			}
		})
	}
}

// applyCatch is Apply with a panic turned into an error.
func applyCatch(db *DB, id uint64, inbound string, fn func(g *Game) ([]Outgoing, error)) (applied bool, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("panic: %v", v)
		}
	}()
	return db.Apply(id, inbound, fn)
}

func TestApplyPanicCarriesStack(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	_, err := applyCatch(db, 0, "", failures[len(failures)-1].fn)
	if err == nil || !strings.Contains(err.Error(), "referee bug") || !strings.Contains(err.Error(), "goroutine") {
		t.Errorf("Apply of a panicking function: %v; want the panic with its stack", err)
	}
}

func TestApplyUnknownGame(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	before := dump(t, db)
	applied, err := db.Apply(7, "console:1", move("white", "e4"))
	if applied || !errors.Is(err, ErrNotFound) {
		t.Errorf("Apply(7) = %v, %v; want false, ErrNotFound", applied, err)
	}
	if dump(t, db) != before {
		t.Error("Apply to an unknown game wrote something")
	}
}

func TestApplyRepeatedInbound(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	id := newGame(t, db)
	if applied, err := db.Apply(id, "telegram:42", move("white", "e4")); !applied || err != nil {
		t.Fatalf("first Apply = %v, %v; want true, nil", applied, err)
	}
	before := dump(t, db)
	called := false
	applied, err := db.Apply(id, "telegram:42", func(g *Game) ([]Outgoing, error) {
		called = true
		return move("white", "e4")(g)
	})
	if applied || err != nil || called {
		t.Errorf("repeated Apply = %v, %v, fn called %v; want false, nil, not called", applied, err, called)
	}
	if dump(t, db) != before {
		t.Error("repeated inbound id changed the database")
	}
	if n, _ := db.SeenCount(); n != 1 {
		t.Errorf("SeenCount = %d; want 1", n)
	}
}

func TestApplyOutboxWithMove(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	id := newGame(t, db)
	for i, m := range []string{"e4", "e5", "Nf3"} {
		seat := referee.TwoSeats[i%2]
		if _, err := db.Apply(id, fmt.Sprint("console:", i), move(seat, m)); err != nil {
			t.Fatal(err)
		}
	}
	var g *Game
	var rows []Outgoing
	db.View(func(tx *Tx) (err error) {
		g, _ = tx.Game(id)
		rows, err = tx.pending(farFuture, 0)
		return err
	})
	if len(rows) != len(g.Log) {
		t.Fatalf("%d outbox rows for %d moves; want one each", len(rows), len(g.Log))
	}
	for i, r := range rows {
		if r.Seq != uint64(i+1) || r.Game != id || r.Ply != i+1 || r.Seat != g.Log[i].Seat {
			t.Errorf("row %d = %+v; want seq %d, game %d, ply %d, seat %s", i, r, i+1, id, i+1, g.Log[i].Seat)
		}
	}
}

func TestApplyLogOrder(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	id := newGame(t, db)
	var want []string
	for i := range 100 {
		want = append(want, fmt.Sprintf("m%d", i))
		if _, err := db.Apply(id, "", move(referee.TwoSeats[i%2], want[i])); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := db.Log(id)
	if err != nil {
		t.Fatal(err)
	}
	if got := texts(actions(entries)); !slices.Equal(got, want) {
		t.Errorf("log = %v; want %v", got, want)
	}
	for i := 1; i < len(entries); i++ {
		if !entries[i].At.After(entries[i-1].At) {
			t.Errorf("entry %d logged at %v, not after entry %d at %v", i, entries[i].At, i-1, entries[i-1].At)
		}
	}
}

func TestApplyConcurrentSameGame(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	id := newGame(t, db)
	const n = 50
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			if _, err := db.Apply(id, fmt.Sprint("c:", i), move("white", fmt.Sprint(i))); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	g, _ := db.Game(id)
	got := texts(g.Log)
	slices.Sort(got)
	want := make([]string, n)
	for i := range n {
		want[i] = fmt.Sprint(i)
	}
	slices.Sort(want)
	if !slices.Equal(got, want) || len(outbox(t, db)) != n {
		t.Errorf("log = %v, %d rows; want each of %d moves once, with its row", got, len(outbox(t, db)), n)
	}
}

// TestApplyConcurrentGames plays 200 games at once, each move redelivered
// once, and checks every log.
func TestApplyConcurrentGames(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	const games, moves = 200, 10
	var wg sync.WaitGroup
	for range games {
		wg.Go(func() { playGame(t, db, moves) })
	}
	wg.Wait()
	if n, _ := db.SeenCount(); n != games*moves {
		t.Errorf("SeenCount = %d; want %d", n, games*moves)
	}
	if rows := outbox(t, db); len(rows) != games*moves {
		t.Errorf("%d outbox rows; want %d", len(rows), games*moves)
	}
}

// playGame creates a game, plays moves in it with each message delivered
// twice, and checks its log.
func playGame(t *testing.T, db *DB, moves int) {
	id := newGame(t, db)
	var want []string
	for i := range moves {
		want = append(want, fmt.Sprintf("m%d", i))
		for try := range 2 {
			applied, err := db.Apply(id, fmt.Sprintf("c:%d:%d", id, i), move(referee.TwoSeats[i%2], want[i]))
			if err != nil || applied != (try == 0) {
				t.Errorf("game %d move %d try %d: Apply = %v, %v", id, i, try, applied, err)
			}
		}
	}
	if g, err := db.Game(id); err != nil || !slices.Equal(texts(g.Log), want) {
		t.Errorf("game %d: log %v, %v; want %v", id, texts(g.Log), err, want)
	}
}

// TestCommitBatch runs calls in one batch by hand: a failing call leaves
// the others to commit, and a write failing half-way sends every call to be
// retried alone.
func TestCommitBatch(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	id := newGame(t, db)
	runs := 0
	counted := func(g *Game) ([]Outgoing, error) { runs++; return move("white", "e4")(g) }
	tooLong := strings.Repeat("x", bolt.MaxKeySize+1) // a key bbolt refuses
	calls := []*call{
		newCall(id, "c:1", counted),
		newCall(id, "c:2", failures[0].fn),
		newCall(id, "c:1", move("white", "again")), // seen in this batch
		newCall(id, tooLong, move("black", "e5")),  // fails writing
		newCall(id, "c:3", move("black", "c5")),
	}
	db.commit(calls)
	want := []struct {
		applied bool
		err     bool
	}{{true, false}, {false, true}, {false, false}, {false, true}, {true, false}}
	for i, c := range calls {
		r := <-c.done
		if r.applied != want[i].applied || (r.err != nil) != want[i].err {
			t.Errorf("call %d: %v, %v; want applied %v, error %v", i, r.applied, r.err, want[i].applied, want[i].err)
		}
	}
	g, _ := db.Game(id)
	if got := texts(g.Log); !slices.Equal(got, []string{"e4", "c5"}) || runs != 2 {
		t.Errorf("log %v, first fn ran %d times; want [e4 c5], twice (batch, then alone)", got, runs)
	}
}

func newCall(id uint64, inbound string, fn func(g *Game) ([]Outgoing, error)) *call {
	return &call{gameID: id, inbound: inbound, fn: fn, done: make(chan result, 1)}
}
