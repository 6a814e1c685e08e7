package bot_test

import (
	"bytes"
	"strings"
	"testing"

	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// twoPlayer makes game 1 of variant between ann (White) and bob.
func twoPlayer(t *testing.T, variant string) *world {
	w := newWorld(t)
	w.say("ann", "new "+variant)
	w.say("bob", "join "+tokenOf(t, w, 1, "black"))
	return w
}

// lastMoveBy is the text of the last log entry of seat in game 1.
func lastMoveBy(w *world, seat referee.Seat) string {
	g := w.game(1)
	for i := len(g.Log) - 1; i >= 0; i-- {
		if g.Log[i].Seat == seat {
			return g.Log[i].Text
		}
	}
	return ""
}

// In chess a condition is a move: met, its answer is played at once, as
// Black's action, and replays the same; the line goes on to its second
// step; a move that does not meet it drops it.
func TestIfChess(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "chess")
	w.say("ann", "e2e4")
	w.say("bob", "if e5 then Nf3")
	if s := w.last("bob"); !strings.Contains(s, "It is your move in game #1") {
		t.Errorf("a condition on one's own turn: %q", s)
	}
	w.say("bob", "e7e5")
	w.say("bob", "if Nf3 then hello")
	if s := w.last("bob"); !strings.Contains(s, "The answer after then must be a move") {
		t.Errorf("an answer that is no move: %q", s)
	}
	w.say("bob", "if Nf3 then Nc6 if Bb5 then a6")
	if s := w.last("bob"); !strings.Contains(s, "Stored for game #1: if Nf3 then Nc6, if Bb5 then a6") {
		t.Fatalf("stored: %q", s)
	}
	if s := w.last("ann"); strings.Contains(s, "Stored") || strings.Contains(s, "Nc6") {
		t.Errorf("White heard of the condition: %q", s)
	}
	w.say("ann", "g1f3")
	if got := lastMoveBy(w, "black"); got != "Nc6" {
		t.Fatalf("Black's answer: %q", got)
	}
	if s := w.last("bob"); !strings.Contains(s, "Played from your condition in game #1 (if Nf3 then Nc6)") {
		t.Errorf("Black was told %q", s)
	}
	w.say("ann", "Bb5")
	if got := lastMoveBy(w, "black"); got != "a6" {
		t.Fatalf("the second step: %q", got)
	}
	g, rg := w.replay(1)
	if rg.View(referee.God).Board != mustReplay(t, g).View(referee.God).Board || g.State != store.StatePlaying {
		t.Error("the replay differs from the live game")
	}
	w.say("bob", "if Bxc6 then dxc6")
	w.say("ann", "Ba4")
	if s := w.last("bob"); !strings.Contains(s, "did not hold (if Bxc6 then dxc6)") {
		t.Errorf("a line not met: %q", s)
	}
	if got := lastMoveBy(w, "black"); got != "a6" {
		t.Errorf("a line not met was played: %q", got)
	}
	if g := w.game(1); len(g.Seats["black"].Ifs) != 1 { // it stays until Black acts
		t.Errorf("a line not met: %+v", g.Seats["black"].Ifs)
	}
	w.say("bob", "board")
	if s := w.last("bob"); !strings.Contains(s, "Your condition stands: if Bxc6 then dxc6") {
		t.Errorf("the board does not show the line: %q", s)
	}
	w.say("bob", "b7b5")
	if g := w.game(1); len(g.Seats["black"].Ifs) != 0 {
		t.Errorf("Black's own move left the line: %+v", g.Seats["black"].Ifs)
	}
}

func mustReplay(t *testing.T, g *store.Game) referee.Game {
	t.Helper()
	v, _ := referee.Lookup(g.Variant)
	rg, err := referee.Replay(v, g.Options, g.Log)
	if err != nil {
		t.Fatal(err)
	}
	return rg
}

// Any action of the seat's own drops its line.
func TestIfOwnActionDrops(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "chess")
	w.say("ann", "e2e4")
	w.say("bob", "e7e5")
	w.say("bob", "if Nf3 then Nc6")
	w.say("bob", "draw")
	if g := w.game(1); len(g.Seats["black"].Ifs) != 0 {
		t.Fatalf("the line stands after a draw offer: %+v", g.Seats["black"].Ifs)
	}
	w.say("ann", "Nf3")
	if got := lastMoveBy(w, "black"); got == "Nc6" {
		t.Error("a dropped line was played")
	}
}

// In Kriegspiel a condition is what the seat is told: a capture on a
// square, or none; a move is no condition there.
func TestIfKriegspiel(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "kriegspiel")
	w.say("ann", "e2e4")
	w.say("bob", "d7d5")
	w.say("bob", "if e4 then Nf6")
	if s := w.last("bob"); !strings.Contains(s, "In Kriegspiel you do not see your opponent's moves: a condition is on what you are told of them.") {
		t.Errorf("a move as a Kriegspiel condition: %q", s)
	}
	w.say("bob", "if capture d5 then Qd8d5, Qd8d7")
	w.say("ann", "e4d5")
	if got := lastMoveBy(w, "black"); got != "Qd8d5, Qd8d7" && !strings.HasPrefix(got, "Qd8d5") {
		t.Fatalf("Black's answer to the capture: %q", got)
	}
	if g := w.game(1); g.Log[len(g.Log)-1].Seat != "black" {
		t.Fatalf("the answer was not played")
	}
	w.say("bob", "if no capture then Ng8f6")
	w.say("ann", "b1c3")
	if got := lastMoveBy(w, "black"); got != "Ng8f6" {
		t.Errorf("after no capture: %q", got)
	}
}

// In dark chess a condition may be an enemy man seen on a square.
func TestIfDark(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "dark")
	w.say("ann", "d2d3")
	w.say("bob", "d7d5")
	w.say("bob", "if seen e4 then d5e4")
	w.say("ann", "e2e4")
	if got := lastMoveBy(w, "black"); got != "d5e4" {
		t.Fatalf("Black's answer to what it saw: %q", got)
	}
}

// The opponent hears nothing of a stored condition: White's messages are
// the same byte for byte with and without Black's line, until it is met.
func TestIfNonInterference(t *testing.T) {
	t.Parallel()
	heard := func(line string) []string {
		w := twoPlayer(t, "korona")
		w.say("ann", "crown king")
		w.say("bob", "crown queen")
		w.say("ann", "e2e4")
		w.say("bob", "e7e5")
		if line != "" {
			w.say("bob", line)
			if s := w.last("bob"); !strings.Contains(s, "Stored for game #1") {
				t.Fatalf("not stored: %q", s)
			}
		}
		w.say("ann", "d2d4")
		var out []string
		for _, m := range w.tr.To("ann") {
			out = append(out, m.Text+"\x00"+m.Board+"\x00"+string(m.Image))
		}
		return out
	}
	with, without := heard("if Nf3 then Nc6"), heard("")
	if len(with) != len(without) || len(with) < 4 {
		t.Fatalf("White got %d messages with the line, %d without", len(with), len(without))
	}
	for i := range with {
		if !bytes.Equal([]byte(with[i]), []byte(without[i])) {
			t.Errorf("message %d differs:\n%q\n%q", i, with[i], without[i])
		}
	}
}

// In progressive chess a secret growth of the opponent's is no move: the
// line waits for the move that follows it.
func TestIfProgressive(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "progressive")
	w.say("ann", "grow b2 N")
	w.say("ann", "e4")
	w.say("ann", "if e5 then d4")
	if s := w.last("ann"); !strings.Contains(s, "Stored for game #1") {
		t.Fatalf("not stored: %q", s)
	}
	w.say("bob", "grow g7 N")
	if got := lastMoveBy(w, "white"); got != "e4" {
		t.Fatalf("played after a growth: %q", got)
	}
	w.say("bob", "e5")
	if got := lastMoveBy(w, "white"); got != "d4" {
		t.Fatalf("White's answer: %q", got)
	}
}

// A line not met is said once, when the turn passes to its seat: what the
// seat hears depends on nothing it may not know, so the opponent's texts
// refused as out of turn bring it nothing, byte for byte.
func TestIfVoidSaidOnce(t *testing.T) {
	t.Parallel()
	var sent [2][]wire.Message
	for i, extra := range [][]string{nil, {"d2d4", "Bc4", "#1 Nf3g5", "e4e5"}} {
		w := twoPlayer(t, "chess")
		w.say("ann", "e2e4")
		w.say("bob", "e7e5")
		w.say("bob", "if Nc3 then Nf6")
		w.say("ann", "Nf3")
		for _, text := range extra {
			w.say("ann", text)
			if g := w.game(1); g.Log[len(g.Log)-1].Seat != "white" || len(g.Log) != 3 {
				t.Fatalf("White's %q was played, not refused", text)
			}
		}
		w.say("bob", "Nc6")
		sent[i] = w.tr.To("bob")
		if n := len(groupMessages(sent[i], "did not hold")); n != 1 {
			t.Errorf("Black was told %d times that its condition did not hold", n)
		}
	}
	sameMessages(t, "Black", sent)
}

// In dark chess a condition is a sight or what a seat is told: a move is
// refused with the dark-chess examples, never one like it; a check with
// why it could never hold (nobody is told of check there); and the
// stored line comes back in the writer's letters.
func TestIfDarkRefusals(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "dark")
	w.say("bob", "lang eo")
	w.say("ann", "e2e4")
	w.say("ann", "if e5 then Nf3")
	if s := w.last("ann"); !strings.Contains(s, "In dark chess you do not see your opponent's moves: a condition is on what you see or are told.") ||
		!strings.Contains(s, "as in: if seen e5 then Nxe5") || strings.Contains(s, "if e5 then") {
		t.Errorf("a move as a dark-chess condition: %q", s)
	}
	w.say("ann", "if check then Kf1")
	if s := w.last("ann"); !strings.Contains(s, "In dark chess nobody is told of check, so a condition on it could never hold") {
		t.Errorf("check as a dark-chess condition: %q", s)
	}
	if g := w.game(1); len(g.Seats["white"].Ifs) != 0 {
		t.Fatalf("a refused line was stored: %+v", g.Seats["white"].Ifs)
	}
	w.say("bob", "e7e5")
	w.say("bob", "se vidata e4 tiam Nc6")
	if s := w.last("bob"); !strings.Contains(s, "se vidata e4 tiam Ĉc6") {
		t.Errorf("the stored line is not said in the writer's letters: %q", s)
	}
}

// In progressive chess a line for a turn that must begin with choosing a
// growing pawn is refused when written, saying why: a second step after
// the move that ends the growth, then any line once it has ended.
func TestIfProgressiveGrowth(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "progressive")
	for _, l := range []string{"ann grow b2 N", "ann e2e4", "bob grow b7 N", "bob e7e5", "ann d2d4"} {
		who, text, _ := strings.Cut(l, " ")
		w.say(who, text)
	}
	w.say("ann", "if d5 then c3 if Nc6 then a3") // a knight grows in 3 turns: c3 is the third
	if s := w.last("ann"); !strings.Contains(s, "becomes its piece with your next move") {
		t.Errorf("a second step after the growth ends: %q", s)
	}
	w.say("ann", "if d5 then c3")
	w.say("bob", "d7d5")
	if got := lastMoveBy(w, "white"); got != "c3" {
		t.Fatalf("White's one step was not played: %q", got)
	}
	w.say("ann", "if a6 then h3")
	if s := w.last("ann"); !strings.Contains(s, "begins with choosing your growing pawn in secret, which no condition can do") {
		t.Errorf("a line for a turn owing a growth: %q", s)
	}
	if g := w.game(1); len(g.Seats["white"].Ifs) != 0 {
		t.Fatalf("the line was stored: %+v", g.Seats["white"].Ifs)
	}
}

// A conditional answer written in the reader's words is kept in the
// referee's and said back in the reader's: a Russian player's ничья is a
// draw offered when the line fires, and the player is told so and that it
// still moves (a draw beside a move is refused when written: the referee
// plays a draw alone); an Esperanto player's rezignas ends the game (said back as
// rezigni, the first of its words), and the player is told it was played
// from the line, not that it was no move.
func TestIfAnswerInReadersWords(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ lang, line, echo, then, ann string }{
		{"язык ru", "если d4 то ничья", "Записано для партии #1: если d4 то ничья.", "draw", "Black offers a draw."},
		{"lingvo eo", "se d4 tiam rezignas se c4 tiam Ĉf6", "se d4 tiam rezigni, se c4 tiam Ĉf6.", "resign", "White wins (Black resigned)."},
	} {
		w := twoPlayer(t, "chess")
		w.say("bob", c.lang)
		w.say("ann", "e2e4")
		w.say("bob", "e7e6")
		if c.then == "draw" { // beside a move, a draw would never be played: refused when written
			w.say("bob", "если d4 то Кf6, ничья")
			if s := w.last("bob"); !strings.Contains(s, "После «то» ничья, сдаюсь и отклонить пишутся одни") || len(w.game(1).Seats["black"].Ifs) != 0 {
				t.Errorf("a draw in a list after then: %q, stored %+v; want it refused", s, w.game(1).Seats["black"].Ifs)
			}
		}
		w.say("bob", c.line)
		if s := w.last("bob"); !strings.Contains(s, c.echo) {
			t.Errorf("%q stored: %q; want %q", c.line, s, c.echo)
		}
		if ifs := w.game(1).Seats["black"].Ifs; len(ifs) == 0 || ifs[0].Then != c.then {
			t.Fatalf("%q stored as %+v; want the answer %q", c.line, ifs, c.then)
		}
		w.say("ann", "d2d4")
		if s := w.last("ann"); !strings.Contains(s, c.ann) {
			t.Errorf("%q fired: White was told %q; want %q", c.line, s, c.ann)
		}
		if c.then == "draw" {
			if s := w.last("bob"); !strings.Contains(s, "ничья предложена, а ход по-прежнему за вами") {
				t.Errorf("%q fired: Black was told %q; want that its offer is made and it still moves", c.line, s)
			}
		}
		if g := w.game(1); len(g.Seats["black"].Ifs) != 0 {
			t.Errorf("%q fired: the line stays %+v; want it dropped", c.line, g.Seats["black"].Ifs)
		}
		if c.then == "resign" {
			if s := w.last("bob"); !strings.Contains(s, "Ludita laŭ via kondiĉo en ludo #1 (se d4 tiam rezigni).") {
				t.Errorf("%q fired: Black was told %q; want that it was played from the line", c.line, s)
			}
		}
	}
}
