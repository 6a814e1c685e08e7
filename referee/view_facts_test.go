package referee_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"umpire/internal/randgame"
	"umpire/referee"
)

// TestViewFactsAgreeWithPlay: the facts a view states of what its seat may
// do now are what the referee then accepts, over random games: a seat's
// Offers (three-player chess) are exactly the offers Play would accept on
// a copy of the game, and Grow (progressive chess) is set exactly when a
// move is refused for want of the growing pawn's choice.
func TestViewFactsAgreeWithPlay(t *testing.T) {
	t.Parallel()
	for seed := range uint64(3) {
		rng := rand.New(rand.NewPCG(seed, 49))
		for _, v := range []*referee.Variant{referee.Triad, referee.Progressive} {
			g, err := v.New(referee.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var log []referee.Action
			for ply := 0; ply < 40 && g.Turn() != ""; ply++ {
				for _, s := range v.Seats {
					checkFacts(t, v, log, g.View(s), s)
				}
				a, ok := randomAction(v, log, g, rng)
				if !ok {
					break
				}
				g.Play(a)
				log = append(log, a)
			}
		}
	}
}

// checkFacts compares one view's facts with trials on copies of the game.
func checkFacts(t *testing.T, v *referee.Variant, log []referee.Action, view referee.View, s referee.Seat) {
	t.Helper()
	try := randgame.TryOn(v, referee.Options{}, log)
	if v == referee.Triad {
		for _, to := range v.Seats {
			for _, kind := range []string{referee.OfferVassal, referee.OfferLord} {
				o := referee.Offer{Kind: kind, To: to}
				accepted := try(referee.Action{Seat: s, Text: o.Text()}).Verdict == referee.Accepted
				if listed := slices.Contains(view.Offers, o); listed != accepted {
					t.Fatalf("%s after %d actions: %q listed %v, accepted %v", s, len(log), o.Text(), listed, accepted)
				}
			}
		}
		return
	}
	owes := try(referee.Action{Seat: s}).Reason == referee.ReasonSecretFirst
	if view.Turn == s && owes != (view.Grow != nil) {
		t.Fatalf("%s after %d actions: Grow %v, a move refused for want of the choice %v", s, len(log), view.Grow, owes)
	}
}

// randomAction is a random action the referee accepts for the seat to
// move: a secret choice when one is owed, else a move; half the time in
// three-player chess, an offer the seat may make first.
func randomAction(v *referee.Variant, log []referee.Action, g referee.Game, rng *rand.Rand) (referee.Action, bool) {
	s := g.Turn()
	try := randgame.TryOn(v, referee.Options{}, log)
	god := g.View(referee.God)
	if offers := g.View(s).Offers; len(offers) > 0 && rng.IntN(2) == 0 {
		return referee.Action{Seat: s, Text: offers[rng.IntN(len(offers))].Text()}, true
	}
	for _, secret := range randgame.Secrets(god, s, rng) {
		a := referee.Action{Seat: s, Text: secret, Salt: "00"}
		if try(a).Verdict == referee.Accepted {
			return a, true
		}
	}
	m, _ := randgame.FindMove(try, s, randgame.Candidates(god, s, rng))
	return referee.Action{Seat: s, Text: m}, m != ""
}
