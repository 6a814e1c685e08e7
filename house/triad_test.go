package house

import (
	"slices"
	"strings"
	"testing"

	"umpire/internal/testkit"
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

// TestTriadOrderPass: a Lord of a seat that another Lord has just ordered
// for, with the Servant's choice pending (triad.md 3.15), the house says
// `order pass` at once, so that the held order is played.
func TestTriadOrderPass(t *testing.T) {
	fen, err := testkit.TriadFEN(testkit.TriadServantMen, "white")
	if err != nil {
		t.Fatal(err)
	}
	v, _ := referee.Lookup("triad")
	g, err := v.New(referee.Options{FEN: fen})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(testkit.TriadServant+"\nwhite order black d3", "\n") {
		seat, text, _ := strings.Cut(l, " ")
		if r := g.Play(referee.Action{Seat: referee.Seat(seat), Text: text}); r.Verdict != referee.Accepted {
			t.Fatalf("%s: %v", l, r)
		}
	}
	if got := Choose(g.View(referee.White), 1); slices.Contains(got, orderPass) {
		t.Errorf("the Lord whose order is held: Choose = %q; want no order pass", got)
	}
	got := Choose(g.View(referee.Red), 1)
	if !slices.Equal(got, []string{orderPass}) {
		t.Fatalf("Choose = %q; want order pass alone", got)
	}
	if r := g.Play(referee.Action{Seat: referee.Red, Text: got[0]}); r.Verdict != referee.Accepted || g.Turn() != referee.White {
		t.Fatalf("order pass: %v, turn %s", r, g.Turn())
	}
	if got := Choose(g.View(referee.Red), 1); slices.Contains(got, orderPass) {
		t.Errorf("after the order was played: Choose = %q; want no order pass", got)
	}
}
