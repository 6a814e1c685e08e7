package tourney

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// printed writes rounds as FIDE prints them: 1-based, "1-4 2-3".
func printed(rounds [][]Pair) []string {
	var out []string
	for _, r := range rounds {
		var ps []string
		for _, p := range r {
			ps = append(ps, fmt.Sprintf("%d-%d", p[0]+1, p[1]+1))
		}
		out = append(out, strings.Join(ps, " "))
	}
	return out
}

// The tables of FIDE's Handbook (C.05, Annex 1: Berger tables).
func TestBergerAsFIDEPrints(t *testing.T) {
	for n, want := range map[int][]string{
		4: {"1-4 2-3", "4-3 1-2", "2-4 3-1"},
		6: {"1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"},
		3: {"2-3", "1-2", "3-1"}, // 4's table with player 4 a bye
	} {
		got := printed(Berger(n, false))
		// The pairs of a round may come in any order; compare as sets.
		for i := range got {
			g, w := strings.Fields(got[i]), strings.Fields(want[i])
			slices.Sort(g)
			slices.Sort(w)
			got[i], want[i] = strings.Join(g, " "), strings.Join(w, " ")
		}
		if !slices.Equal(got, want) {
			t.Errorf("Berger(%d):\n got %q\nwant %q", n, got, want)
		}
	}
}

// Every pair meets once (twice with double, once with each colour) and
// nobody plays twice in a round, for every size up to 16.
func TestBergerEveryPairOnce(t *testing.T) {
	for n := 2; n <= 16; n++ {
		for _, double := range []bool{false, true} {
			met := map[Pair]int{}
			rounds := Berger(n, double)
			wantRounds := n - 1 + n%2
			if double {
				wantRounds *= 2
			}
			if len(rounds) != wantRounds {
				t.Fatalf("n=%d double=%v: %d rounds, want %d", n, double, len(rounds), wantRounds)
			}
			whites := make([]int, n)
			for _, r := range rounds {
				busy := map[int]bool{}
				for _, p := range r {
					if busy[p[0]] || busy[p[1]] {
						t.Fatalf("n=%d: a player twice in a round: %v", n, r)
					}
					busy[p[0]], busy[p[1]] = true, true
					met[p]++
					whites[p[0]]++
				}
			}
			for a := range n {
				for b := range n {
					if a == b {
						continue
					}
					got := met[Pair{a, b}] + met[Pair{b, a}]
					if want := map[bool]int{false: 1, true: 2}[double]; got != want {
						t.Fatalf("n=%d double=%v: %d and %d meet %d times", n, double, a, b, got)
					}
					if double && met[Pair{a, b}] != 1 {
						t.Fatalf("n=%d double: %d has White against %d %d times", n, a, b, met[Pair{a, b}])
					}
				}
			}
			if !double { // Berger balances colours: at most one more White than Black
				for p, w := range whites {
					games := n - 1
					if d := 2*w - games; d < -1 || d > 1 {
						if n%2 == 0 && (d == 2 || d == -2) && p == n-1 {
							continue
						}
						t.Errorf("n=%d: player %d has White %d times in %d games", n, p+1, w, games)
					}
				}
			}
		}
	}
}

func TestTriads(t *testing.T) {
	if got := Triads(3, false); !slices.EqualFunc(got, [][]int{{0, 1, 2}}, slices.Equal) {
		t.Errorf("Triads(3) = %v", got)
	}
	got := Triads(3, true)
	want := [][]int{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("Triads(3, double) = %v", got)
	}
	games := Triads(6, false)
	if len(games) != 20 {
		t.Fatalf("Triads(6): %d games, want 20", len(games))
	}
	seats := make([][3]int, 6)
	for _, g := range games {
		for s, p := range g {
			seats[p][s]++
		}
	}
	for p, c := range seats { // 10 games each, spread over the three seats
		if c[0]+c[1]+c[2] != 10 || slices.Min(c[:]) < 2 {
			t.Errorf("player %d sits %v", p, c)
		}
	}
}

// A small league worked by hand: A beats B, draws C; B beats C.
// Points: A 1.5, B 1, C 0.5. SB: A = 1×1 + ½×0.5 = 1.25; B = 1×0.5 = 0.5;
// C = ½×1.5 = 0.75.
func TestStandingsByHand(t *testing.T) {
	rows := Standings(3, []Game{
		{Players: []int{0, 1}, Points: []float64{1, 0}},
		{Players: []int{2, 0}, Points: []float64{0.5, 0.5}},
		{Players: []int{1, 2}, Points: []float64{1, 0}},
	})
	want := []Row{
		{Player: 0, Place: 1, Points: 1.5, SB: 1.25, Played: 2, Games: 2},
		{Player: 1, Place: 2, Points: 1, SB: 0.5, Played: 2, Games: 2},
		{Player: 2, Place: 3, Points: 0.5, SB: 0.75, Played: 2, Games: 2},
	}
	for i, w := range want {
		g := rows[i]
		if g.Player != w.Player || g.Place != w.Place || g.Points != w.Points || g.SB != w.SB || g.Played != w.Played || g.Games != w.Games {
			t.Errorf("row %d = %+v, want %+v", i, g, w)
		}
	}
	if a := rows[0].Against; !slices.Equal(a[1], []float64{1}) || !slices.Equal(a[2], []float64{0.5}) {
		t.Errorf("A's results against the others: %v", a)
	}
}

// Ties on points are broken by SB; level on both, players share a place
// and keep the order they signed up in. A game still played counts as
// pending, not as points.
func TestStandingsTies(t *testing.T) {
	rows := Standings(4, []Game{
		{Players: []int{0, 1}, Points: []float64{1, 0}},
		{Players: []int{2, 3}, Points: []float64{1, 0}},
		{Players: []int{0, 2}},
	})
	if rows[0].Player != 0 || rows[1].Player != 2 || rows[0].Place != 1 || rows[1].Place != 1 || rows[2].Place != 3 {
		t.Errorf("rows = %+v", rows)
	}
	if rows[0].Pending[2] != 1 || rows[0].Games != 2 || rows[0].Played != 1 {
		t.Errorf("pending not counted: %+v", rows[0])
	}
}

// In three-player chess a game's points (2-1-0) count as they are, and
// each seat scores against each other seat of the game.
func TestStandingsTriad(t *testing.T) {
	rows := Standings(3, []Game{{Players: []int{0, 1, 2}, Points: []float64{2, 1, 0}}})
	if rows[0].Player != 0 || rows[0].Points != 2 || rows[0].SB != 1*1+1*0 {
		t.Errorf("first = %+v", rows[0])
	}
	if rows[1].SB != 0*2+1*0 || rows[2].SB != 0 {
		t.Errorf("rows = %+v", rows)
	}
}

// A game ended without a result is played and scores nothing, against
// nobody.
func TestStandingsVoid(t *testing.T) {
	rows := Standings(2, []Game{{Players: []int{0, 1}, Void: true}})
	for _, r := range rows {
		if r.Played != 1 || r.Points != 0 || r.SB != 0 || len(r.Against[1-r.Player]) != 0 || r.Pending[1-r.Player] != 0 {
			t.Errorf("row %+v", r)
		}
	}
}
