package referee_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"umpire/internal/randgame"
	"umpire/referee"
)

// TestGlance: in random games of every variant, a glance at any seat is
// its view without the sheet, and a view after glances still has the
// whole sheet, the same as on a game never glanced at.
func TestGlance(t *testing.T) {
	t.Parallel()
	for _, v := range referee.Variants() {
		t.Run(v.Key, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(7, uint64(len(v.Key))))
			g, _ := v.New(referee.Options{})
			var log []referee.Action
			viewers := append([]referee.Seat{referee.God, referee.Spectator}, v.Seats...)
			for len(log) < 40 && g.Turn() != "" {
				a, ok := nextAction(v, g, log, rng)
				if !ok {
					break
				}
				if r := g.Play(a); r.Logged() {
					log = append(log, a)
				}
				for _, s := range viewers {
					glance := referee.Glance(g, s)
					view := g.View(s)
					if len(view.Sheet) == 0 && len(log) > 0 && s == referee.God {
						t.Fatalf("after %d actions the god's view has no sheet", len(log))
					}
					view.Sheet = nil
					if !reflect.DeepEqual(glance, view) {
						t.Fatalf("after %d actions %s's glance differs from its view:\n%+v\n%+v", len(log), s, glance, view)
					}
				}
			}
			if len(log) < 20 {
				t.Fatalf("the random game stopped after %d actions", len(log))
			}
			fresh, err := referee.Replay(v, referee.Options{}, log)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range viewers {
				if got, want := g.View(s).Sheet, fresh.View(s).Sheet; !reflect.DeepEqual(got, want) {
					t.Errorf("%s's sheet after glances:\n%+v\nnever glanced at:\n%+v", s, got, want)
				}
			}
		})
	}
}

// nextAction is a random action the referee accepts for the seat to move
// of g (log played), or a secret choice owed.
func nextAction(v *referee.Variant, g referee.Game, log []referee.Action, rng *rand.Rand) (referee.Action, bool) {
	turn := g.Turn()
	tries := randgame.TryOn(v, referee.Options{}, log)
	god := g.View(referee.God)
	if move, refused := randgame.FindMove(tries, turn, randgame.Candidates(god, turn, rng)); move != "" {
		return referee.Action{Seat: turn, Text: move}, true
	} else if refused != referee.ReasonSecretFirst && refused != referee.ReasonSecretAwaited {
		return referee.Action{}, false
	}
	for _, s := range v.Seats {
		for _, text := range randgame.Secrets(god, s, rng) {
			a := referee.Action{Seat: s, Text: text, Salt: "00"}
			if tries(a).Verdict == referee.Accepted {
				return a, true
			}
		}
	}
	return referee.Action{}, false
}
