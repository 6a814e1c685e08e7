package referee

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"umpire/referee/board"
)

// TestKriegspielNonInterference is the project's main security property
// for Kriegspiel (DESIGN.md): two games that one seat cannot tell apart
// give that seat byte-identical rulings and views.
//
// Each trial plays a twin pair: the same rule set, the observer's men the
// same, the other army's men different (another arrangement, fewer pawns,
// or only other moves later). The observer sends the same actions to both
// games; the opponent plays its own random tries and moves in each. As long
// as everything the observer was told is the same in both (its own rulings,
// the announcements it heard, the fact of each opponent move), its views
// and the rulings of its actions must be the same to the byte; and a try
// ruled impossible or refused in one game, judged on what the seat knows,
// must be ruled the same in the other.
func TestKriegspielNonInterference(t *testing.T) {
	trials, twins := 120, 4
	if testing.Short() {
		trials, twins = 20, 1
	}
	for i, rules := range ksRuleOrder {
		t.Run(rules, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i)+1, 2026))
			compared := 0
			for trial := range trials {
				observer := TwoSeats[trial%2]
				fenA, fenB := ksTwinFENs(rng, observer)
				compared += ksTwinTrial(t, rules, rng, observer, fenA, fenB)
			}
			for _, tw := range ksTwinPositions {
				for range twins {
					compared += ksTwinTrial(t, rules, rng, White, tw[0], tw[1])
				}
			}
			if compared < trials*4 {
				t.Errorf("only %d views compared in %d trials; the twins part too soon to test much", compared, trials)
			}
			t.Logf("%d views compared", compared)
		})
	}
}

// ksTwins are other armies for the twin games: the standard army, the
// knights and bishops exchanged, pawns missing, a queen for a rook.
var ksTwins = [][2]string{
	{"rnbqkbnr/pppppppp", "rbnqknbr/pppppppp"},
	{"rnbqkbnr/pppppppp", "rnbqkbnr/pp1pp1pp"},
	{"rnbqkbnr/pppppppp", "rnbqkbnr/pppppppp"},
	{"rnbqkbnr/pp1ppppp", "qnbqkbnr/pppp1ppp"},
}

// ksTwinPositions are pairs of positions White cannot tell apart at the
// start, with Black's men placed where they matter: checkers at different
// distances on one line, pawn targets on different squares, a pinner or
// not, a man in the way of castling or not.
var ksTwinPositions = [][2]string{
	{"4r2k/8/8/8/8/8/8/R3K3 w - - 0 1", "7k/8/8/4r3/8/8/8/R3K3 w - - 0 1"},
	{"7k/8/8/8/8/3n4/8/R3K3 w - - 0 1", "7k/8/8/8/8/5n2/8/R3K3 w - - 0 1"},
	{"7k/8/8/8/1b6/8/8/RN2K3 w - - 0 1", "7k/8/8/8/8/8/3p4/RN2K3 w - - 0 1"},
	{"6k1/8/8/8/1b6/8/8/R3K2R w KQ - 0 1", "6k1/8/8/8/8/8/3p4/R3K2R w KQ - 0 1"},
	{"4k3/8/8/3p4/4P1P1/8/8/4K3 w - - 0 1", "4k3/8/8/5p2/4P1P1/8/8/4K3 w - - 0 1"},
	{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "4k3/8/3p4/4P3/8/8/8/4K3 w - - 0 1"},
	{"4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", "r5k1/8/8/8/8/8/4N3/4K3 w - - 0 1"},
	{"4k3/8/8/8/8/8/8/R3K1nR w KQ - 0 1", "4k1n1/8/8/8/8/8/8/R3K2R w KQ - 0 1"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rnbqkbnr/8/8/pppppppp/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
}

// ksTwinFENs makes the two start positions: the observer's army as usual,
// the other one of a twin pair.
func ksTwinFENs(rng *rand.Rand, observer Seat) (string, string) {
	pair := ksTwins[rng.IntN(len(ksTwins))]
	fen := func(theirs string) string {
		if observer == White {
			return theirs + "/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
		}
		mirrored := strings.ToUpper(theirs)
		ranks := strings.Split(mirrored, "/")
		return "rnbqkbnr/pppppppp/8/8/8/8/" + ranks[1] + "/" + ranks[0] + " w KQkq - 0 1"
	}
	return fen(pair[0]), fen(pair[1])
}

// ksTwinTrial plays one twin pair and returns how many views it compared.
func ksTwinTrial(t *testing.T, rules string, rng *rand.Rand, observer Seat, fenA, fenB string) int {
	t.Helper()
	a, b := ksGame(t, rules, fenA, nil), ksGame(t, rules, fenB, nil)
	oa, ob := &ksObserver{seat: observer}, &ksObserver{seat: observer}
	oa.heard(a.Start())
	ob.heard(b.Start())
	compared := 0
	for ply := 0; ply < 60; ply++ {
		if oa.String() != ob.String() || a.Turn() == "" || b.Turn() == "" {
			return compared
		}
		ksSameView(t, a, b, observer, oa)
		compared++
		if a.Turn() == observer {
			ksProbe(t, a, b, oa)
		} else {
			ksOpponentTurn(rng, a, oa)
			ksOpponentTurn(rng, b, ob)
			continue
		}
		for try := 0; try < 12 && a.Turn() == observer && b.Turn() == observer; try++ {
			act := Action{Seat: observer, Text: ksRandomTry(rng, a, try == 11)}
			ra, rb := a.Play(act), b.Play(act)
			ja, jb := ksJSON(ra), ksJSON(rb)
			if ksOwnKnowledge(ra) || ksOwnKnowledge(rb) {
				if ja != jb {
					t.Fatalf("%s: twins told %s the same, but Play(%q) = %s and %s\n%s", rules, observer, act.Text, ja, jb, oa)
				}
			}
			oa.ruled(act, ra)
			ob.ruled(act, rb)
			if oa.String() != ob.String() {
				return compared
			}
			if ja != jb {
				t.Fatalf("%s: twins told %s the same, but Play(%q) = %s and %s\n%s", rules, observer, act.Text, ja, jb, oa)
			}
			ksSameView(t, a, b, observer, oa)
			compared++
		}
	}
	return compared
}

// ksProbe plays every probe try of the observer on copies of both twins:
// where either copy rules it on the seat's own knowledge (impossible or
// refused), both must rule it alike to the byte.
func ksProbe(t *testing.T, a, b *kriegspiel, o *ksObserver) {
	t.Helper()
	for _, text := range ksProbes(a) {
		act := Action{Seat: o.seat, Text: text}
		ra, rb := ksClone(a).Play(act), ksClone(b).Play(act)
		if !ksOwnKnowledge(ra) && !ksOwnKnowledge(rb) {
			continue
		}
		if ja, jb := ksJSON(ra), ksJSON(rb); ja != jb {
			t.Fatalf("%s: twins told %s the same, but probe %q = %s and %s\n%s\ngods: %s | %s",
				a.rules.name, o.seat, text, ja, jb, o, a.Board(), b.Board())
		}
	}
}

// ksProbes lists tries worth probing for the seat to move: every move of
// its men on its own board, every pawn capture, and odd texts.
func ksProbes(g *kriegspiel) []string {
	us := g.t.pos.ToMove
	own := ownBoard(&g.t.pos, us)
	out := slices.Clone(ksOdd)
	for _, m := range own.Generate(nil) {
		out = append(out, m.Coord(board.Standard))
	}
	for c := range 64 {
		if own.Cells[c] == board.NewMan(us, board.Pawn) {
			for _, to := range board.Standard.PawnCapture[us][c] {
				out = append(out, board.Move{From: board.Cell(c), To: to}.Coord(board.Standard)+"q")
				out = append(out, board.Move{From: board.Cell(c), To: to}.Coord(board.Standard))
			}
		}
	}
	return out
}

// ksOdd are texts a player might send whatever the position.
var ksOdd = []string{"any?", "O-O", "O-O-O", "Ke2", "Kd7", "Nf3", "Nc6", "Nd2", "exd5", "dxe4", "e4", "d5",
	"Re2", "Re7", "Qxf7", "Bc4", "Bb4", "draw", "e2e4", "e7e5", "a1a8", "h8h1", "e1g1", "e8c8", "zz"}

// ksClone copies a game deeply enough that playing on the copy leaves
// the original as it was.
func ksClone(g *kriegspiel) *kriegspiel {
	c := *g
	t := *g.t
	t.seen = maps.Clone(g.t.seen)
	t.moves = slices.Clone(g.t.moves)
	c.t = &t
	c.j.entries = slices.Clone(g.j.entries)
	c.now.rebuffed = slices.Clone(g.now.rebuffed)
	c.now.capturers = slices.Clone(g.now.capturers)
	c.now.checks = slices.Clone(g.now.checks)
	c.marks = maps.Clone(g.marks)
	return &c
}

// ksOwnKnowledge reports a ruling made on what the seat knows alone:
// impossible (its own board and what it was told) or refused. Accepted and
// illegal depend on the umpire's board: that is what the umpire tells.
func ksOwnKnowledge(r Ruling) bool { return r.Verdict == Impossible || r.Verdict == Refused }

// ksSameView fails the test when the observer's views differ.
func ksSameView(t *testing.T, a, b *kriegspiel, s Seat, o *ksObserver) {
	t.Helper()
	if va, vb := ksJSON(a.View(s)), ksJSON(b.View(s)); va != vb {
		t.Fatalf("%s: twins told %s the same, but its views differ:\n%s\n%s\nwhat it was told:\n%s\ngods: %s | %s",
			a.rules.name, s, va, vb, o, a.Board(), b.Board())
	}
}

// ksObserver writes down everything one seat is told: its own actions with
// their verdicts, the announcements it hears and that the opponent moved.
type ksObserver struct {
	seat Seat
	log  strings.Builder
}

func (o *ksObserver) String() string { return o.log.String() }

func (o *ksObserver) heard(said []Announcement) {
	for _, a := range For(said, o.seat) {
		fmt.Fprintf(&o.log, "  %s\n", ksJSON(a))
	}
}

func (o *ksObserver) ruled(a Action, r Ruling) {
	switch {
	case a.Seat == o.seat:
		fmt.Fprintf(&o.log, "%s: %s\n", a.Text, r.Verdict)
	case r.Move != "":
		fmt.Fprintf(&o.log, "(the opponent moved)\n")
	}
	o.heard(r.Said)
}

// ksOpponentTurn plays the other seat's turn: a few random tries, then a
// random legal move if none was accepted.
func ksOpponentTurn(rng *rand.Rand, g *kriegspiel, o *ksObserver) {
	s := g.Turn()
	for range rng.IntN(4) {
		act := Action{Seat: s, Text: ksRandomTry(rng, g, false)}
		o.ruled(act, g.Play(act))
		if g.Turn() != s {
			return
		}
	}
	act := Action{Seat: s, Text: ksRandomTry(rng, g, true)}
	o.ruled(act, g.Play(act))
}

// ksRandomTry makes a try for the seat to move: mostly moves its own men
// could make on its own board, pawn captures, questions and odd texts; with
// legal set, a move legal on the umpire's board (the test may look).
func ksRandomTry(rng *rand.Rand, g *kriegspiel, legal bool) string {
	us := g.t.pos.ToMove
	if legal {
		moves := g.t.pos.Legal(nil)
		return moves[rng.IntN(len(moves))].Coord(board.Standard)
	}
	own := ownBoard(&g.t.pos, us)
	switch n := rng.IntN(20); {
	case n < 12:
		if moves := own.Generate(nil); len(moves) > 0 {
			return moves[rng.IntN(len(moves))].Coord(board.Standard)
		}
	case n < 16:
		for c := range 64 {
			if p := own.Cells[c]; p == board.NewMan(us, board.Pawn) && rng.IntN(3) == 0 {
				to := board.Standard.PawnCapture[us][c]
				if len(to) > 0 {
					m := board.Move{From: board.Cell(c), To: to[rng.IntN(len(to))]}
					if board.Standard.Promotes[us][m.To] {
						m.Promo = board.Queen
					}
					return m.Coord(board.Standard)
				}
			}
		}
	}
	return ksOdd[rng.IntN(len(ksOdd))]
}

func ksJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// TestKriegspielReplay checks that a game rebuilt from its log has the
// same views as the game played live, for every seat and rule set.
func TestKriegspielReplay(t *testing.T) {
	for i, rules := range ksRuleOrder {
		rng := rand.New(rand.NewPCG(uint64(i), 99))
		for range 20 {
			g := ksGame(t, rules, "", nil)
			var log []Action
			for ply := 0; ply < 200 && g.Turn() != ""; ply++ {
				s := g.Turn()
				act := Action{Seat: s, Text: ksRandomTry(rng, g, ply%3 == 2)}
				if r := g.Play(act); r.Logged() {
					log = append(log, act)
				}
			}
			v, _ := Lookup("kriegspiel")
			again, err := Replay(v, Options{Rules: rules}, log)
			if err != nil {
				t.Fatalf("%s: %v", rules, err)
			}
			for _, s := range []Seat{White, Black, Spectator, God} {
				if a, b := ksJSON(g.View(s)), ksJSON(again.View(s)); a != b {
					t.Fatalf("%s: view of %s after replay differs:\n%s\n%s", rules, s, a, b)
				}
			}
		}
	}
}

// FuzzKriegspielPlay plays scripts of "seat action" lines in a rule set
// from a position and checks that Play never panics, that a refused action
// changes nothing, that no failed try moves a man, and that impossible is
// heard by the mover only.
func FuzzKriegspielPlay(f *testing.F) {
	f.Add(uint8(0), "", "white e2e4\nblack d7d5\nwhite d1d3\nwhite e4d5\nblack d8d1\nblack d8d5\nwhite f1b5")
	f.Add(uint8(1), "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
		"white any?\nwhite Nf3\nwhite dxe5\nblack f7f5\nwhite e5f6\nblack any?\nblack any?\nblack g7f6")
	f.Add(uint8(4), "k2n4/P1P5/1K6/8/8/8/8/8 w - - 0 1", "white c7c8\nwhite a7b8q\nwhite c7b8q\nwhite c7b8q\nwhite c7d8n")
	f.Add(uint8(2), "", "white Ke2\nwhite e2e4\nblack e7e5\nwhite Ke2\nwhite Re2\nblack draw\nwhite draw\nwhite e2e4")
	f.Add(uint8(3), "4k3/8/8/8/8/8/8/R3K2r w Q - 0 1", "white O-O-O\nwhite e1e2\nblack resign\nwhite a1a8")
	f.Fuzz(func(t *testing.T, set uint8, fen, script string) {
		rules := ksRuleOrder[int(set)%len(ksRuleOrder)]
		game, err := newKriegspiel(Options{Rules: rules, FEN: fen})
		if err != nil {
			return
		}
		g := game.(*kriegspiel)
		for _, line := range strings.Split(script, "\n") {
			seat, text, _ := strings.Cut(line, " ")
			for _, item := range append(SplitList(text), text) {
				ksFuzzPlay(t, g, seat, item)
			}
		}
	})
}

// ksFuzzPlay plays one action and checks what FuzzKriegspielPlay states.
func ksFuzzPlay(t *testing.T, g *kriegspiel, seat, text string) {
	t.Helper()
	line := seat + " " + text
	before, board := ksState(g), g.Board()
	r := g.Play(Action{Seat: Seat(seat), Text: text})
	switch r.Verdict {
	case Refused:
		if after := ksState(g); after != before {
			t.Fatalf("refused %q changed the game:\n%s\n%s", line, before, after)
		}
	case Illegal, Impossible:
		if g.Board() != board {
			t.Fatalf("%s %q moved a man: %s -> %s", r.Verdict, line, board, g.Board())
		}
	case Accepted:
	default:
		t.Fatalf("Play(%q) = verdict %q", line, r.Verdict)
	}
	if r.Verdict == Impossible && !slices.Equal(ksSay(r.Said), []string{"impossible >" + seat}) {
		t.Fatalf("impossible %q says %v", line, ksSay(r.Said))
	}
	for _, s := range []Seat{White, Black, Spectator, God} {
		g.View(s)
	}
}

// ksState writes down all of a game's state.
func ksState(g *kriegspiel) string {
	return fmt.Sprintf("%v|%v|%v|%s|%s|%d|%+v|%v|%v",
		g.t.pos.Cells, g.t.seen, g.t.moves, g.t.result, g.t.reason, len(g.j.entries), g.now, g.marks, g.offers) +
		fmt.Sprintf("|%d %d %d %d %d", g.t.pos.ToMove, g.t.pos.Rights, g.t.pos.EP, g.t.pos.Halfmove, g.t.pos.Fullmove)
}
