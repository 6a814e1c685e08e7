package house

import (
	"slices"
	"testing"

	"umpire/referee"
)

// triadOpening is triad.md's example 1: black takes a red pawn on rd4,
// white takes it back (a man of black's then).
var triadOpening = []string{
	"white d2d4", "red d4", "black bd2bd4", "white Nf3", "red f4",
	"black dxrd4", "white dxrf4", "white wd4rd4",
}

// TestTriadOffers: after its capture, the house offers to be the Lord of
// the others on its next turn, before it moves, and only once.
func TestTriadOffers(t *testing.T) {
	g := replay(t, "triad", "", acts(append(triadOpening, "red Nc3", "black Nf3")...))
	v := g.View(referee.White)
	got := Choose(v, 1)
	if len(got) < 3 || !slices.Contains(got[:2], "vassal offer black") || !slices.Contains(got[:2], "vassal offer red") {
		t.Fatalf("Choose = %q; want the offers first", got[:min(3, len(got))])
	}
	for _, a := range got[:2] {
		g.Play(referee.Action{Seat: referee.White, Text: a})
	}
	if again := Choose(g.View(referee.White), 1); slices.ContainsFunc(again, func(a string) bool { return !isMove(a) }) {
		t.Errorf("after offering, Choose = %q; want moves only", again[:min(3, len(again))])
	}
}

// TestTriadAnswers: offered to serve, the house declines at once, off its
// turn, and only once; it accepts a Servant.
func TestTriadAnswers(t *testing.T) {
	g := replay(t, "triad", "", acts(append(triadOpening, "white vassal offer black")...))
	v := g.View(referee.Black)
	if v.Turn == referee.Black {
		t.Fatalf("black to move; the test wants an answer off turn")
	}
	if got := Choose(v, 1); !slices.Equal(got, []string{"vassal decline white"}) {
		t.Fatalf("Choose = %q; want the decline alone", got)
	}
	if r := g.Play(referee.Action{Seat: referee.Black, Text: "vassal decline white"}); r.Verdict != referee.Accepted {
		t.Fatalf("decline: %v", r)
	}
	if got := Choose(g.View(referee.Black), 1); len(got) != 0 {
		t.Errorf("after declining, Choose = %q; want nothing", got)
	}
}

// TestTriadAcceptsServant: asked to be a Lord, the house accepts.
func TestTriadAcceptsServant(t *testing.T) {
	g := replay(t, "triad", "", acts(append(triadOpening, "black lord offer white")...))
	got := Choose(g.View(referee.White), 1)
	if len(got) == 0 || got[0] != "lord accept black" {
		t.Fatalf("Choose = %q; want lord accept black first", got[:min(3, len(got))])
	}
	if r := g.Play(referee.Action{Seat: referee.White, Text: got[0]}); r.Verdict != referee.Accepted {
		t.Errorf("accept: %v", r)
	}
}
