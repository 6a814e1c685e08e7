package house

import (
	"reflect"
	"slices"
	"testing"

	"umpire/referee"
)

// blindCases are pairs of games that one seat cannot tell apart: the same
// own men and the same announcements heard, different hidden men or
// secrets. The house's choice for that seat must be the same in both.
var blindCases = []struct {
	variant, rules string
	seat           referee.Seat
	a, b           []referee.Action
}{
	{"kriegspiel", "", referee.White,
		acts("white e2e4", "black g8f6", "white d2d4", "black b7b6"),
		acts("white e2e4", "black b8c6", "white d2d4", "black h7h6")},
	{"kriegspiel", "berkeley", referee.Black,
		acts("white g1f3", "black e7e5", "white b2b3"),
		acts("white b1c3", "black e7e5", "white h2h4")},
	{"dark", "", referee.White,
		acts("white e2e4", "black g8f6"),
		acts("white e2e4", "black b8c6")},
	{"korona", "", referee.White,
		acts("white crown king", "black crown king", "white e2e4", "black e7e5"),
		acts("white crown king", "black crown dame", "white e2e4", "black e7e5")},
	{"progressive", "", referee.White,
		acts("white grow a1 N", "white e2e4", "black grow a8 N", "black e7e5"),
		acts("white grow a1 N", "white e2e4", "black grow h8 Q", "black e7e5")},
}

// acts reads "SEAT TEXT" lines into actions, sealed with a fixed salt.
func acts(lines ...string) []referee.Action {
	var out []referee.Action
	for _, l := range lines {
		seat, text, _ := cutSpace(l)
		out = append(out, referee.Action{Seat: referee.Seat(seat), Text: text, Salt: "ab"})
	}
	return out
}

func cutSpace(s string) (string, string, bool) {
	for i := range s {
		if s[i] == ' ' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// TestChoiceFollowsViewOnly plays each pair of games and checks that the
// seat's views are the same, the full positions or secrets not, and the
// house's choices the same, whatever its seed.
func TestChoiceFollowsViewOnly(t *testing.T) {
	for _, c := range blindCases {
		t.Run(c.variant, func(t *testing.T) {
			ga, gb := replay(t, c.variant, c.rules, c.a), replay(t, c.variant, c.rules, c.b)
			va, vb := ga.View(c.seat), gb.View(c.seat)
			if !reflect.DeepEqual(unsealed(va), unsealed(vb)) {
				t.Fatalf("the seat can tell the games apart:\n%+v\n%+v", va, vb)
			}
			if reflect.DeepEqual(ga.View(referee.God), gb.View(referee.God)) {
				t.Fatalf("the games are the same")
			}
			for seed := range uint64(4) {
				for l := Level1; l <= Level3; l++ {
					ca, cb := ChooseAt(va, seed, l), ChooseAt(vb, seed, l)
					if len(ca) == 0 || !slices.Equal(ca, cb) {
						t.Errorf("level %d seed %d: Choose = %q and %q; want the same, not empty", l, seed, ca, cb)
					}
				}
			}
		})
	}
}

// unsealed is a view with the hashes of commitments blanked: a hash tells
// its hearer nothing of the secret, yet differs with it.
func unsealed(v referee.View) referee.View {
	v.Said = slices.Clone(v.Said)
	for i, a := range v.Said {
		if a.Code == "commitment" {
			a.Fields = slices.DeleteFunc(slices.Clone(a.Fields), func(f referee.Field) bool { return f.Key == "hash" })
			v.Said[i] = a
		}
	}
	return v
}

func replay(t *testing.T, key, rules string, log []referee.Action) referee.Game {
	v, _ := referee.Lookup(key)
	g, err := referee.Replay(v, referee.Options{Rules: rules}, log)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
