package referee

import (
	"regexp"
	"testing"
)

// The order in which a seat writes its stones tells the opponent nothing:
// what others hear and see names the squares in a1…h8 order.
func TestStonesOrderHidden(t *testing.T) {
	fen := "rnbdkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w - - 0 1" // White's dame is gone: stones are free
	hash := regexp.MustCompile(`"hash":"[0-9a-f]+"`)
	seen := map[string]bool{}
	for _, placement := range []string{"X@c3,S@d3,S@e3", "S@c3,S@d3,X@e3", "S@e3,X@c3,S@d3"} {
		v, _ := Lookup("korona2")
		g, err := v.New(Options{FEN: fen})
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range []Action{{Seat: White, Text: "crown king", Salt: "01"}, {Seat: Black, Text: "crown king", Salt: "02"}} {
			if r := g.Play(a); r.Verdict != Accepted {
				t.Fatalf("Play(%q) = %v", a.Text, r)
			}
		}
		r := g.Play(Action{Seat: White, Text: placement, Salt: "03"})
		if r.Verdict != Accepted {
			t.Fatalf("Play(%q) = %v", placement, r)
		}
		// The mine is not the same stone in every game, so only what Black
		// hears of the placement, and its board, must be alike.
		heard := hash.ReplaceAllString(asJSON(For(r.Said, Black)), `"hash":"…"`) + r.Move + g.View(Black).Board
		seen[heard] = true
	}
	if len(seen) != 1 {
		t.Errorf("Black can tell placements apart by their order:\n%v", seen)
	}
}
