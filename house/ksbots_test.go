package house

import (
	"math/rand/v2"
	"slices"
	"testing"

	"umpire/referee"
)

// ksCases are positions and what kriegspiel.org's bots try first there.
var ksCases = []struct {
	name, variant, rules, fen string
	log                       []referee.Action
	seat                      referee.Seat
	bot                       func(referee.View, uint64) []string
	first                     []string // the first tries, in any order
	not                       string   // a try that must not come ("" for none)
}{
	{"ks-simple takes back where it lost a man", "kriegspiel", "wild16", "",
		acts("white e2e4", "black d7d5", "white e4d5"), referee.Black, ksSimple, []string{"d8d5"}, ""},
	{"ks-simple takes back in dark chess", "dark", "", "",
		acts("white e2e4", "black d7d5", "white e4d5"), referee.Black, ksSimple, []string{"d8d5"}, ""},
	{"ks-simple promotes to a queen", "kriegspiel", "wild16", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1",
		nil, referee.White, ksSimple, []string{"e7d8q", "e7e8q", "e7f8q"}, ""},
	{"ks-random asks any? first in english", "kriegspiel", "english", "",
		nil, referee.White, ksRandom, []string{"any?"}, ""},
	{"ks-random asks nothing in wild16", "kriegspiel", "wild16", "",
		nil, referee.White, ksRandom, nil, "any?"},
	{"after any? no, no pawn capture", "kriegspiel", "english", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
		acts("white any?"), referee.White, ksRandom, nil, "e2d3"},
	{"after any? yes, pawn captures only", "kriegspiel", "english", "4k3/8/8/8/8/3p4/4P3/4K3 w - - 0 1",
		acts("white any?"), referee.White, ksRandom, []string{"e2d3", "e2f3"}, "e2e4"},
	{"a yes is free once a pawn capture failed", "kriegspiel", "english", "4k3/8/8/8/8/3p4/4P3/4K3 w - - 0 1",
		acts("white any?", "white e2f3"), referee.White, ksRandom, []string{"e2d3", "e2e3", "e2e4", "e1d1", "e1d2", "e1f1", "e1f2"}, "e2f3"},
	{"cincinnati's no rules pawn captures out", "kriegspiel", "cincinnati", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
		nil, referee.White, ksRandom, nil, "e2d3"},
	{"rand's try squares name the pawns that may take", "kriegspiel", "rand", "4k3/8/8/8/8/3p4/4P1P1/4K3 w - - 0 1",
		nil, referee.White, ksSimple, nil, "g2h3"},
}

// TestKsBotsFirstTries checks the first tries of kriegspiel.org's bots,
// in any order, whatever their seed, and a try that must not come at all
// (a question not asked, a pawn capture ruled out).
func TestKsBotsFirstTries(t *testing.T) {
	t.Parallel()
	for _, c := range ksCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			vt, _ := referee.Lookup(c.variant)
			g, err := referee.Replay(vt, referee.Options{Rules: c.rules, FEN: c.fen}, c.log)
			if err != nil {
				t.Fatal(err)
			}
			v := g.View(c.seat)
			for seed := range uint64(8) {
				got := c.bot(v, seed)
				if len(got) == 0 {
					t.Fatalf("seed %d: no try", seed)
				}
				head := got[:min(len(c.first), len(got))]
				if c.first != nil && !slices.Equal(sorted(head), sorted(c.first)) {
					t.Errorf("seed %d: first tries %q; want %q", seed, got, c.first)
				}
				if c.not != "" && slices.Contains(got, c.not) {
					t.Errorf("seed %d: %q has %s", seed, got, c.not)
				}
			}
		})
	}
}

// sorted is a sorted copy of a list of tries: the random bot's order is
// its coin's.
func sorted(list []string) []string {
	list = slices.Clone(list)
	slices.Sort(list)
	return list
}

// TestGeometric: a draw among four takes the first half the time, the
// second a quarter, the last two an eighth each.
func TestGeometric(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	var n [4]int
	for range 80000 {
		n[geometric(rng, 4)]++
	}
	for i, want := range []int{40000, 20000, 10000, 10000} {
		if abs(n[i]-want) > want/20 {
			t.Errorf("item %d drawn %d times of 80000; want about %d", i, n[i], want)
		}
	}
}

// TestKsBotsPlayEveryRuleSet plays a game of each bot against the other
// and against the house in each rule set of Kriegspiel and in dark chess:
// none stalls (PlayGame fails then).
func TestKsBotsPlayEveryRuleSet(t *testing.T) {
	t.Parallel()
	ksr, _ := ParsePlayer("ks-random")
	kss, _ := ParsePlayer("ks-simple")
	h2, _ := ParsePlayer("house2")
	krieg, _ := referee.Lookup("kriegspiel")
	dark, _ := referee.Lookup("dark")
	type game struct {
		v     *referee.Variant
		rules string
	}
	var games []game
	for _, r := range krieg.RuleSets {
		games = append(games, game{krieg, r})
	}
	games = append(games, game{dark, ""})
	for i, g := range games {
		t.Run(g.v.Key+"/"+g.rules, func(t *testing.T) {
			t.Parallel()
			for j, pair := range [][2]Player{{ksr, kss}, {kss, h2}} {
				if _, err := PlayGame(g.v, g.rules, pair[0], pair[1], j, uint64(40+i), nil); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
