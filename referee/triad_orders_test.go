package referee

import (
	"fmt"
	"strings"
	"testing"
	"umpire/internal/testkit"
	"umpire/referee/tri"
)

// The Servant's move on which each Lord may next order (Bond.Next), over
// scripted games, held against Play: before every move of a Servant, an
// order of each Lord is accepted when the view named that move, and
// refused (impossible, with the limit's reason) when it named a later one.

// nextStep is an action that must be accepted, and then the moves on which
// each Lord may next order: "white>black 4" per bond, in the view's order,
// joined by ", "; "" with no bond.
type nextStep struct{ seat, text, next string }

// runNext plays steps on the game start makes, checking each step's
// bonds, and before each step an order of every Lord against Play.
func runNext(t *testing.T, start func(*testing.T) *triad, steps []nextStep) {
	t.Helper()
	g := start(t)
	var log []Action
	for i, st := range steps {
		checkOrders(t, start, log, g)
		a := Action{Seat: Seat(st.seat), Text: st.text}
		if r := g.Play(a); r.Verdict != Accepted {
			t.Fatalf("step %d: %s %q = %s (%s)", i+1, st.seat, st.text, r.Verdict, r.Reason)
		}
		log = append(log, a)
		if got := nextOf(g.View(God)); got != st.next {
			t.Errorf("step %d: after %s %q the next orders are %q; want %q", i+1, st.seat, st.text, got, st.next)
		}
	}
}

// nextOf writes the bonds of a view as nextStep does.
func nextOf(v View) string {
	var out []string
	for _, b := range v.Diplomacy.Bonds {
		out = append(out, fmt.Sprintf("%s>%s %d", b.Lord, b.Servant, b.Next))
	}
	return strings.Join(out, ", ")
}

// checkOrders tries, while a Servant is to move, an order of each of its
// Lords whose next order the view foresees: on a copy of the game (played
// from start through log) when the view names this move, where it must be
// accepted; on the game itself when it names a later one, where it must be
// impossible for a limit of 3.14–3.15, and so change nothing.
func checkOrders(t *testing.T, start func(*testing.T) *triad, log []Action, g *triad) {
	t.Helper()
	x := triSeat(g.Turn())
	if x == noSeat {
		return
	}
	for _, b := range g.View(g.Turn()).Diplomacy.Bonds {
		if b.Servant != g.Turn() || b.Next == 0 {
			continue
		}
		if b.Coming != g.orders.turns[x] {
			t.Fatalf("%s's coming move is %d while it is to move on its move %d", b.Servant, b.Coming, g.orders.turns[x])
		}
		try := g
		if b.Next == b.Coming {
			try = start(t)
			for _, a := range log {
				try.Play(a)
			}
		}
		m := try.st.legal(x, nil)[0].Coord(tri.Geometry)
		r := try.Play(Action{Seat: b.Lord, Text: "order " + string(b.Servant) + " " + m})
		switch {
		case b.Next == b.Coming && r.Verdict != Accepted:
			t.Errorf("on %s's move %d, named for %s, its order %s = %s (%s); want accepted", b.Servant, b.Coming, b.Lord, m, r.Verdict, r.Reason)
		case b.Next > b.Coming && (r.Verdict != Impossible || !strings.HasPrefix(r.Reason, "order-")):
			t.Errorf("on %s's move %d, %s's next being %d, its order %s = %s (%s); want impossible for a limit", b.Servant, b.Coming, b.Lord, b.Next, m, r.Verdict, r.Reason)
		}
	}
}

// One Lord orders on every second move of its Servant (triad.md 3.14):
// black serves white from black's move 3.
func TestTriadNextOrderOneLord(t *testing.T) {
	t.Parallel()
	runNext(t, afterExample1, []nextStep{
		{"white", "vassal offer black", ""},
		{"black", "vassal accept white", "white>black 3"}, // red to move: black's next is its move 3
		{"red", "Nc3", "white>black 3"},
		{"black", "Nf3", "white>black 4"}, // white let black move itself
		{"white", "Bf4", "white>black 4"},
		{"red", "e3", "white>black 4"},
		{"white", "order black e2e4", "white>black 6"},
		{"white", "h3", "white>black 6"},
		{"red", "h3", "white>black 6"},
		{"black", "h3", "white>black 6"}, // black's move 5: too soon
		{"white", "a3", "white>black 6"},
		{"red", "a3", "white>black 6"},
		{"white", "order black a3", "white>black 8"},
	})
}

// Two Lords order on every third move each; when both order, the Servant
// chooses, and the Lord it did not choose alone may order on its next
// move (3.14–3.15). This is the timeline `help diplomacy` shows
// (rules-timeline.triad): black serves white from before its move 1, red
// too from its move 3.
func TestTriadNextOrderTwoLords(t *testing.T) {
	t.Parallel()
	start := func(t *testing.T) *triad { return triadFrom(t, testkit.TriadServantMen, "white") }
	runNext(t, start, []nextStep{
		{"white", "Rxba3", ""},
		{"white", "vassal offer black", ""},
		{"black", "vassal accept white", "white>black 1"},
		{"red", "b3", "white>black 1"},
		{"black", "b3", "white>black 2"}, // move 1: white may, and lets black move
		{"white", "b3", "white>black 2"},
		{"red", "Rxbh3", "white>black 2"},
		{"red", "vassal offer black", "white>black 2"},
		{"black", "vassal accept red", "white>black 2, red>black 3"}, // during black's move 2: red from 3
		{"black", "c3", "white>black 3, red>black 3"},
		{"white", "a3", "white>black 3, red>black 3"},
		{"red", "c3", "white>black 3, red>black 3"},
		{"white", "order black d3", "white>black 0, red>black 3"}, // held: played or dropped as black chooses
		{"red", "order black f3", "white>black 0, red>black 0"},
		{"black", "choose red", "white>black 4, red>black 6"}, // white's dropped: white alone on 4
		{"white", "a4", "white>black 4, red>black 6"},
		{"red", "c4", "white>black 4, red>black 6"},
		{"white", "order black d3", "white>black 7, red>black 6"},
		{"white", "Kd1", "white>black 7, red>black 6"},
		{"red", "Kd1", "white>black 7, red>black 6"},
		{"black", "g3", "white>black 7, red>black 6"}, // move 5: neither
		{"white", "Ke1", "white>black 7, red>black 6"},
		{"red", "Ke1", "white>black 7, red>black 6"},
		{"red", "order black f4", "white>black 7, red>black 9"},
		{"white", "Kd1", "white>black 7, red>black 9"},
	})
}

// A held order is credited to its Lord, whoever's action plays it: white's
// order is held, red's own is impossible, and red's pass plays white's.
func TestTriadOrderCredit(t *testing.T) {
	t.Parallel()
	g := triadFrom(t, testkit.TriadServantMen, "white")
	runSteps(t, g, scriptSteps(testkit.TriadServant))
	for _, st := range []struct {
		seat, text string
		verdict    Verdict
		order      Order
	}{
		{"white", "order black d3", Accepted, Order{}}, // held
		{"red", "order black Nxwa2", Impossible, Order{}},
		{"red", "order pass", Accepted, Order{Lord: White, Servant: Black}},
	} {
		r := g.Play(Action{Seat: Seat(st.seat), Text: st.text})
		if r.Verdict != st.verdict || r.Order != st.order {
			t.Errorf("%s %q = %s, order %+v; want %s, order %+v", st.seat, st.text, r.Verdict, r.Order, st.verdict, st.order)
		}
	}
}

// An impossible order names the limit its writer fails, and only that:
// a new Lord waits for the Servant's next move, a Lord who ordered lately
// for its turn to come round, and nobody orders on a move whose held
// orders lapsed.
func TestTriadOrderReasons(t *testing.T) {
	t.Parallel()
	script := strings.Split(testkit.TriadServant, "\n")
	for _, tc := range []struct {
		name   string
		script []string // from TriadServantMen
		steps  []triStep
		last   string // the reason of the last step
	}{
		{"a new Lord", script[:9], []triStep{{seat: "red", text: "order black c3", verdict: Impossible, said: "*"}}, ReasonOrderNew},
		{"an order held", script, []triStep{
			{seat: "white", text: "order black d3", said: "*"},
			{seat: "white", text: "order black g3", verdict: Impossible, said: "*"},
		}, ReasonOrderGiven},
		{"ordered lately", script, []triStep{
			{seat: "white", text: "order black d3", said: "*"},
			{seat: "red", text: "order pass", said: "*"},
			{seat: "white", text: "a4"},
			{seat: "red", text: "c4"},
			{seat: "white", text: "order black g3", verdict: Impossible, said: "*"},
		}, ReasonOrderSoon},
		{"lapsed", script, []triStep{
			{seat: "white", text: "order black d3", said: "*"},
			{seat: "black", text: "timeout", said: "*"},
			{seat: "red", text: "order black g3", verdict: Impossible, said: "*"},
		}, ReasonOrderLapsed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			g := triadFrom(t, testkit.TriadServantMen, "white")
			runSteps(t, g, scriptSteps(strings.Join(tc.script, "\n")))
			runSteps(t, g, tc.steps[:len(tc.steps)-1])
			st := tc.steps[len(tc.steps)-1]
			if r := g.Play(Action{Seat: Seat(st.seat), Text: st.text}); r.Verdict != Impossible || r.Reason != tc.last {
				t.Errorf("%s %q = %s (%s); want impossible (%s)", st.seat, st.text, r.Verdict, r.Reason, tc.last)
			}
		})
	}
}
