package scene

import (
	"testing"

	"umpire/referee"
)

// Every scene plays, every variant has one shown in the README, and the
// scenes show what they are there for: a king marked in check or mated,
// two tinted moves, a capture seen in words.
func TestScenes(t *testing.T) {
	shown := map[string]bool{}
	var checks, mates, taken int
	for _, sc := range All() {
		g, err := sc.Play()
		if err != nil {
			t.Fatal(err)
		}
		if sc.Show != "" {
			shown[sc.Variant] = true
		}
		for _, s := range sc.Seats {
			v := g.View(s)
			if len(v.InCheck) > 0 {
				checks++
			}
			if len(v.Mated) > 0 {
				mates++
			}
			if v.Taken != nil {
				taken++
			}
			if len(v.LastMove) == 0 {
				t.Errorf("%s, %s: no last move of its own", sc.Name, s)
			}
		}
	}
	for _, v := range referee.Variants() {
		if !shown[v.Key] {
			t.Errorf("no scene shows %s", v.Key)
		}
	}
	if checks == 0 || mates == 0 || taken == 0 {
		t.Errorf("views in check %d, mated %d, with a capture seen %d; want some of each", checks, mates, taken)
	}
}
