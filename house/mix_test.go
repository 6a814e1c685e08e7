package house

import (
	"reflect"
	"slices"
	"testing"

	"umpire/referee"
)

// TestMixedDrawsAmongTheBest: the coin draws the first move among the
// (at most three) within the margin of the best, each of them for some
// seed, the same one for the same seed and ply; the rest keep their order.
func TestMixedDrawsAmongTheBest(t *testing.T) {
	t.Parallel()
	list := func() []scored {
		return []scored{{"d", 50}, {"a", 100}, {"e", 99}, {"b", 99}, {"c", 98}}
	}
	firsts := map[string]bool{}
	for seed := range uint64(32) {
		got := mixed(list(), 2, seed, 7)
		firsts[got[0]] = true
		if !slices.Equal(got, mixed(list(), 2, seed, 7)) {
			t.Fatalf("seed %d: two draws differ", seed)
		}
		rest := slices.DeleteFunc(slices.Clone(got), func(s string) bool { return s == got[0] })
		want := slices.DeleteFunc([]string{"a", "e", "b", "c", "d"}, func(s string) bool { return s == got[0] })
		if !slices.Equal(rest, want) {
			t.Errorf("seed %d: %q; the rest out of order", seed, got)
		}
	}
	if !reflect.DeepEqual(firsts, map[string]bool{"a": true, "e": true, "b": true}) {
		t.Errorf("drawn first: %v; want a, e and b", firsts)
	}
	if got := mixed([]scored{{"x", 10}, {"y", 7}}, 2, 1, 1); !slices.Equal(got, []string{"x", "y"}) {
		t.Errorf("a move below the margin drawn: %q", got)
	}
}

// choice is the house's first action of one choice in a recorded game,
// and how many actions of the game's log came before it.
type choice struct {
	logged int
	first  string
}

// recorded plays plies plies of a game of the house (white, at level l,
// with seed) against ks-simple, and returns the game's log and the house's
// choices.
func recorded(t *testing.T, key string, l Level, seed uint64, plies int) ([]referee.Action, []choice) {
	t.Helper()
	vt, _ := referee.Lookup(key)
	g, err := vt.New(referee.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var log []referee.Action
	var made []choice
	for g.View(referee.God).Ply < plies && g.Turn() != "" {
		s := g.Turn()
		choose := func(v referee.View) []string {
			if s != referee.White {
				return ksSimple(v, 11)
			}
			acts := ChooseAt(v, seed, l)
			if len(acts) > 0 {
				made = append(made, choice{len(log), acts[0]})
			}
			return acts
		}
		play := func(text string) referee.Ruling {
			a := referee.Action{Seat: s, Text: text}
			r := g.Play(a)
			if r.Verdict != referee.Refused {
				log = append(log, a)
			}
			return r
		}
		if _, err := turn(func() referee.View { return g.View(s) }, play, choose); err != nil {
			t.Fatal(err)
		}
	}
	return log, made
}

// TestSameViewMixedReplayed: from level 2, two games that reach the same
// view with different seeds may go on differently, and each game replays
// from its own record: the view rebuilt from the log before each of the
// house's choices, with the game's seed, gives the choice it made.
func TestSameViewMixedReplayed(t *testing.T) {
	t.Parallel()
	for _, key := range []string{"kriegspiel", "dark"} {
		for _, l := range []Level{Level2, Level3} {
			t.Run(key+"/"+string(rune('0'+l)), func(t *testing.T) {
				t.Parallel()
				vt, _ := referee.Lookup(key)
				logs, firsts := map[uint64][]referee.Action{}, map[string]bool{}
				for seed := range uint64(3) {
					log, made := recorded(t, key, l, seed, 8)
					logs[seed] = log
					firsts[made[0].first] = true
					for _, c := range made {
						g, err := referee.Replay(vt, referee.Options{}, log[:c.logged])
						if err != nil {
							t.Fatal(err)
						}
						if got := ChooseAt(g.View(referee.White), seed, l); len(got) == 0 || got[0] != c.first {
							t.Fatalf("seed %d, after %d actions: the replay chooses %q, the game chose %s", seed, c.logged, got, c.first)
						}
					}
				}
				if len(firsts) < 2 {
					t.Errorf("three seeds, one first move from the same view: %v", firsts)
				}
			})
		}
	}
}
