package house

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"umpire/referee"
)

var (
	matchGames   = flag.Int("match", 0, "play a match of this many games per variant, house against a random player, and print the scores")
	matchVariant = flag.String("match-variant", "", "with -match: only this variant")
)

// maxPlies ends a match game that has not ended by itself; it counts as
// unfinished (neither side wins).
const maxPlies = 600

// score is one side of a match: the house's points, and its games won,
// drawn, lost and left unfinished.
type score struct {
	won, drawn, lost, unfinished int
	points                       float64
}

func (s score) String() string {
	return fmt.Sprintf("won %d, drawn %d, lost %d, unfinished %d", s.won, s.drawn, s.lost, s.unfinished)
}

// randomTurn plays a random player's turn from its own view: the house's
// own tries in random order, secret choices first, until the turn passes.
func randomTurn(g referee.Game, seat referee.Seat, rng *rand.Rand) {
	v := g.View(seat)
	acts := Choose(v, rng.Uint64())
	var first, moves []string
	for _, a := range acts {
		if isMove(a) {
			moves = append(moves, a)
		} else {
			first = append(first, a)
		}
	}
	rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	for _, a := range first {
		g.Play(referee.Action{Seat: seat, Text: a, Salt: "5a17"})
	}
	if len(moves) == 0 || g.Turn() != seat {
		return
	}
	for _, a := range moves {
		g.Play(referee.Action{Seat: seat, Text: a, Salt: "5a17"})
		if g.Turn() != seat {
			return
		}
	}
	if g.Turn() == seat {
		g.Play(referee.Action{Seat: seat, Text: "resign"})
	}
}

// playGame plays one game, the house in seat house with seed seed, the
// other seats random; it returns the house's points (1, ½, 0; in triad
// 2, 1, 0 halved) and whether the game ended by itself.
func playGame(t testing.TB, v *referee.Variant, rules string, house referee.Seat, seed uint64) (float64, bool) {
	g, err := v.New(referee.Options{Rules: rules})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	view := func() referee.View { return g.View(house) }
	play := func(text string) referee.Ruling {
		return g.Play(referee.Action{Seat: house, Text: text, Salt: "c0ffee"})
	}
	for n := 0; n < maxPlies && g.Turn() != ""; n++ {
		for _, s := range v.Seats {
			if s != house {
				randomTurn(g, s, rng)
			}
		}
		if _, err := Turn(view, play, seed); err != nil {
			t.Fatalf("%s seed %d: %v at %s", v.Key, seed, err, g.View(house).Board)
		}
	}
	res, _ := g.Result()
	if res == "" {
		return 0.5, false
	}
	return points(v, res, house), true
}

// points reads a result for one seat: "1-0", "0-1", "1/2-1/2", or triad's
// points per seat in turn order ("2-1-0"), halved.
func points(v *referee.Variant, res string, s referee.Seat) float64 {
	parts := strings.Split(res, "-")
	for i, seat := range v.Seats {
		if seat == s && i < len(parts) {
			switch parts[i] {
			case "1/2":
				return 0.5
			case "2":
				return 1
			case "1":
				if len(v.Seats) == 3 {
					return 0.5
				}
				return 1
			}
		}
	}
	return 0
}

// match plays games games of a variant, the house taking each seat in turn.
func match(t testing.TB, v *referee.Variant, rules string, games int) score {
	var s score
	for i := range games {
		seat := v.Seats[i%len(v.Seats)]
		p, ended := playGame(t, v, rules, seat, uint64(i)+1)
		s.points += p
		switch {
		case !ended:
			s.unfinished++
		case p == 1:
			s.won++
		case p == 0:
			s.lost++
		default:
			s.drawn++
		}
	}
	return s
}

// TestGamesEnd plays a few games of every variant and rule set, the house
// against a random player, each to its end or to the ply limit, and
// checks that the house never got stuck (Turn fails the test then).
func TestGamesEnd(t *testing.T) {
	for _, v := range referee.Variants() {
		for _, rules := range ruleSets(v) {
			t.Run(v.Key+"/"+rules, func(t *testing.T) {
				s := match(t, v, rules, 2)
				if s.won+s.drawn+s.lost == 0 {
					t.Errorf("%s: no game ended in %d plies: %v", v.Key, maxPlies, s)
				}
			})
		}
	}
}

// TestMatch prints the scores of a match per variant with -match N.
func TestMatch(t *testing.T) {
	if *matchGames == 0 {
		t.Skip("run with -match N")
	}
	for _, v := range referee.Variants() {
		if *matchVariant != "" && v.Key != *matchVariant {
			continue
		}
		for _, rules := range ruleSets(v) {
			s := match(t, v, rules, *matchGames)
			fmt.Printf("%-12s %-10s house %5.1f of %d: %v\n", v.Key, rules, s.points, *matchGames, s)
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
