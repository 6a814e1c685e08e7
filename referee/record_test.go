package referee

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestSANReadsBack: for random games of every variant, each accepted
// move's SAN, sent instead of the action that made it, is read as the
// same move: SAN names the move exactly, and its letters are the
// variant's own.
func TestSANReadsBack(t *testing.T) {
	for _, v := range Variants() {
		for seed := range uint64(3) {
			t.Run(fmt.Sprintf("%s/%d", v.Key, seed), func(t *testing.T) { sanReadsBack(t, v, seed) })
		}
	}
}

func sanReadsBack(t *testing.T, v *Variant, seed uint64) {
	log := randomLog(t, v, seed)
	sans, err := SAN(v, Options{}, log)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := v.New(Options{})
	probe, _ := v.New(Options{}) // plays each SAN in place of its action
	moves := 0
	for i, a := range log {
		want := g.Play(a)
		if sans[i] == "" {
			probe.Play(a)
			continue
		}
		moves++
		b := a
		b.Text = sans[i]
		got := probe.Play(b)
		if got.Reason == ReasonAmbiguous && slices.Contains(got.Readings, want.Move) {
			got = probe.Play(a) // the reader also takes other languages' letters: Kf8 may be a bishop's
		}
		if got.Verdict != Accepted || got.Move != want.Move {
			t.Fatalf("entry %d: SAN %q of %s (%q) reads as %s %q %s %v\n%s", i, sans[i], want.Move, a.Text, got.Verdict, got.Move, got.Reason, got.Readings, probe.Board())
		}
	}
	if moves == 0 {
		t.Fatal("no moves")
	}
}

// randomLog plays a random game as TestReplayEqualsLive does.
func randomLog(t *testing.T, v *Variant, seed uint64) []Action {
	rng := rand.New(rand.NewPCG(seed, 11))
	g, err := v.New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	var log []Action
	for ply := 0; ply < 40 && g.Turn() != ""; ply++ {
		for _, a := range randomActions(g, v, rng, len(log)) {
			r := g.Play(a)
			if r.Logged() {
				log = append(log, a)
			}
			if r.Verdict == Accepted && r.Move != "" {
				break
			}
		}
	}
	return log
}

// TestSANExamples names known moves.
func TestSANExamples(t *testing.T) {
	for _, c := range []struct {
		variant, fen, moves, want string
	}{
		{"chess", "", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1", "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O"},
		{"chess", "", "f2f3 e7e5 g2g4 d8h4", "f3 e5 g4 Qh4#"},
		{"chess", "k7/8/8/8/8/8/8/KR3R2 w - - 0 1", "b1d1", "Rbd1"},
		{"chess", "k7/4P3/8/8/8/8/8/K7 w - - 0 1", "e7e8n", "e8=N"},
		{"kriegspiel", "", "e2e4 d7d5 e4d5", "e4 d5 exd5"},
	} {
		v, _ := Lookup(c.variant)
		var log []Action
		for i, m := range strings.Fields(c.moves) {
			log = append(log, Action{Seat: TwoSeats[i%2], Text: m})
		}
		sans, err := SAN(v, Options{FEN: c.fen}, log)
		if got := strings.Join(sans, " "); err != nil || got != c.want {
			t.Errorf("SAN(%s %q) = %q, %v; want %q", c.variant, c.moves, got, err, c.want)
		}
	}
}
