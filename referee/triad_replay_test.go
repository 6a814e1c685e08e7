package referee

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"umpire/referee/tri"
)

// Random games with random diplomacy (fixed seed): every ruling is
// replayed from the log to the same ruling and the same board, views stay
// the god's view, and nothing panics.
func TestTriadRandomDiplomacy(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 3))
	games := 40
	if testing.Short() {
		games = 10
	}
	ends := map[string]int{}
	for game := 0; game < games; game++ {
		g := newStart(t)
		var log []Action
		var rulings []Ruling
		for step := 0; step < 400 && g.result == ""; step++ {
			a := randomAction(rng, g)
			r := g.Play(a)
			if r.Logged() {
				log = append(log, a)
				rulings = append(rulings, r)
			}
			for _, x := range r.Said {
				ends[x.Code+" "+x.Str("event")+x.Str("state")]++
			}
		}
		ends[g.reason]++
		v, _ := Lookup("triad")
		again, err := Replay(v, Options{}, log)
		if err != nil {
			t.Fatalf("game %d: %v", game, err)
		}
		h := again.(*triad)
		if h.Board() != g.Board() || h.result != g.result || h.ply != g.ply {
			t.Fatalf("game %d: replay differs:\n %s %s\n %s %s", game, g.Board(), g.result, h.Board(), h.result)
		}
		replayed := newStart(t)
		for i, a := range log {
			if r := replayed.Play(a); !reflect.DeepEqual(r, rulings[i]) {
				t.Fatalf("game %d action %d %v: replayed %+v; live %+v", game, i, a, r, rulings[i])
			}
		}
		for _, s := range triSeats {
			if view := g.View(s); view.Board != g.Board() || len(view.Cells) != 2*tri.Cells {
				t.Fatalf("game %d: view of %s is not the god's view", game, s)
			}
		}
	}
	t.Logf("ends: %v", ends)
}

// randomAction picks a legal move of the seat to move most of the time, and
// otherwise any diplomatic action of any seat.
func randomAction(rng *rand.Rand, g *triad) Action {
	s := g.turn
	seat := func() string { return string(triSeats[rng.IntN(3)]) }
	pick := func(cands []triCand) string {
		var ok []string
		for _, c := range cands {
			if c.v == triLegal {
				ok = append(ok, c.m.Coord(tri.Geometry))
			}
		}
		if len(ok) == 0 {
			return "e2e4"
		}
		return ok[rng.IntN(len(ok))]
	}
	if len(g.offers) > 0 && rng.IntN(2) == 0 {
		o := g.offers[0]
		if o.by == o.lord {
			return Action{Seat: triSeats[o.servant], Text: "vassal accept " + triName(o.lord)}
		}
		return Action{Seat: triSeats[o.lord], Text: "lord accept " + triName(o.servant)}
	}
	switch n := rng.IntN(40); {
	case n < 28:
		return Action{Seat: triSeats[s], Text: pick(g.candidates(s, false))}
	case n < 30:
		return Action{Seat: triSeats[s], Text: "declare " + pick(g.declarations(s))}
	case n < 34:
		return Action{Seat: Seat(seat()), Text: "order " + string(triSeats[s]) + " " + pick(g.candidates(s, true))}
	case n < 36:
		return Action{Seat: triSeats[s], Text: "choose " + seat()}
	case n < 39:
		kinds := []string{"vassal offer ", "vassal accept ", "vassal decline ", "lord offer ", "lord accept ", "lord decline "}
		return Action{Seat: Seat(seat()), Text: kinds[rng.IntN(len(kinds))] + seat()}
	case n < 40 && rng.IntN(3) == 0:
		return Action{Seat: Seat(seat()), Text: "draw"}
	}
	if rng.IntN(10) == 0 {
		return Action{Seat: Seat(seat()), Text: "resign"}
	}
	return Action{Seat: Seat(seat()), Text: "Nf3"}
}

func FuzzTriadPlay(f *testing.F) {
	for _, s := range []string{"e2e4", "Nbd2", "dxrd4", "wd4xrd4", "rc2rc1=N", "O-O", "0-0-0", "order black e2e4",
		"declare Rc1", "choose red", "vassal offer black", "lord accept white", "resign", "draw", "e7e8=", "=Q", "x", "Kwe1we1"} {
		f.Add("white", s)
	}
	f.Fuzz(func(t *testing.T, seat, text string) {
		g := afterExample1(t)
		g.Play(Action{Seat: Seat(seat), Text: text})
		triParse(text, 0, NotationEsperanto)
	})
}
