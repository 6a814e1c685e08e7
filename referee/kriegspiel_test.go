package referee

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// ksRuleOrder is the order of the verdict strings of ksTries.
var ksRuleOrder = []string{"wild16", "english", "cincinnati", "berkeley", "rand"}

// ksTries are tries judged per rule set (kriegspiel.md §3). The script is
// played first (its rulings do not matter: any? is refused outside
// english); then the try, whose verdict in each rule set is one letter of
// want, in ksRuleOrder: A accepted, L illegal, I impossible, R refused.
var ksTries = []struct {
	name   string
	fen    string
	script []string
	try    string
	want   string
}{
	// I1: no man of the seat on the from square.
	{"I1 empty square", "", nil, "white e3e4", "LIIII"},
	{"I1 enemy square", "", nil, "white e7e5", "LIIII"},
	{"I1 SAN, no such man", "", nil, "white Nc6", "LIIII"},
	// I2: onto a man of the seat.
	{"I2 onto own pawn", "", nil, "white d1d2", "LIIII"},
	{"I2 rook onto own king", "4k3/8/8/8/8/8/8/4K2R w - - 0 1", nil, "white h1e1", "LIIII"},
	// I3: not the man's pattern.
	{"I3 knight", "", nil, "white g1g3", "LIIII"},
	{"I3 pawn", "", nil, "white a2b4", "LIIII"},
	{"I3 pawn backwards", "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", nil, "white e4e3", "LIIII"},
	{"I3 king two squares, no castling", "4k3/8/8/8/4K3/8/8/R7 w - - 0 1", nil, "white e4g4", "LIIII"},
	// I4: through a man of the seat.
	{"I4 queen over own pawn", "", nil, "white d1d4", "LIIII"},
	{"I4 double step over own man", "4k3/8/8/8/8/4N3/4P3/4K3 w - - 0 1", nil, "white e2e4", "LIIII"},
	{"I4 castling over own men", "", nil, "white O-O", "LIIII"},
	{"I4 castling by the king's move", "", nil, "white e1c1", "LIIII"},
	// I5: promotion named wrongly.
	{"I5 no piece", "k7/2P5/8/8/8/8/8/K7 w - - 0 1", nil, "white c7c8", "LIIII"},
	{"I5 pawn named", "k7/2P5/8/8/8/8/8/K7 w - - 0 1", nil, "white c7c8=P", "LIIII"},
	{"I5 piece on a plain move", "", nil, "white e2e4q", "LIIII"},
	{"I5 piece on castling", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", nil, "white e1g1q", "LIIII"},
	{"I5 K read as the Esperanto bishop", "k7/2P5/8/8/8/8/8/K7 w - - 0 1", nil, "white c7c8k", "AAAAA"},
	// I6: castling without the right.
	{"I6 right gone", "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", nil, "white O-O", "LIIII"},
	{"I6 king moved", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
		[]string{"white e1f1", "black e8f8", "white f1e1", "black f8e8"}, "white O-O", "LIIII"},
	{"I6 rook taken", "4k3/8/8/8/8/8/6b1/R3K2R b KQ - 0 1", []string{"black g2h1"}, "white O-O", "LIIII"},
	{"I6 rook never there", "4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1", nil, "white O-O", "LIIII"},
	{"castling with the right", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", nil, "white O-O", "AAAAA"},
	// I7: a repeat of a try ruled illegal this turn.
	{"I7 repeated", "4k3/8/8/8/p7/8/8/R3K3 w - - 0 1", []string{"white a1a8"}, "white a1a8", "LIIII"},
	{"I7 other notation, same try", "4k3/8/8/8/p7/8/8/R3K3 w - - 0 1", []string{"white Ra8"}, "white a1-a8", "LIIII"},
	{"I7 another piece is another try", "k7/2P5/8/8/8/8/8/K7 w - - 0 1", []string{"white c7b8q"}, "white c7b8n", "LLILI"},
	{"I7 only this turn", "4k3/8/8/8/p7/8/8/R3K3 w - - 0 1",
		[]string{"white a1a8", "white e1d1", "black e8d8"}, "white a1a8", "LLLLL"},
	// I8: a pawn capture the pawn information rules out.
	{"I8 no pawn try at all", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", nil, "white e2d3", "LLILI"},
	{"I8 english after any no", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", []string{"white any?"}, "white e2d3", "LIILI"},
	{"I8 move 1 (berkeley: illegal)", "", nil, "white e2d3", "LLILI"},
	{"I8 pawn with a try, wrong target", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", nil, "white e4f5", "LLLLL"},
	{"I8 rand: pawn not in try-squares", "4k3/8/8/3p4/4P1P1/8/8/4K3 w - - 0 1", nil, "white g4h5", "LLLLI"},
	// I9 (rand): in announced check.
	{"I9 castling in check", "4k3/8/8/8/8/8/8/R3K2r w Q - 0 1", nil, "white O-O-O", "LLLLI"},
	{"I9 double check, not the king", "4r2k/8/8/8/8/3n4/8/R3K3 w - - 0 1", nil, "white a1a8", "LLLLI"},
	{"I9 double check, the king", "4r2k/8/8/8/8/3n4/8/R3K3 w - - 0 1", nil, "white e1f1", "AAAAA"},
	{"I9 off the check line", "4r2k/8/8/8/8/8/8/R3K3 w - - 0 1", nil, "white a1a5", "LLLLI"},
	{"I9 on the check line, beyond the checker", "7k/R7/8/4r3/8/8/8/4K3 w - - 0 1", nil, "white a7e7", "LLLLL"},
	{"I9 not interposing", "7k/8/8/4r3/8/8/8/R3K3 w - - 0 1", nil, "white a1a3", "LLLLI"},
	{"I9 interposing", "7k/8/8/4r3/8/R7/8/4K3 w - - 0 1", nil, "white a3e3", "AAAAA"},
	{"I9 knight check, off the knight squares", "7k/8/8/8/8/3n4/8/1R2K3 w - - 0 1", nil, "white b1b5", "LLLLI"},
	{"I9 knight check, taking the knight", "7k/8/8/8/8/3n4/8/3RK3 w - - 0 1", nil, "white d1d3", "AAAAA"},
	{"I9 en passant victim on the line", "7k/3p4/8/4P3/4K3/8/8/8 b - - 0 1", []string{"black d7d5"}, "white e5d6", "AAAAA"},
	// I10 (english): the any? rules.
	{"I10 second any?", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", []string{"white any?"}, "white any?", "RIRRR"},
	{"I10 any? without pawns", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", nil, "white any?", "RIRRR"},
	{"any? with pawns", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", nil, "white any?", "RARRR"},
	{"I10 after yes, not a pawn capture", "4k3/8/8/3p4/4P3/8/8/R3K3 w - - 0 1", []string{"white any?"}, "white a1a2", "AIAAA"},
	{"I10 after yes, a pawn capture", "4k3/8/8/3p4/4P1P1/8/8/R3K3 w - - 0 1", []string{"white any?"}, "white g4h5", "LLLLI"},
	{"I10 free after an illegal pawn capture", "4k3/8/8/3p4/4P3/8/8/R3K3 w - - 0 1",
		[]string{"white any?", "white e4f5"}, "white a1a2", "AAAAA"},
	// L1: blocked by a man the seat cannot see.
	{"L1 slider", "4k3/8/8/8/p7/8/8/R3K3 w - - 0 1", nil, "white a1a8", "LLLLL"},
	{"L1 pawn step", "4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1", nil, "white e2e3", "LLLLL"},
	{"L1 pawn double step", "4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1", nil, "white e2e4", "LLLLL"},
	{"L1 pawn step onto", "", []string{"white e2e4", "black e7e5"}, "white e4e5", "LLLLL"},
	// L2: leaves its own king in check.
	{"L2 pinned man", "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", nil, "white e2c3", "LLLLL"},
	{"L2 king onto an attacked square", "4r1k1/8/8/8/8/8/8/3K4 w - - 0 1", nil, "white d1e1", "LLLLL"},
	{"L2 check not answered", "4r1k1/8/8/8/8/8/8/R3K3 w - - 0 1", nil, "white a1a2", "LLLLI"},
	// L3: a pawn capture onto nothing.
	{"L3 empty target", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", nil, "white e4f5", "LLLLL"},
	{"L3 en passant too late", "4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1",
		[]string{"black e7e5", "white e1d1", "black e8d8", "white d1e1", "black d8e8"}, "white d5e6", "LLILI"},
	// L4: castling through attack or over an unseen man.
	{"L4 through an attacked square", "5rk1/8/8/8/8/8/8/4K2R w K - 0 1", nil, "white O-O", "LLLLL"},
	{"L4 into check", "k5r1/8/8/8/8/8/8/4K2R w K - 0 1", nil, "white O-O", "LLLLL"},
	{"L4 over an unseen man", "4k3/8/8/8/8/8/8/4K1nR w K - 0 1", nil, "white O-O", "LLLLL"},
	{"L4 over an unseen man, long", "4k3/8/8/8/8/8/8/Rn2K3 w Q - 0 1", nil, "white O-O-O", "LLLLL"},
	// Readings (§6.3, 6.5).
	{"ambiguous Ke2", "", []string{"white e2e4", "black e7e5"}, "white Ke2", "RRRRR"},
	{"Re2 is the Esperanto king", "", []string{"white e2e4", "black e7e5"}, "white Re2", "AAAAA"},
	{"Russian knight", "", nil, "white Кf3", "AAAAA"},
	{"capture mark ignored", "", []string{"white e2e4", "black d7d5"}, "white exd5", "AAAAA"},
	{"unreadable", "", nil, "white e2e9", "RRRRR"},
	{"not your turn", "", nil, "black e7e5", "RRRRR"},
	{"not a seat", "", nil, "red e2e4", "RRRRR"},
}

func TestKriegspielTries(t *testing.T) {
	for _, tc := range ksTries {
		for i, rules := range ksRuleOrder {
			t.Run(tc.name+"/"+rules, func(t *testing.T) {
				g := ksGame(t, rules, tc.fen, tc.script)
				r := ksPlay(g, tc.try)
				seat, _, _ := strings.Cut(tc.try, " ")
				if got := r.Verdict; got != ksVerdicts[tc.want[i]] {
					t.Errorf("Play(%q) = %s %v; want %s", tc.try, got, ksSay(r.Said), ksVerdicts[tc.want[i]])
				}
				ksCheckAddressees(t, g.rules, Seat(seat), r)
			})
		}
	}
}

var ksVerdicts = map[byte]Verdict{'A': Accepted, 'L': Illegal, 'I': Impossible, 'R': Refused}

// ksCheckAddressees checks who hears a rebuff: impossible the mover only,
// illegal the mover in wild16 and both seats elsewhere.
func ksCheckAddressees(t *testing.T, rules *kriegRules, mover Seat, r Ruling) {
	t.Helper()
	want := map[Verdict]string{Impossible: "impossible >" + string(mover), Illegal: "illegal >both"}
	if rules.name == "wild16" {
		want[Illegal] = "illegal >" + string(mover)
	}
	if w, ok := want[r.Verdict]; ok && !slices.Equal(ksSay(r.Said), []string{w}) {
		t.Errorf("%s ruling says %v; want [%s]", r.Verdict, ksSay(r.Said), w)
	}
}

// ksGame starts a game and plays a script of "seat action" lines.
func ksGame(t testing.TB, rules, fen string, script []string) *kriegspiel {
	t.Helper()
	game, err := newKriegspiel(Options{Rules: rules, FEN: fen})
	if err != nil {
		t.Fatalf("new %s %q: %v", rules, fen, err)
	}
	g := game.(*kriegspiel)
	for _, line := range script {
		ksPlay(g, line)
	}
	return g
}

// ksPlay plays one "seat action" line.
func ksPlay(g Game, line string) Ruling {
	seat, text, _ := strings.Cut(line, " ")
	return g.Play(Action{Seat: Seat(seat), Text: text})
}

// ksSay writes announcements as kriegspiel.md §8 does: `code k=v >to`,
// "both" for both seats.
func ksSay(said []Announcement) []string {
	out := []string{}
	for _, a := range said {
		out = append(out, a.String())
	}
	return out
}

// ksSaid are accepted moves and what both seats hear of them, per rule
// set: the order of 2.2, capture with or without what, english
// en-passant, rand promotion, the pawn-try information and the ends.
var ksSaid = []struct {
	name, rules, fen string
	script           []string
	move             string
	want             string // ksSay of the move's ruling, joined by "; "
}{
	{"en passant", "wild16", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", nil, "white e5d6",
		"capture square=d5 what=pawn >both; pawn-tries count=0 >both"},
	{"en passant", "english", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", nil, "white e5d6",
		"en-passant square=d6 >both"},
	{"en passant", "cincinnati", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", nil, "white e5d6",
		"capture square=d5 what=pawn >both; pawn-capture yes=false >both"},
	{"en passant", "berkeley", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", nil, "white e5d6",
		"capture square=d5 >both"},
	{"en passant", "rand", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", nil, "white e5d6",
		"capture square=d5 what=pawn >both; try-squares squares=[] >both"},
	{"promotion", "rand", "8/P3k3/8/8/8/8/8/4K3 w - - 0 1", nil, "white a7a8r",
		"promotion >both; try-squares squares=[] >both"},
	{"promotion", "wild16", "8/P3k3/8/8/8/8/8/4K3 w - - 0 1", nil, "white a7a8r",
		"pawn-tries count=0 >both"},
	{"promotion with check", "wild16", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", nil, "white a7a8q",
		"check direction=rank >both; pawn-tries count=0 >both"},
	{"piece taken with check", "cincinnati", "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", nil, "white a1a8",
		"capture square=a8 what=piece >both; check direction=rank >both; pawn-capture yes=false >both"},
	{"double check ordered", "wild16", "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", nil, "white e4f6",
		"check direction=file >both; check direction=knight >both; pawn-tries count=0 >both"},
	{"en passant is a pawn try", "wild16", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", nil, "white e2e4",
		"pawn-tries count=1 >both"},
	{"in check, only captures that end it", "wild16", "4k3/8/8/8/8/2p5/3P3r/4K3 b - - 0 1", nil, "black h2h1",
		"check direction=rank >both; pawn-tries count=0 >both"},
	{"a pawn capture ending check", "wild16", "4k3/8/5b2/8/8/8/1P6/4K3 b - - 0 1", nil, "black f6c3",
		"check direction=long-diagonal >both; pawn-tries count=1 >both"},
	{"promoting capture counts once", "wild16", "1r2k3/P7/8/8/8/8/8/4K3 b - - 0 1", nil, "black e8d7",
		"pawn-tries count=1 >both"},
	{"pinned pawn has no try", "wild16", "4k3/8/8/8/1b6/4n3/3P4/4K3 b - - 0 1", nil, "black e8d8",
		"pawn-tries count=0 >both"},
	{"try-squares in order", "rand", "4k3/8/8/8/3p1p2/2P1P1P1/8/4K3 b - - 0 1", nil, "black e8d8",
		"try-squares squares=[c3,e3,g3] >both"},
	{"mate ends", "wild16", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", nil, "white a1a8",
		"check direction=rank >both; end result=1-0 reason=checkmate >both"},
	{"stalemate draws", "cincinnati", "k7/8/1Q6/8/8/8/8/6K1 w - - 0 1", nil, "white g1g2",
		"end result=1/2-1/2 reason=stalemate >both"},
	{"stalemate loses", "rand", "k7/8/1Q6/8/8/8/8/6K1 w - - 0 1", nil, "white g1g2",
		"end result=1-0 reason=stalemate-loss >both"},
	{"insufficient material", "berkeley", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", nil, "white e1d2",
		"capture square=d2 >both; end result=1/2-1/2 reason=insufficient-material >both"},
	{"KN-KN plays on", "wild16", "4kn2/8/8/8/8/8/3r4/4KN2 w - - 0 1", nil, "white e1d2",
		"capture square=d2 what=piece >both; pawn-tries count=0 >both"},
	{"repetition", "wild16", "", ksShuffle, "black f6g8",
		"end result=1/2-1/2 reason=repetition >both"},
	{"repetition", "english", "", ksShuffle, "black f6g8",
		"end result=1/2-1/2 reason=repetition >both"},
	{"berkeley has no repetition", "berkeley", "", ksShuffle, "black f6g8", ""},
	{"fifty moves", "rand", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", nil, "white a1a2",
		"end result=1/2-1/2 reason=fifty-move >both"},
	{"berkeley has no fifty moves", "berkeley", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", nil, "white a1a2", ""},
}

// ksShuffle brings the start position back twice, but for black's last move.
var ksShuffle = []string{
	"white g1f3", "black g8f6", "white f3g1", "black f6g8",
	"white g1f3", "black g8f6", "white f3g1",
}

func TestKriegspielSaid(t *testing.T) {
	for _, tc := range ksSaid {
		t.Run(tc.name+"/"+tc.rules, func(t *testing.T) {
			g := ksGame(t, tc.rules, tc.fen, tc.script)
			r := ksPlay(g, tc.move)
			if r.Verdict != Accepted {
				t.Fatalf("Play(%q) = %s %v; want accepted", tc.move, r.Verdict, ksSay(r.Said))
			}
			if got := strings.Join(ksSay(r.Said), "; "); got != tc.want {
				t.Errorf("Play(%q) says %s; want %s", tc.move, got, tc.want)
			}
		})
	}
}

func TestKriegspielReadings(t *testing.T) {
	g := ksGame(t, "english", "", []string{"white e2e4", "black e7e5"})
	r := g.Play(Action{Seat: White, Text: "Ke2"})
	if r.Verdict != Refused || r.Reason != ReasonAmbiguous || !slices.Equal(r.Readings, []string{"e1e2", "f1e2"}) {
		t.Errorf("Play(Ke2) = %s %s %v; want refused ambiguous [e1e2 f1e2]", r.Verdict, r.Reason, r.Readings)
	}
	if n := len(g.j.entries); n != 3 {
		t.Errorf("a refusal was logged: %d entries; want 3", n)
	}
}

// ksViewGame is kriegspiel.md §8's first example up to n=7.
var ksViewGame = []string{"white e2e4", "black d7d5", "white d1d3", "white e4d5", "black d8d1", "black d8d5", "white f1b5"}

func TestKriegspielViews(t *testing.T) {
	g := ksGame(t, "wild16", "", ksViewGame[:6])
	w, b := g.View(White), g.View(Black)
	if want := "????????/????????/????????/????????/????????/????????/PPPP?PPP/RNBQKBNR"; w.Board != want {
		t.Errorf("white board = %s; want %s", w.Board, want)
	}
	if !slices.Equal(w.Marks, []string{"d5"}) || len(b.Marks) != 0 {
		t.Errorf("marks = white %v, black %v; want [d5], []", w.Marks, b.Marks)
	}
	wantSaid := []string{"capture square=d5 what=pawn >both", "pawn-tries count=0 >both",
		"capture square=d5 what=pawn >both", "pawn-tries count=0 >both"}
	if got := ksSay(w.Said); !slices.Equal(got, wantSaid) {
		t.Errorf("white heard %v; want %v", got, wantSaid)
	}
	wantSaid = []string{"capture square=d5 what=pawn >both", "pawn-tries count=0 >both"}
	if got := ksSay(b.Said); !slices.Equal(got, wantSaid) {
		t.Errorf("black heard %v; want %v", got, wantSaid)
	}
	if got, want := ksSheet(w.Sheet), "white e2e4 accepted, black ? accepted, white d1d3 illegal, white e4d5 accepted, black ?xd5 accepted"; got != want {
		t.Errorf("white sheet = %s; want %s", got, want)
	}
	if got, want := ksSheet(b.Sheet), "white ? accepted, black d7d5 accepted, white ?xd5 accepted, black d8d1 illegal, black d8d5 accepted"; got != want {
		t.Errorf("black sheet = %s; want %s", got, want)
	}
	if !slices.Equal(b.LastMove, []string{"d8", "d5"}) || w.Turn != White || w.Ply != 4 {
		t.Errorf("black last move %v, turn %s, ply %d; want [d8 d5], white, 4", b.LastMove, w.Turn, w.Ply)
	}

	ksPlay(g, ksViewGame[6])
	s := g.View(Spectator)
	// Spectators see no man but hear what the umpire says to both seats.
	wantSaid = []string{"check direction=long-diagonal >both", "pawn-tries count=0 >both"}
	if s.Board != strings.Repeat("????????/", 7)+"????????" || !slices.Equal(ksSay(s.Said), wantSaid) || len(s.Marks) != 0 {
		t.Errorf("spectator sees %s, hears %v, marks %v; want only fog and %v", s.Board, ksSay(s.Said), s.Marks, wantSaid)
	}
	if got, want := ksSheet(s.Sheet), "white ? accepted, black ? accepted, white ?xd5 accepted, black ?xd5 accepted, white ? accepted"; got != want {
		t.Errorf("spectator sheet = %s; want %s", got, want)
	}
	if b := g.View(Black); len(b.Checks) != 0 {
		t.Errorf("black view has checks %v; want none (god only)", b.Checks)
	}
	god := g.View(God)
	if god.Board != g.Board() || !slices.Equal(god.Checks, []string{"b5"}) {
		t.Errorf("god view %s checks %v; want %s, [b5]", god.Board, god.Checks, g.Board())
	}

	g.Play(Action{Seat: Black, Text: "resign"})
	for _, seat := range []Seat{White, Black, Spectator} {
		v := g.View(seat)
		if v.Board != g.Board() || len(v.Marks) != 0 || v.Result != "1-0" || v.Seat != seat {
			t.Errorf("after the end %s sees %s marks %v result %s; want the god's board, no marks, 1-0", seat, v.Board, v.Marks, v.Result)
		}
	}
}

func ksSheet(lines []SheetLine) string {
	var out []string
	for _, l := range lines {
		out = append(out, fmt.Sprintf("%s %s %s", l.Seat, l.Text, l.Verdict))
	}
	return strings.Join(out, ", ")
}

// TestKriegspielStart checks the start object: checks due at a -fen start,
// the pawn-try information, and an end when the position is already over.
func TestKriegspielStart(t *testing.T) {
	tests := []struct{ rules, fen, want string }{
		{"wild16", "", "pawn-tries count=0 >both"},
		{"english", "", ""},
		{"cincinnati", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "pawn-capture yes=true >both"},
		{"rand", "4k3/8/8/8/8/8/8/R3K2r w - - 0 1", "check direction=rank >both; try-squares squares=[] >both"},
		{"berkeley", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "end result=1/2-1/2 reason=insufficient-material >both"},
	}
	for _, tc := range tests {
		g := ksGame(t, tc.rules, tc.fen, nil)
		if got := strings.Join(ksSay(g.Start()), "; "); got != tc.want {
			t.Errorf("%s %q: start says %s; want %s", tc.rules, tc.fen, got, tc.want)
		}
	}
	if _, err := newKriegspiel(Options{Rules: "fide"}); err == nil {
		t.Errorf("rule set fide accepted; want an error")
	}
}

// In the english rules a seat hears the other's any? and its answer, and
// its tries refused: its sheet keeps them on the line of the other's next
// move (Before), as the umpire said them, and on no line of its own; a
// spectator's sheet too, and God's, whose lines are the actions, has none.
func TestKriegspielSheetBefore(t *testing.T) {
	g := ksGame(t, "english", "", []string{"white e2e4", "black d7d5", "white any?", "white e4f5", "white e4d5",
		"black any?", "black d8d5"})
	said := func(as []Announcement) string {
		var out []string
		for _, a := range as {
			out = append(out, a.String())
		}
		return strings.Join(out, "; ")
	}
	for seat, want := range map[Seat][]string{
		White:     {"", "", "", "", "", "any answer=no >both"},
		Black:     {"", "", "any answer=yes >both; illegal >both", "", ""},
		Spectator: {"", "", "any answer=yes >both; illegal >both", "any answer=no >both"},
	} {
		sheet := g.View(seat).Sheet
		var got []string
		for _, l := range sheet {
			got = append(got, said(l.Before))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s's sheet %s: Before %q; want %q", seat, ksSheet(sheet), got, want)
		}
	}
	for _, l := range g.View(God).Sheet {
		if l.Before != nil {
			t.Errorf("God's sheet has Before %v on %s %s", l.Before, l.Seat, l.Text)
		}
	}
}
