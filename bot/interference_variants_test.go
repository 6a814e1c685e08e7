package bot_test

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"umpire/bot/wire"

	"umpire/bot"
	"umpire/bot/record"
	"umpire/referee"
	"umpire/store"
)

// hashes are the commitments in a text: they differ with the secret they
// seal, by design, and tell nothing of it without the salt.
var hashes = regexp.MustCompile(`\b[0-9a-f]{64}\b`)

// TestNonInterferenceVariants is TestNonInterference for the other
// variants with hidden information, through the whole bot: in each pair of
// games White cannot tell apart — Black's secret choice differs, or Black
// makes failed tries first, alone and in lists — every message to White
// and to the group chat is the same (texts with their commitments masked,
// pictures, text boards, buttons, move numbers and subjects), and so is
// their number.
func TestNonInterferenceVariants(t *testing.T) {
	t.Parallel()
	tests := []struct {
		variant string
		scripts [2][]string
	}{
		{"dark", [2][]string{
			{"p0 e4", "p1 e5", "p0 Nf3", "p1 Nc6", "p0 Bb5"},
			{"p0 e4", "p1 e4e5", "p1 Ke7, Ba3", "p1 Qh4", "p1 e5", "p0 Nf3", "p1 Nc6", "p0 Bb5"},
		}},
		{"kriegspiel english", [2][]string{
			{"p0 e4", "p1 e5", "p0 Nf3"},
			{"p0 e4", "p1 Ke7", "p1 Ba3, d5", "p0 Nf3"},
		}},
		{"kriegspiel english", [2][]string{ // Black reads Esperanto: its K is a bishop (kriegspiel.md §6.2)
			{"p1 lang eo", "p0 e4", "p1 e5", "p0 Nf3"},
			{"p1 lang eo", "p0 e4", "p1 Ke7", "p1 Rd7, Re7", "p1 e5", "p0 Nf3"},
		}},
		{"kriegspiel english", [2][]string{ // White reads Russian: no SAN of a hidden move in its letters
			{"p0 lang ru", "p0 e4", "p1 e5", "p0 Nf3", "p1 Nc6", "p0 Bc4"},
			{"p0 lang ru", "p0 e4", "p1 Ke7", "p1 Nf6", "p0 Nf3", "p1 a6", "p0 Bc4"},
		}},
		{"dark", [2][]string{ // White reads Esperanto: only what its men see of Black's moves
			{"p0 lang eo", "p0 e4", "p1 h6", "p0 Nf3", "p1 b6", "p0 a3"},
			{"p0 lang eo", "p0 e4", "p1 g6", "p0 Nf3", "p1 Ke7, b6", "p0 a3"},
		}},
		{"korona", [2][]string{
			{"p0 crown king", "p1 crown king", "p0 e4", "p1 e5", "p0 Nf3"},
			{"p0 crown king", "p1 e5", "p1 crown dame", "p0 e4", "p1 Ke7", "p1 e5", "p0 Nf3"},
		}},
		{"progressive", [2][]string{
			{"p0 grow b2 N", "p0 e4", "p1 grow g7 N", "p1 e5", "p0 d4"},
			{"p0 grow b2 N", "p0 e4", "p1 e5", "p1 grow h7 B", "p1 Kd7", "p1 e5", "p0 d4"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.variant, func(t *testing.T) {
			var sent [2]map[string][]wire.Message
			for i, script := range tt.scripts {
				w := newWorld(t)
				var err error
				if w.bot, err = bot.New(bot.Config{DB: w.db, Now: w.clock, Picture: fakePicture, Rand: zeros{}}); err != nil {
					t.Fatal(err)
				}
				w.send = w.bot.Sender(w.tr)
				w.group("club", "p0", "new "+tt.variant)
				w.group("club", "p0", "join #1 white")
				w.group("club", "p1", "join #1 black")
				for _, line := range script {
					who, text, _ := strings.Cut(line, " ")
					w.say(who, text)
				}
				sent[i] = map[string][]wire.Message{"p0": w.tr.To("p0"), "club": w.tr.To("club")}
				if last := w.last("p0"); !strings.Contains(last, "You played") && !strings.Contains(last, "Вы сыграли") && !strings.Contains(last, "Vi ludis") {
					t.Fatalf("script %d did not end with White's move:\n%s", i, last)
				}
			}
			for _, who := range []string{"p0", "club"} {
				a, b := sent[0][who], sent[1][who]
				if len(a) != len(b) {
					t.Errorf("%s got %d messages in one game, %d in the other", who, len(a), len(b))
					continue
				}
				for i := range a {
					ta, tb := hashes.ReplaceAllString(a[i].Text, "HASH"), hashes.ReplaceAllString(b[i].Text, "HASH")
					if ta != tb || a[i].Board != b[i].Board || string(a[i].Image) != string(b[i].Image) || fmt.Sprint(a[i].Buttons) != fmt.Sprint(b[i].Buttons) ||
						a[i].Move != b[i].Move || a[i].Subject != b[i].Subject {
						t.Errorf("message %d to %s differs:\n%s\n---\n%s", i, who, ta, tb)
					}
				}
			}
		})
	}
}

// TestNonInterferenceDisorder is the non-interference property for a seat
// in civil disorder, in every variant: in two games White cannot tell
// apart (Black's secret differs, or Black made tries refused in private),
// White's time runs out, the house plays White twice from White's view
// while the others move, and White's player takes the seat back with a
// move. Everything White and the group get must be the same: the house
// chose from what White saw alone, and what the pace says (the disorder,
// the return, the headers) names nothing White could not see.
func TestNonInterferenceDisorder(t *testing.T) {
	t.Parallel()
	tests := []struct {
		variant string
		scripts [2][]string
	}{
		{"chess", [2][]string{{"p0 e4", "p1 e5"}, {"p0 e4", "p1 Ke3", "p1 e5"}}},
		{"dark", [2][]string{
			{"p0 e4", "p1 e5", "p0 Nf3", "p1 Nc6"},
			{"p0 e4", "p1 e4e5", "p1 Ke7, Ba3", "p1 Qh4", "p1 e5", "p0 Nf3", "p1 Nc6"},
		}},
		{"kriegspiel", [2][]string{{"p0 e4", "p1 Nc6"}, {"p0 e4", "p1 Qh4", "p1 Ke7, Qh4, Nc6"}}},
		{"korona", [2][]string{
			{"p0 crown king", "p1 crown king", "p0 e4", "p1 e5"},
			{"p0 crown king", "p1 e5", "p1 crown dame", "p0 e4", "p1 Ke7", "p1 e5"},
		}},
		{"korona2", [2][]string{{"p0 crown king", "p1 crown king"}, {"p0 crown king", "p1 crown dame"}}},
		{"krono", [2][]string{{"p0 crown king", "p1 crown king"}, {"p0 crown king", "p1 crown dame"}}},
		{"progressive", [2][]string{ // a secret that differs is opened when its pawn grows: failed tries only
			{"p0 grow b2 N", "p0 e4", "p1 grow g7 N", "p1 e5"},
			{"p0 grow b2 N", "p0 e4", "p1 e5", "p1 grow g7 N", "p1 Kd7", "p1 e5"},
		}},
		{"triad", [2][]string{{"p0 d2d4", "p1 d4", "p2 bd2bd4"}, {"p0 d2d4", "p1 rd2rd5", "p1 d4", "p2 bd2bd4"}}},
	}
	for _, tt := range tests {
		t.Run(tt.variant, func(t *testing.T) {
			t.Parallel()
			var sent [2]map[string][]wire.Message
			for i, script := range tt.scripts {
				sent[i] = disorderRun(t, tt.variant, script)
			}
			for _, who := range []string{"p0", "club"} {
				sameMessages(t, who, [2][]wire.Message{sent[0][who], sent[1][who]})
			}
		})
	}
}

// disorderRun plays one game of TestNonInterferenceDisorder and returns
// what White's player and the group got.
func disorderRun(t *testing.T, variant string, script []string) map[string][]wire.Message {
	w := newWorld(t)
	var err error
	if w.bot, err = bot.New(bot.Config{DB: w.db, Now: w.clock, Picture: fakePicture, Rand: zeros{}}); err != nil {
		t.Fatal(err)
	}
	w.send = w.bot.Sender(w.tr)
	v, _ := referee.Lookup(variant)
	w.group("club", "p0", "new "+variant+" 1d cd")
	for i, s := range v.Seats {
		w.group("club", fmt.Sprintf("p%d", i), fmt.Sprintf("join #1 %s", s))
	}
	for _, line := range script {
		who, text, _ := strings.Cut(line, " ")
		w.say(who, text)
	}
	if _, rg := w.replay(1); rg.Turn() != referee.White {
		t.Fatalf("the script leaves %s to move", rg.Turn())
	}
	rng := rand.New(rand.NewPCG(5, 6))
	w.now = w.now.Add(day)
	w.tick()
	for range 2 {
		w.settle()
		for g, rg := w.replay(1); g.State == store.StatePlaying && rg.Turn() != referee.White; g, rg = w.replay(1) {
			w.step(1, rng)
		}
	}
	if g, _ := w.replay(1); g.State == store.StatePlaying {
		w.step(1, rng) // White's player takes its seat back
	}
	g := w.game(1)
	if g.Pace.Spell(referee.White) != nil || len(g.Pace.Spells) != 1 {
		t.Fatalf("White's spell of disorder: %+v", g.Pace.Spells)
	}
	moves := 0
	for i, a := range g.Log {
		if record.Housed(g, i) && a.Seat == referee.White {
			moves++
		}
	}
	if moves < 2 {
		t.Fatalf("the house made %d entries for White; want its two turns", moves)
	}
	return map[string][]wire.Message{"p0": w.tr.To("p0"), "club": w.tr.To("club")}
}
