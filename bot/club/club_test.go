package club

import (
	"math"
	"path/filepath"
	"testing"
	"time"

	"umpire/referee"
	"umpire/store"
)

// league is a store with players and a club over it.
type league struct {
	t   *testing.T
	db  *store.DB
	c   *Club
	ids map[string]uint64
}

var house = store.Address{Transport: "house", ID: "house"}

func newLeague(t *testing.T, names ...string) *league {
	t.Helper()
	now := func() time.Time { return time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC) }
	db, err := store.Open(filepath.Join(t.TempDir(), "umpire.db"), &store.Options{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	l := &league{t: t, db: db, ids: map[string]uint64{}, c: New(Env{DB: db, Now: now, Lang: "en", House: house})}
	for _, n := range names {
		p := &store.Player{Name: n, Addresses: []store.Address{{Transport: "test", ID: n}}}
		if n == "house" {
			p.Addresses = []store.Address{house}
		}
		if err := db.Update(func(tx *store.Tx) error { return tx.PutPlayer(p) }); err != nil {
			t.Fatal(err)
		}
		l.ids[n] = p.ID
	}
	return l
}

// ended stores a game of variant between the players in seat order, over
// with result, as Apply does when a game ends.
func (l *league) ended(variant, result string, casual bool, level int, players ...string) {
	l.t.Helper()
	v, _ := referee.Lookup(variant)
	_, err := l.db.Apply(0, "", func(g *store.Game) ([]store.Outgoing, error) {
		g.Variant, g.State, g.Result, g.Casual, g.House = variant, store.StateOver, result, casual, level
		for i, s := range v.Seats {
			g.Seats[s] = store.Seat{PlayerID: l.ids[players[i]]}
		}
		return nil, nil
	})
	if err != nil {
		l.t.Fatal(err)
	}
}

func (l *league) rating(name, pool string) store.Rating {
	l.t.Helper()
	p, err := l.db.Player(l.ids[name])
	if err != nil {
		l.t.Fatal(err)
	}
	return p.Ratings[pool]
}

func near(a, b, eps float64) bool { return math.Abs(a-b) < eps }

// A small league worked outside the code (Glickman's steps, one rating
// period per game, by a separate program): newcomers A, B and C; A beats
// B, B beats C, C draws A. Then A loses to the house at level 3
// (1550/60).
func TestLeagueByHand(t *testing.T) {
	t.Parallel()
	l := newLeague(t, "A", "B", "C", "house")
	l.ended("chess", "1-0", false, 0, "A", "B")
	l.ended("chess", "1-0", false, 0, "B", "C")
	l.ended("chess", "1/2-1/2", false, 0, "C", "A")
	l.ended("chess", "1-0", true, 0, "A", "C") // casual: not rated
	l.ended("chess", "*", false, 0, "B", "A")  // aborted: not rated
	if err := l.c.Settle(); err != nil {
		t.Fatal(err)
	}
	for _, w := range []struct {
		name      string
		r, rd, vo float64
		games     int
	}{
		{"A", 1559.9920, 264.8913, 0.059999, 2},
		{"B", 1502.5491, 256.3452, 0.060000, 2},
		{"C", 1367.6438, 262.4133, 0.060000, 2},
	} {
		got := l.rating(w.name, "chess")
		if !near(got.R, w.r, 0.001) || !near(got.RD, w.rd, 0.001) || !near(got.Vol, w.vo, 0.000002) || got.Games != w.games {
			t.Errorf("%s: %+v, want %.4f / %.4f / %.6f after %d", w.name, got, w.r, w.rd, w.vo, w.games)
		}
	}
	l.ended("chess", "0-1", false, 3, "A", "house")
	if err := l.c.Settle(); err != nil {
		t.Fatal(err)
	}
	if got := l.rating("A", "chess"); !near(got.R, 1429.1368, 0.001) || !near(got.RD, 212.1543, 0.001) {
		t.Errorf("A after losing to the house: %+v, want 1429.1368 / 212.1543", got)
	}
	if h := l.rating("house", "chess"); h.Games != 0 {
		t.Errorf("the house's rating moved: %+v", h)
	}
	// Settled once: a second Settle changes nothing.
	before := l.rating("A", "chess")
	if err := l.c.Settle(); err != nil || l.rating("A", "chess") != before {
		t.Errorf("a second Settle: %v, %+v", err, l.rating("A", "chess"))
	}
}

// Kriegspiel is rated per rule set; three-player chess against each of
// the other two.
func TestPools(t *testing.T) {
	t.Parallel()
	l := newLeague(t, "A", "B", "C")
	l.ended("kriegspiel", "1-0", false, 0, "A", "B")
	if err := l.db.Update(func(tx *store.Tx) error { return nil }); err != nil {
		t.Fatal(err)
	}
	v, _ := referee.Lookup("kriegspiel")
	_, err := l.db.Apply(0, "", func(g *store.Game) ([]store.Outgoing, error) {
		g.Variant, g.State, g.Result, g.Options = "kriegspiel", store.StateOver, "0-1", referee.Options{Rules: v.RuleSets[1]}
		g.Seats[v.Seats[0]], g.Seats[v.Seats[1]] = store.Seat{PlayerID: l.ids["A"]}, store.Seat{PlayerID: l.ids["B"]}
		return nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	l.ended("triad", "2-1-0", false, 0, "A", "B", "C")
	if err := l.c.Settle(); err != nil {
		t.Fatal(err)
	}
	def, other := "kriegspiel/"+v.RuleSets[0], "kriegspiel/"+v.RuleSets[1]
	if a, b := l.rating("A", def), l.rating("A", other); a.Games != 1 || b.Games != 1 || a.R <= 1500 || b.R >= 1500 {
		t.Errorf("A in %s: %+v; in %s: %+v", def, a, other, b)
	}
	a, b, c := l.rating("A", "triad"), l.rating("B", "triad"), l.rating("C", "triad")
	if a.Games != 1 || !(a.R > b.R && b.R > c.R) || !near(b.R, 1500, 0.001) {
		t.Errorf("triad: A %+v, B %+v, C %+v", a, b, c)
	}
}
