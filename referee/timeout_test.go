package referee

import "testing"

// The umpire's timeout loses the game for the seat to move, in every
// two-player variant, and is refused out of turn.
func TestTimeout(t *testing.T) {
	for _, v := range Variants() {
		if len(v.Seats) != 2 {
			continue
		}
		t.Run(v.Key, func(t *testing.T) {
			g, err := v.New(Options{})
			if err != nil {
				t.Fatal(err)
			}
			turn := g.Turn()
			if r := g.Play(Action{Seat: other(turn), Text: "timeout"}); r.Verdict != Refused || r.Reason != ReasonNotYourTurn {
				t.Fatalf("out of turn: %+v; want refused, %s", r, ReasonNotYourTurn)
			}
			r := g.Play(Action{Seat: turn, Text: "timeout"})
			if r.Verdict != Accepted {
				t.Fatalf("on turn: %+v; want accepted", r)
			}
			result, reason := g.Result()
			if want := winFor(other(turn)); result != want || reason != "timeout" {
				t.Fatalf("result %q %q; want %q timeout", result, reason, want)
			}
			if g.Turn() != "" {
				t.Fatalf("turn %q after the end", g.Turn())
			}
		})
	}
}
