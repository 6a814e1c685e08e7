package referee

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestSANReadsBack: for random games of every variant, each accepted
// move's SAN, in the letters of each language (Written.In) and sent
// instead of the action that made it by a seat of that language, is read
// as the same move: SAN names the move exactly, and its letters are the
// variant's own and the language's.
func TestSANReadsBack(t *testing.T) {
	for _, v := range Variants() {
		for seed := range uint64(3) {
			for _, lang := range []string{"en", "ru", "eo"} {
				t.Run(fmt.Sprintf("%s/%d/%s", v.Key, seed, lang), func(t *testing.T) { sanReadsBack(t, v, seed, lang) })
			}
		}
	}
}

func sanReadsBack(t *testing.T, v *Variant, seed uint64, lang string) {
	log := randomLog(t, v, seed)
	sans, err := writtenLog(v, Options{}, log)
	if err != nil {
		t.Fatal(err)
	}
	notation := NotationEnglish // Russian seats read Latin letters in English
	if lang == NotationEsperanto {
		notation = NotationEsperanto
	}
	g, _ := v.New(Options{})
	probe, _ := v.New(Options{}) // plays each SAN in place of its action
	moves := 0
	for i, a := range log {
		want := g.Play(a)
		if sans[i].IsZero() {
			probe.Play(a)
			continue
		}
		moves++
		b := a
		b.Text, b.Notation = sans[i].In(lang), notation
		got := probe.Play(b)
		if got.Verdict != Accepted || got.Move != want.Move {
			t.Fatalf("entry %d: SAN %q of %s (%q) reads as %s %q %s %v\n%s", i, b.Text, want.Move, a.Text, got.Verdict, got.Move, got.Reason, got.Readings, probe.Board())
		}
	}
	if moves == 0 {
		t.Fatal("no moves")
	}
}

// randomLog plays a random game as TestReplayEqualsLive does.
func randomLog(t testing.TB, v *Variant, seed uint64) []Action {
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

// TestWrittenIn writes known moves in each language's letters.
func TestWrittenIn(t *testing.T) {
	for _, c := range []struct {
		variant, fen, moves string
		want                [3]string // en, ru, eo
	}{
		{"chess", "", "e2e4 d7d5 e4d5 d8d5 g1f3 c8g4 f1e2 b8c6 e1g1 e8c8",
			[3]string{"e4 d5 exd5 Qxd5 Nf3 Bg4 Be2 Nc6 O-O O-O-O", "e4 d5 e:d5 Ф:d5 Кf3 Сg4 Сe2 Кc6 0-0 0-0-0", "e4 d5 exd5 Dxd5 Ĉf3 Kg4 Ke2 Ĉc6 O-O O-O-O"}},
		{"chess", "k7/4P3/8/8/8/8/8/KR3R2 w - - 0 1", "b1d1 a8a7 e7e8q",
			[3]string{"Rbd1 Ka7 e8=Q", "Лbd1 Крa7 e8=Ф", "Tbd1 Ra7 e8=D"}},
		{"korona", "", "d2d4 e7e5 d1d2 f8b4", [3]string{"d4 e5 Dd2 Bb4", "d4 e5 Дd2 Сb4", "d4 e5 Dd2 Kb4"}},
		{"korona", "", "e2e4 e7e5 g1f3 g8f6 f1c4 f8c5 e1g1", [3]string{"e4 e5 Nf3 Nf6 Bc4 Bc5 O-O (K)",
			"e4 e5 Кf3 Кf6 Сc4 Сc5 0-0 (Кр)", "e4 e5 Ĉf3 Ĉf6 Kc4 Kc5 R O-O"}},
	} {
		v, _ := Lookup(c.variant)
		var log []Action
		if c.variant == "korona" {
			log = append(log, Action{Seat: White, Text: "crown king", Salt: "01"}, Action{Seat: Black, Text: "crown king", Salt: "02"})
		}
		for i, m := range strings.Fields(c.moves) {
			log = append(log, Action{Seat: TwoSeats[i%2], Text: m})
		}
		ws, err := writtenLog(v, Options{FEN: c.fen}, log)
		if err != nil {
			t.Fatal(err)
		}
		for i, lang := range []string{"en", "ru", "eo"} {
			var got []string
			for _, w := range ws {
				if !w.IsZero() {
					got = append(got, w.In(lang))
				}
			}
			if strings.Join(got, " ") != c.want[i] {
				t.Errorf("%s %s in %s: %q; want %q", c.variant, c.moves, lang, strings.Join(got, " "), c.want[i])
			}
		}
	}
}
