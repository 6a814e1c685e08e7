package house

import (
	"slices"
	"testing"

	"umpire/referee"
)

// TestGrowingPawnGuardsNothing: a growing pawn attacks nothing (progressive
// 3.8), so a king may take a man it seems to guard. Black's king on a4 is
// checked by the queen on b3, which the pawn on c2 seems to guard; the
// pawn is growing, so Kxb3 is legal and the only move. Black cannot know
// which pawn grows, yet the house must find the capture, not fall silent.
func TestGrowingPawnGuardsNothing(t *testing.T) {
	v, _ := referee.Lookup("progressive")
	g, err := referee.Replay(v, referee.Options{FEN: "b7/5r1r/3P3n/r7/k1P4P/4Q3/2PK4/5r2 w - - 0 1"},
		acts("white grow c2 Q", "white e3b3"))
	if err != nil {
		t.Fatal(err)
	}
	view := g.View(referee.Black)
	if view.Turn != referee.Black || view.Over() {
		t.Fatalf("turn %q, result %q; want Black to move", view.Turn, view.Result)
	}
	for seed := range uint64(4) {
		got := Choose(view, seed)
		if !slices.Contains(got, "a4b3") {
			t.Fatalf("seed %d: Choose = %q; want a4b3 among them", seed, got)
		}
	}
	n, err := Turn(func() referee.View { return g.View(referee.Black) },
		func(text string) referee.Ruling {
			return g.Play(referee.Action{Seat: referee.Black, Text: text, Salt: "ab"})
		}, 1)
	if err != nil || g.Turn() == referee.Black {
		t.Fatalf("Turn: %d sent, %v; turn %q; want Black's move played", n, err, g.Turn())
	}
}
