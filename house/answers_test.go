package house

import (
	"slices"
	"strings"
	"testing"

	"umpire/referee"
)

// TestDrawOffersAnswered: from level 2 the house answers a draw offer at
// once: it declines in an even game and accepts a lost one; level 1 is
// today's player and lets the offer stand.
func TestDrawOffersAnswered(t *testing.T) {
	chess, _ := referee.Lookup("chess")
	even, err := referee.Replay(chess, referee.Options{}, acts("white e2e4", "black draw"))
	if err != nil {
		t.Fatal(err)
	}
	lost, err := referee.Replay(chess, referee.Options{FEN: "4k3/4q3/8/8/8/8/8/R3K3 b - - 0 1"}, acts("black draw"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		g    referee.Game
		seat referee.Seat
		want string
	}{{"even, off turn", even, referee.White, "decline"}, {"a rook against a queen", lost, referee.White, "draw"}} {
		v := c.g.View(c.seat)
		for l := Level2; l <= Level3; l++ {
			if got := ChooseAt(v, 1, l); len(got) == 0 || got[0] != c.want {
				t.Errorf("%s, level %d: %q; want %s first", c.name, l, got, c.want)
			}
		}
		if got := ChooseAt(v, 1, Level1); slices.Contains(got, c.want) {
			t.Errorf("%s, level 1: %q; today's player does not answer", c.name, got)
		}
	}
}

// TestAsksAny: in the english rules, from level 2, the house asks any?
// when a pawn of its own could take on a cell it cannot see, once a turn;
// not where the rules have no such question.
func TestAsksAny(t *testing.T) {
	k, _ := referee.Lookup("kriegspiel")
	g, err := referee.Replay(k, referee.Options{Rules: "english"}, acts("white e2e4", "black d7d5"))
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(referee.White)
	for l := Level2; l <= Level3; l++ {
		if got := ChooseAt(v, 1, l); len(got) != 1 || got[0] != "any?" {
			t.Errorf("level %d: %q; want any? first", l, got)
		}
	}
	g.Play(referee.Action{Seat: referee.White, Text: "any?"})
	if got := ChooseAt(g.View(referee.White), 1, Level2); len(got) == 0 || got[0] == "any?" {
		t.Errorf("after any?: %q; want a move", got)
	}
	w, _ := referee.Replay(k, referee.Options{Rules: "wild16"}, acts("white e2e4", "black d7d5"))
	if got := ChooseAt(w.View(referee.White), 1, Level2); len(got) == 0 || got[0] == "any?" {
		t.Errorf("wild16: %q; it has no any?", got)
	}
}

// TestPlacesStones: in Korona-2, from level 2, a house whose stones are
// free walls in its monarch, the mine among the stones, and the referee
// takes the placement.
func TestPlacesStones(t *testing.T) {
	k2, _ := referee.Lookup("korona2")
	g, err := referee.Replay(k2, referee.Options{FEN: "3dk3/4p3/8/8/8/8/3P4/4K3 w - - 0 1"}, acts("white crown king", "black crown king"))
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(referee.White)
	if v.Stones == nil {
		t.Fatalf("White's stones are not free: %+v", v)
	}
	got := ChooseAt(v, 1, Level2)
	if len(got) == 0 || !strings.HasPrefix(got[0], "X@") || strings.Count(got[0], "@") != 3 {
		t.Fatalf("level 2: %q; want three stones around the king, the mine first", got)
	}
	if r := g.Play(referee.Action{Seat: referee.White, Text: got[0], Salt: "ab"}); r.Verdict != referee.Accepted {
		t.Fatalf("placement %s: %v %s", got[0], r.Verdict, r.Reason)
	}
	if got := ChooseAt(v, 1, Level1); len(got) > 0 && strings.Contains(got[0], "@") {
		t.Errorf("level 1 places stones: %q", got)
	}
}
