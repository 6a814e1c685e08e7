package referee

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"umpire/referee/board"
	"umpire/referee/tri"
)

// TestReplayEqualsLive is the determinism property for every registered
// variant and rule set: a game rebuilt from its log (the actions that were
// not refused) gives the same rulings, and then the same views for every
// seat, God and spectators, the same turn, result and board, as the game
// played live. The random games mix accepted moves, failed tries, secret
// choices and refused actions; the seats write in different notation
// languages, and the log goes through JSON, as the store keeps it.
func TestReplayEqualsLive(t *testing.T) {
	for _, v := range Variants() {
		sets := v.RuleSets
		if len(sets) == 0 {
			sets = []string{""}
		}
		for _, rs := range sets {
			for seed := range uint64(3) {
				t.Run(fmt.Sprintf("%s/%s/%d", v.Key, rs, seed), func(t *testing.T) {
					replayCheck(t, v, Options{Rules: rs}, seed)
				})
			}
		}
	}
}

// seatNotation gives the seats of a random game their notation languages:
// English and Esperanto in turn, starting with a seat the seed picks.
func seatNotation(v *Variant, s Seat, seed uint64) string {
	i := slices.Index(v.Seats, s)
	return []string{NotationEnglish, NotationEsperanto}[(uint64(i)+seed)%2]
}

func replayCheck(t *testing.T, v *Variant, o Options, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 7))
	live, err := v.New(o)
	if err != nil {
		t.Fatal(err)
	}
	var log []Action
	var rulings []Ruling
	plies := 60
	if testing.Short() {
		plies = 20
	}
	for ply := 0; ply < plies && live.Turn() != ""; ply++ {
		for _, a := range randomActions(live, v, rng, len(log)) {
			a.Notation = seatNotation(v, a.Seat, seed)
			r := live.Play(a)
			if r.Logged() {
				log = append(log, a)
				rulings = append(rulings, r)
			}
			if r.Verdict == Accepted && r.Move != "" {
				break
			}
		}
	}
	t.Logf("%d actions logged, %d rulings, turn %q", len(log), len(rulings), live.Turn())
	again, err := v.New(o)
	if err != nil {
		t.Fatal(err)
	}
	var stored []Action
	if err := json.Unmarshal([]byte(asJSON(log)), &stored); err != nil {
		t.Fatal(err)
	}
	for i, a := range stored {
		if got, want := asJSON(again.Play(a)), asJSON(rulings[i]); got != want {
			t.Fatalf("replay of action %d (%s %q):\n got %s\nwant %s", i, a.Seat, a.Text, got, want)
		}
	}
	for _, s := range append(slices.Clone(v.Seats), God, Spectator) {
		if got, want := asJSON(again.View(s)), asJSON(live.View(s)); got != want {
			t.Errorf("view of %s after replay:\n got %s\nwant %s", s, got, want)
		}
	}
	r1, w1 := live.Result()
	r2, w2 := again.Result()
	if live.Turn() != again.Turn() || r1 != r2 || w1 != w2 || live.Board() != again.Board() || asJSON(live.Start()) != asJSON(again.Start()) {
		t.Errorf("after replay: turn %q result %q %q board %s; live: %q %q %q %s", again.Turn(), r2, w2, again.Board(), live.Turn(), r1, w1, live.Board())
	}
}

// randomActions lists some actions for the seat to move, in random order:
// a few unreadable or out-of-turn texts, the secret choices of the korona
// family and progressive chess, and moves of its men to random cells.
func randomActions(g Game, v *Variant, rng *rand.Rand, n int) []Action {
	s := g.Turn()
	salt := fmt.Sprintf("5a1%d", n)
	out := []Action{{Seat: s, Text: "zz9"}, {Seat: otherSeat(v, s), Text: "e2e4"}}
	for _, seat := range v.Seats { // korona: both seats crown before the first move
		out = append(out, Action{Seat: seat, Text: []string{"crown king", "crown dame"}[rng.IntN(2)], Salt: salt})
	}
	for _, text := range []string{"any?", "S@e4,X@d5"} {
		out = append(out, Action{Seat: s, Text: text, Salt: salt})
	}
	names, own := cellsOf(g.View(God), s)
	var moves []Action
	for _, from := range own {
		for range 6 {
			to := names[rng.IntN(len(names))]
			moves = append(moves, Action{Seat: s, Text: from + to})
			if rng.IntN(3) == 0 { // letters whose reading depends on the notation language
				moves = append(moves, Action{Seat: s, Text: []string{"K", "R", "D", "T"}[rng.IntN(4)] + to})
			}
			if v.Key == "progressive" {
				moves = append(moves, Action{Seat: s, Text: "grow " + from + " N", Salt: salt})
			}
		}
	}
	rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	out = append(out, moves...)
	// Make sure the game can go on: every pair of an own man and a cell.
	for _, from := range own {
		for _, to := range names {
			out = append(out, Action{Seat: s, Text: from + to}, Action{Seat: s, Text: from + to + "q"})
		}
	}
	return out
}

// cellsOf lists the names of all cells of a god's view and those that hold
// a man of seat s.
func cellsOf(v View, s Seat) (names, own []string) {
	if v.Geometry == "triad" {
		letter := map[Seat]byte{White: 'w', Red: 'r', Black: 'b'}[s]
		for c := range len(v.Cells) / 2 {
			names = append(names, tri.Name(board.Cell(c)))
			if v.Cells[2*c] == letter {
				own = append(own, tri.Name(board.Cell(c)))
			}
		}
		return names, own
	}
	for c, m := range v.Cells {
		names = append(names, board.Standard.Names[c])
		if m != '.' && m != '?' && (m < 'a') == (s == White) {
			own = append(own, board.Standard.Names[c])
		}
	}
	return names, own
}

func otherSeat(v *Variant, s Seat) Seat {
	i := slices.Index(v.Seats, s)
	return v.Seats[(i+1)%len(v.Seats)]
}

func asJSON(x any) string {
	b, err := json.Marshal(x)
	if err != nil {
		panic(err)
	}
	return string(b)
}
