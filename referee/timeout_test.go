package referee

import (
	"slices"
	"strings"
	"testing"
	"umpire/internal/testkit"
)

// sealCrowns seals both crowns of a Korona game, so that its clock is the
// move clock.
func sealCrowns(t *testing.T, g Game) {
	t.Helper()
	for _, w := range Waiting(g) {
		if strings.HasPrefix(w.Key, "crown") {
			if r := g.Play(Action{Seat: w.Seat, Text: "crown king", Salt: "01"}); r.Verdict != Accepted {
				t.Fatalf("%s crown king: %+v", w.Seat, r)
			}
		}
	}
}

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
			sealCrowns(t, g)
			turn := g.Turn()
			if w := Waiting(g); len(w) != 1 || w[0].Seat != turn || w[0].Action != "timeout" {
				t.Fatalf("Waiting = %+v; want %s's move, timed out by timeout", w, turn)
			}
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
			if g.Turn() != "" || len(Waiting(g)) != 0 {
				t.Fatalf("turn %q, waiting %v after the end", g.Turn(), Waiting(g))
			}
		})
	}
}

// A timeout is a draw when the opponent could not win by any series of
// legal moves: a material test in the games of mate, none where a king is
// captured.
func TestTimeoutMateless(t *testing.T) {
	for _, c := range []struct {
		variant, fen, want string
	}{
		{"chess", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "1/2-1/2"},       // black has a bare king
		{"kriegspiel", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "1/2-1/2"},  // the same in Kriegspiel
		{"chess", "4kn2/8/8/8/8/8/8/4K3 w - - 0 1", "1/2-1/2"},       // a knight against a bare king
		{"chess", "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", "1/2-1/2"},     // bishops on one colour
		{"chess", "4kb2/8/8/8/8/8/8/3BK3 w - - 0 1", "0-1"},          // bishops on both colours
		{"chess", "4kn2/8/8/8/8/8/4P3/4K3 w - - 0 1", "0-1"},         // a knight against a pawn
		{"chess", "4kr2/8/8/8/8/8/8/4K3 w - - 0 1", "0-1"},           // a rook mates
		{"progressive", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "1/2-1/2"}, // progressive mates too
		{"dark", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "0-1"},            // a king can be captured
	} {
		v, _ := Lookup(c.variant)
		g, err := v.New(Options{FEN: c.fen})
		if err != nil {
			t.Fatalf("%s %s: %v", c.variant, c.fen, err)
		}
		g.Play(Action{Seat: White, Text: "timeout"})
		if result, reason := g.Result(); result != c.want || reason != "timeout" {
			t.Errorf("%s %s: white's timeout = %s %s; want %s timeout", c.variant, c.fen, result, reason, c.want)
		}
	}
}

// Korona's crowns are sealed on the game's time (korona.md 2.3): a seat
// that has not sealed loses; when neither has, the game is drawn; the move
// clock starts once both have sealed.
func TestKoronaCrownTimeout(t *testing.T) {
	for _, key := range []string{"korona", "korona2", "krono"} {
		v, _ := Lookup(key)
		g, _ := v.New(Options{})
		if got := waitKeys(g); !slices.Equal(got, []string{"crown white", "crown black"}) {
			t.Fatalf("%s at the start waits for %v; want both crowns", key, got)
		}
		if r := g.Play(Action{Seat: White, Text: "timeout"}); r.Verdict != Accepted {
			t.Fatalf("%s: white's timeout with no crown sealed: %+v", key, r)
		}
		if result, reason := g.Result(); result != "1/2-1/2" || reason != "timeout" {
			t.Errorf("%s: neither sealed: %s %s; want a draw on time", key, result, reason)
		}

		g, _ = v.New(Options{})
		g.Play(Action{Seat: White, Text: "crown dame", Salt: "01"})
		if got := waitKeys(g); !slices.Equal(got, []string{"crown black"}) {
			t.Fatalf("%s after white's crown waits for %v; want black's crown", key, got)
		}
		if r := g.Play(Action{Seat: White, Text: "timeout"}); r.Verdict != Refused || r.Reason != ReasonNotHere {
			t.Errorf("%s: a timeout for white, who sealed: %+v; want refused %s", key, r, ReasonNotHere)
		}
		r := g.Play(Action{Seat: Black, Text: "timeout"})
		if result, reason := g.Result(); r.Verdict != Accepted || result != "1-0" || reason != "timeout" {
			t.Fatalf("%s: black out of time before sealing: %s %s (%+v); want 1-0 timeout", key, result, reason, r)
		}
		if said := sayText(r.Said); !strings.Contains(said, "reveal seat=white note=1 secret=dame") {
			t.Errorf("%s: white's crown is not opened at the end: %s", key, said)
		}

		g, _ = v.New(Options{})
		sealCrowns(t, g)
		if got := waitKeys(g); !slices.Equal(got, []string{"move white 0"}) {
			t.Errorf("%s once sealed waits for %v; want white's first move", key, got)
		}
	}
}

// waitKeys lists the keys of what g waits for.
func waitKeys(g Game) []string {
	var out []string
	for _, w := range Waiting(g) {
		out = append(out, w.Key)
	}
	return out
}

// Triad on a clock: a seat out of time on its move leaves as by
// resignation; an offer not answered lapses; held orders not chosen are
// dropped and the Servant moves himself.
func TestTriadTimeout(t *testing.T) {
	t.Run("own move", func(t *testing.T) {
		g := newStart(t)
		if got := waitKeys(g); !slices.Equal(got, []string{"move white 1"}) {
			t.Fatalf("waiting %v; want white's first move", got)
		}
		runSteps(t, g, []triStep{
			{seat: "red", text: "timeout", verdict: Refused},
			{seat: "white", text: "timeout now", verdict: Refused},
			{seat: "white", text: "timeout", said: "throne seat=white by= reason=timeout", turn: "red"},
			{seat: "white", text: "e4", verdict: Refused},
		})
		if got := waitKeys(g); !slices.Equal(got, []string{"move red 1"}) {
			t.Errorf("waiting %v; want red's move", got)
		}
	})
	t.Run("an offer lapses", func(t *testing.T) {
		g := afterExample1(t)
		runSteps(t, g, []triStep{{seat: "white", text: "vassal offer black", said: "*"}})
		w := Waiting(g)
		if len(w) != 2 || w[1].Seat != Black || w[1].Action != "timeout vassal white" {
			t.Fatalf("waiting %+v; want red's move and black's answer", w)
		}
		runSteps(t, g, []triStep{
			{seat: "black", text: "timeout lord white", verdict: Refused},
			{seat: "black", text: w[1].Action, said: "vassal lord=white servant=black event=lapse by=black", turn: "red"},
			{seat: "black", text: "vassal accept white", verdict: Impossible, said: impossibleSaid("black")},
			{seat: "black", text: "lord offer white", said: "*"},
		})
		w = Waiting(g)
		if len(w) != 2 || w[1].Seat != White || w[1].Action != "timeout lord black" {
			t.Fatalf("waiting %+v; want white's answer to black's lord offer", w)
		}
		runSteps(t, g, []triStep{{seat: "white", text: w[1].Action, said: "vassal lord=white servant=black event=lapse by=white"}})
	})
	t.Run("an order not chosen", func(t *testing.T) {
		men := testkit.TriadServantMen
		g := triadFrom(t, men, "white")
		runSteps(t, g, scriptSteps(testkit.TriadServant+"\nwhite order black d3\nred order black f3"))
		if got := waitKeys(g); !slices.Equal(got, []string{"choose black 3"}) {
			t.Fatalf("waiting %v; want black's choice", got)
		}
		runSteps(t, g, []triStep{
			{seat: "black", text: "timeout", said: "orders-lapsed seat=black", turn: "black"},
			{seat: "white", text: "order black d3", verdict: Impossible, said: impossibleSaid("white")},
			{seat: "black", text: "choose red", verdict: Impossible, said: impossibleSaid("black")},
		})
		if got := waitKeys(g); !slices.Equal(got, []string{"move black 3"}) {
			t.Fatalf("waiting %v; want black's own move", got)
		}
		runSteps(t, g, []triStep{{seat: "black", text: "g3", turn: "white"}})
	})
}

// A game's timeouts replay as they were played.
func TestTimeoutReplay(t *testing.T) {
	v, _ := Lookup("korona")
	log := []Action{{Seat: White, Text: "crown king", Salt: "01"}, {Seat: Black, Text: "timeout"}}
	g, err := Replay(v, Options{}, log)
	if err != nil {
		t.Fatal(err)
	}
	if result, reason := g.Result(); result != "1-0" || reason != "timeout" {
		t.Errorf("replayed %s %s; want 1-0 timeout", result, reason)
	}
}

// BenchmarkWaiting measures what the clock asks of a game after every
// action, in each variant after a short opening.
func BenchmarkWaiting(b *testing.B) {
	for _, v := range Variants() {
		b.Run(v.Key, func(b *testing.B) {
			g, err := v.New(Options{})
			if err != nil {
				b.Fatal(err)
			}
			for _, a := range []Action{{Seat: White, Text: "crown king", Salt: "01"}, {Seat: Black, Text: "crown king", Salt: "02"},
				{Seat: White, Text: "Nf3"}, {Seat: Black, Text: "Nf6"}, {Seat: White, Text: "e3"}} {
				g.Play(a)
			}
			b.ResetTimer()
			for b.Loop() {
				if len(Waiting(g)) == 0 {
					b.Fatal("waiting for nothing")
				}
			}
		})
	}
}
