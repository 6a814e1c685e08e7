package house

import (
	"flag"
	"fmt"
	"testing"

	"umpire/referee"
)

var (
	matchGames   = flag.Int("match", 0, "play a match of this many games per variant and print the scores")
	matchVariant = flag.String("match-variant", "", "with -match: only this variant")
	matchA       = flag.String("match-a", "house1", "with -match: the first player")
	matchB       = flag.String("match-b", "random", "with -match: the second player")
)

// score is one side of a match: A's points, and its games won, drawn,
// lost and left unfinished.
type score struct {
	won, drawn, lost, unfinished int
	points                       float64
}

func (s score) String() string {
	return fmt.Sprintf("won %d, drawn %d, lost %d, unfinished %d", s.won, s.drawn, s.lost, s.unfinished)
}

// match plays games games of a variant between a and b, a taking each
// seat in turn.
func match(t testing.TB, v *referee.Variant, rules string, a, b Player, games int, clock *Clock) score {
	var s score
	for i := range games {
		g, err := PlayGame(v, rules, a, b, i, uint64(i)+1, clock)
		if err != nil {
			t.Fatal(err)
		}
		s.points += g.Points
		switch {
		case g.Result == "":
			s.unfinished++
		case g.Points == 1:
			s.won++
		case g.Points == 0:
			s.lost++
		default:
			s.drawn++
		}
	}
	return s
}

// TestGamesEnd plays a few games of every variant and rule set, each
// level of the house against a random player, each to its end or to the
// ply limit, and checks that the house never got stuck (PlayGame fails
// then). With -short (the race detector's run) it plays one game a
// level, and none at level 3, whose games are the longest and whose code
// differs from level 2's by its numbers (TestChoiceFollowsViewOnly still
// has level 3 choose there).
func TestGamesEnd(t *testing.T) {
	t.Parallel()
	for _, v := range referee.Variants() {
		for _, rules := range ruleSets(v) {
			for _, name := range []string{"house1", "house2", "house3"} {
				t.Run(v.Key+"/"+rules+"/"+name, func(t *testing.T) {
					games := 2
					if testing.Short() {
						if name == "house3" {
							t.Skip("level 3 plays whole games without -short")
						}
						games = 1
					}
					t.Parallel()
					p, _ := ParsePlayer(name)
					random, _ := ParsePlayer("random")
					s := match(t, v, rules, p, random, games, NewClock(nil))
					if s.won+s.drawn+s.lost == 0 {
						t.Errorf("%s: no game ended in %d plies: %v", v.Key, MaxPlies, s)
					}
				})
			}
		}
	}
}

// TestMatch prints the scores of a match per variant with -match N.
func TestMatch(t *testing.T) {
	if *matchGames == 0 {
		t.Skip("run with -match N")
	}
	a, err := ParsePlayer(*matchA)
	if err != nil {
		t.Fatal(err)
	}
	b, err := ParsePlayer(*matchB)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range referee.Variants() {
		if *matchVariant != "" && v.Key != *matchVariant {
			continue
		}
		for _, rules := range ruleSets(v) {
			clock := NewClock(nil)
			s := match(t, v, rules, a, b, *matchGames, clock)
			fmt.Printf("%-12s %-10s %s %5.1f of %d: %v; choice median %v p99 %v\n", v.Key, rules, a.Name, s.points, *matchGames, s,
				clock.Percentile(a.Name, 50), clock.Percentile(a.Name, 99))
		}
	}
}

// ruleSets lists a variant's rule sets, "" for a variant with none.
func ruleSets(v *referee.Variant) []string {
	if len(v.RuleSets) == 0 {
		return []string{""}
	}
	return v.RuleSets
}

// TestPoints reads results of two-seat and three-seat games for each seat.
func TestPoints(t *testing.T) {
	chess, _ := referee.Lookup("chess")
	triad, _ := referee.Lookup("triad")
	for _, c := range []struct {
		v    *referee.Variant
		res  string
		seat int
		want float64
	}{
		{chess, "1-0", 0, 1}, {chess, "1-0", 1, 0}, {chess, "1/2-1/2", 1, 0.5},
		{triad, "2-1-0", 0, 1}, {triad, "2-1-0", 1, 0.5}, {triad, "2-1-0", 2, 0},
		{triad, "1.5-1.5-0", 1, 0.75}, {triad, "0-1.5-1.5", 2, 0.75}, {triad, "1-1-1", 0, 0.5},
	} {
		if got := points(c.v, c.res, c.v.Seats[c.seat]); got != c.want {
			t.Errorf("%s %s for seat %d: %v, want %v", c.v.Key, c.res, c.seat, got, c.want)
		}
	}
}
