package referee

import (
	"fmt"
	"strings"
	"testing"

	"umpire/referee/board"
	"umpire/referee/tri"
)

// Tests of triad's rules as scripts: each step is one action with the
// verdict and the announcements it must give. Positions are written as men,
// "wKwe1" = white king on we1.

// triBoard writes a board string with the men listed.
func triBoard(t *testing.T, men string) string {
	t.Helper()
	p := board.NewPosition(tri.Geometry, triRules)
	for _, f := range strings.Fields(men) {
		c, ok := tri.Lookup(f[2:])
		a := strings.IndexByte(tri.Letters, f[0])
		if !ok || a < 0 || board.KindOf(f[1]) == board.NoKind {
			t.Fatalf("bad man %q", f)
		}
		p.Cells[c.Cell()] = board.NewMan(board.Army(a), board.KindOf(f[1]))
	}
	return tri.String(&p)
}

// triadFrom starts a game from the men listed, seat turn to move.
func triadFrom(t *testing.T, men, turn string) *triad {
	t.Helper()
	g, err := newTriad(Options{FEN: triBoard(t, men) + " " + turn})
	if err != nil {
		t.Fatal(err)
	}
	return g.(*triad)
}

// triStep is one action. verdict "" is accepted; said lists the
// announcements as "code k=v … >to" (">to" only when not to all seats)
// joined by "; ", or "*" to leave them unchecked; turn, when set, is the
// seat to move after it ("-" once the game is over).
type triStep struct {
	seat, text string
	verdict    Verdict
	said       string
	turn       string
}

func runSteps(t *testing.T, g *triad, steps []triStep) {
	t.Helper()
	for i, st := range steps {
		r := g.Play(Action{Seat: Seat(st.seat), Text: st.text})
		want := st.verdict
		if want == "" {
			want = Accepted
		}
		if r.Verdict != want {
			t.Fatalf("step %d: %s %q = %s (%s) %s; want %s\nboard %s", i+1, st.seat, st.text, r.Verdict, r.Reason, sayText(r.Said), want, g.Board())
		}
		if st.said != "*" && sayText(r.Said) != st.said {
			t.Fatalf("step %d: %s %q said\n %s\nwant\n %s", i+1, st.seat, st.text, sayText(r.Said), st.said)
		}
		turn := string(g.Turn())
		if turn == "" {
			turn = "-"
		}
		if st.turn != "" && turn != st.turn {
			t.Fatalf("step %d: %s %q: turn %s; want %s", i+1, st.seat, st.text, turn, st.turn)
		}
	}
}

// sayText writes announcements compactly.
func sayText(said []Announcement) string {
	var out []string
	for _, a := range said {
		s := a.Code
		for _, f := range a.Fields {
			s += fmt.Sprintf(" %s=%v", f.Key, f.Value)
		}
		if len(a.To) != 3 {
			var to []string
			for _, x := range a.To {
				to = append(to, string(x))
			}
			s += " >" + strings.Join(to, ",")
		}
		out = append(out, s)
	}
	return strings.Join(out, "; ")
}

func impossibleSaid(seat string) string { return "impossible >" + seat }

func neutralSaid(seat, b string) string {
	return "impossible >" + seat + "; neutral seat=" + b + " >" + seat
}
