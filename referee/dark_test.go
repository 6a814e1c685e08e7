package referee

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"umpire/referee/board"
)

func newTestDark(t testing.TB, rules, fen string) *dark {
	t.Helper()
	g, err := newDark(Options{Rules: rules, FEN: fen})
	if err != nil {
		t.Fatalf("newDark(%q, %q): %v", rules, fen, err)
	}
	return g.(*dark)
}

func darkRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0xda7c)) }

// darkPlayRandom plays a random pseudo-legal move of the seat to move, written
// in coordinates, and returns it with its ruling.
func darkPlayRandom(t testing.TB, g *dark, rnd *rand.Rand) (board.Move, Ruling) {
	t.Helper()
	list := g.t.pos.Generate(nil)
	m := list[rnd.IntN(len(list))]
	a := Action{Seat: g.Turn(), Text: m.Coord(g.t.pos.Geo)}
	r := g.Play(a)
	if r.Verdict != Accepted || r.Move != a.Text {
		t.Fatalf("%s: Play(%s %s) = %v; want accepted", g.t.pos.FEN(), a.Seat, a.Text, r)
	}
	return m, r
}

// darkSaid writes announcements as dark.md §8 does: "code k=v >to; …".
func darkSaid(said []Announcement) string {
	var items []string
	for _, a := range said {
		items = append(items, a.String())
	}
	return strings.Join(items, "; ")
}

// Rulings of the last action of short scripts.
var darkRulingTests = []struct {
	name, rules, fen string
	script           []string // "seat action"
	verdict          Verdict
	said             string
	reason           string
	readings         []string
	board            string // the god's board after it, when not ""
}{
	{name: "Ke2 reads as king and Esperanto bishop", script: []string{"white e2e4", "black e7e5", "white Ke2"},
		verdict: Refused, reason: ReasonAmbiguous, readings: []string{"e1e2", "f1e2"}},
	{name: "Re2 is the Esperanto king", script: []string{"white e2e4", "black e7e5", "white Re2"}, verdict: Accepted},
	{name: "Russian knight", script: []string{"white Кf3"}, verdict: Accepted,
		board: "rnbqkbnr/pppppppp/......../......../......../.....N../PPPPPPPP/RNBQKB.R"},
	{name: "pawn step onto an unseen man", script: []string{"white e2e4", "black e7e5", "white e4e5"},
		verdict: Impossible, said: "impossible >white"},
	{name: "capture onto an empty diagonal", script: []string{"white e2e4", "black a7a6", "white exd5"},
		verdict: Impossible, said: "impossible >white"},
	{name: "slider through its own man", script: []string{"white d1d4"}, verdict: Impossible, said: "impossible >white"},
	{name: "a move no man makes", script: []string{"white e2e5"}, verdict: Impossible, said: "impossible >white"},
	{name: "from an empty square", script: []string{"white e3e4"}, verdict: Impossible, said: "impossible >white"},
	{name: "promotion without a piece", fen: "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", script: []string{"white a7a8"},
		verdict: Impossible, said: "impossible >white"},
	{name: "promotion to a pawn", fen: "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", script: []string{"white a7a8=P"},
		verdict: Impossible, said: "impossible >white"},
	{name: "promotion on another move", script: []string{"white e2e4q"}, verdict: Impossible, said: "impossible >white"},
	{name: "promotion", fen: "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", script: []string{"white a8=N"}, verdict: Accepted,
		board: "N...k.../......../......../......../......../......../......../....K..."},
	{name: "castling over a man", script: []string{"white O-O"}, verdict: Impossible, said: "impossible >white"},
	{name: "castling as the king's move", fen: "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", script: []string{"black e8c8"},
		verdict: Accepted, board: "..kr...r/......../......../......../......../......../......../R...K..R"},
	{name: "any? is not asked in dark chess", script: []string{"white any?"}, verdict: Refused, reason: ReasonNotHere},
	{name: "not your turn", script: []string{"black e7e5"}, verdict: Refused, reason: ReasonNotYourTurn},
	{name: "unreadable", script: []string{"white hello"}, verdict: Refused, reason: ReasonUnreadable},
	{name: "not a seat", script: []string{"red e2e4"}, verdict: Refused, reason: ReasonNotSeated},
	{name: "a capture the victim sees says nothing", script: []string{"white e2e4", "black d7d5", "white e4d5"},
		verdict: Accepted},
	{name: "a capture out of the victim's sight", script: []string{"white e2e4", "black d7d5", "white e4d5", "black d8d5"},
		verdict: Accepted, said: "vanished square=d5 >white"},
	{name: "taking the king with a promotion", fen: "k7/1P6/8/8/8/8/8/7K w - - 0 1", script: []string{"white b7a8q"},
		verdict: Accepted, said: "end result=1-0 reason=king-captured >both", board: "Q......./......../......../......../......../......../......../.......K"},
	{name: "taking the king out of sight of nobody", fen: "4k3/8/8/8/8/8/8/R3K3 b Q - 0 1",
		script:  []string{"black e8d8", "white a1d1", "black d8d7", "white d1d7"},
		verdict: Accepted, said: "end result=1-0 reason=king-captured >both"},
	{name: "the king walks into capture", fen: "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", script: []string{"white e1e2"}, verdict: Accepted},
	{name: "stalemate is a draw", fen: "7k/8/8/8/p1p5/PpPp4/RP1P4/KN6 b - - 0 1", script: []string{"black Kh8g8"},
		verdict: Accepted, said: "end result=1/2-1/2 reason=stalemate >both"},
	{name: "fifty moves", fen: "4k3/8/8/8/8/8/8/4K3 w - - 99 80", script: []string{"white e1e2"},
		verdict: Accepted, said: "end result=1/2-1/2 reason=fifty-move >both"},
	{name: "no insufficient material: K against K plays on", fen: "4k3/8/8/8/8/8/8/4K3 b - - 0 1", script: []string{"black e8d8", "white e1d1"},
		verdict: Accepted},
	{name: "repetition, the start included", script: []string{
		"white Nf3", "black Nf6", "white Ng1", "black Ng8", "white Nf3", "black Nf6", "white Ng1", "black Ng8"},
		verdict: Accepted, said: "end result=1/2-1/2 reason=repetition >both"},
	{name: "a capture out of sight, then stalemate", fen: "6kr/8/8/8/p1p5/PpPp4/RP1P3P/KN6 b - - 0 1", script: []string{"black h8h2"},
		verdict: Accepted, said: "vanished square=h2 >white; end result=1/2-1/2 reason=stalemate >both"},
	{name: "resignation", script: []string{"black resign"}, verdict: Accepted, said: "end result=1-0 reason=resignation >both"},
	{name: "after the end", script: []string{"black resign", "white e2e4"}, verdict: Refused, reason: ReasonGameOver},
	{name: "en passant in fog", fen: "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", script: []string{"black d7d5", "white e5d6"},
		verdict: Accepted, said: "vanished square=d5 >black"},
	{name: "no en passant in nielsen", rules: "nielsen", fen: "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", script: []string{"black d7d5", "white e5d6"},
		verdict: Impossible, said: "impossible >white"},
}

func TestDarkRulings(t *testing.T) {
	for _, tc := range darkRulingTests {
		t.Run(tc.name, func(t *testing.T) {
			g := newTestDark(t, tc.rules, tc.fen)
			var r Ruling
			for _, line := range tc.script {
				seat, text, _ := strings.Cut(line, " ")
				r = g.Play(Action{Seat: Seat(seat), Text: text})
			}
			last := tc.script[len(tc.script)-1]
			if r.Verdict != tc.verdict || darkSaid(r.Said) != tc.said || r.Reason != tc.reason || !slices.Equal(r.Readings, tc.readings) {
				t.Errorf("Play(%s) = %s %q %s %v; want %s %q %s %v", last, r.Verdict, darkSaid(r.Said), r.Reason, r.Readings,
					tc.verdict, tc.said, tc.reason, tc.readings)
			}
			if tc.board != "" && g.Board() != tc.board {
				t.Errorf("after %s: board %s; want %s", last, g.Board(), tc.board)
			}
		})
	}
}

func TestDarkNew(t *testing.T) {
	for _, o := range []Options{
		{Rules: "wild16"},
		{FEN: "8/8/8/8/8/8/8/4K3 w - - 0 1"},                 // no black king
		{FEN: "4k3/8/8/8/8/8/8/3KK3 w - - 0 1"},              // two white kings
		{FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"}, // no side to move
	} {
		if _, err := newDark(o); err == nil {
			t.Errorf("newDark(%+v): no error", o)
		}
	}
	g := newTestDark(t, "", "7k/8/8/8/p1p5/PpPp4/RP1P4/KN6 w - - 0 1")
	if got := darkSaid(g.Start()); got != "end result=1/2-1/2 reason=stalemate >both" {
		t.Errorf("stalemated at the start: Start() = %q", got)
	}
	if g.Turn() != "" {
		t.Errorf("stalemated at the start: Turn() = %q", g.Turn())
	}
	if g := newTestDark(t, "", ""); g.Start() != nil || g.Turn() != White || g.rules != "fog" {
		t.Errorf("start: said %v, turn %q, rules %q", g.Start(), g.Turn(), g.rules)
	}
}

// A -fen en passant square that no double step made is refused
// (rules/README.md, `-fen`): no pawn takes an empty square.
func TestDarkFENEnPassant(t *testing.T) {
	g := newTestDark(t, "", "4k3/8/8/8/3P4/8/8/4K3 b - d3 0 1") // d3 is right, but black has no pawn to take
	if g.t.pos.EP == -1 {
		t.Errorf("a true en passant square was dropped")
	}
	if _, err := newDark(Options{FEN: "4k3/2p5/8/8/8/8/8/4K3 b - d3 0 1"}); err == nil { // no white pawn on d4
		t.Errorf("a false en passant square was taken")
	}
}

func TestDarkViews(t *testing.T) {
	g := newTestDark(t, "", "")
	for _, text := range []string{"e2e4", "d7d5", "e4d5", "d8d5"} {
		g.Play(Action{Seat: g.Turn(), Text: text})
	}
	g.Play(Action{Seat: White, Text: "e1e3"}) // impossible: private
	w, b, s := g.View(White), g.View(Black), g.View(Spectator)
	if !slices.Equal(w.Marks, []string{"d5"}) || b.Marks != nil {
		t.Errorf("marks: white %v, black %v; want [d5], none", w.Marks, b.Marks)
	}
	wantSheet := []SheetLine{{Seat: White, Text: "e2e4", Verdict: Accepted}, {Seat: Black, Text: "?", Verdict: Accepted},
		{Seat: White, Text: "e4d5", Verdict: Accepted}, {Seat: Black, Text: "?", Verdict: Accepted}, {Seat: White, Text: "e1e3", Verdict: Impossible}}
	unheard := func(ls []SheetLine) []SheetLine {
		out := slices.Clone(ls)
		for i := range out {
			out[i].Heard = nil
		}
		return out
	}
	if !reflect.DeepEqual(unheard(w.Sheet), wantSheet) {
		t.Errorf("white's sheet %v; want %v", w.Sheet, wantSheet)
	}
	if len(b.Sheet) != 4 || !reflect.DeepEqual(b.Sheet[2], SheetLine{Seat: White, Text: "?", Verdict: Accepted}) {
		t.Errorf("black's sheet %v", b.Sheet)
	}
	if !slices.Equal(w.LastMove, []string{"e4", "d5"}) || !slices.Equal(b.LastMove, []string{"d8", "d5"}) {
		t.Errorf("last moves: white %v, black %v", w.LastMove, b.LastMove)
	}
	if s.Board != darkFogBoard() || s.Marks != nil || s.LastMove != nil || len(s.Said) != 0 {
		t.Errorf("spectator: %+v", s)
	}
	if darkSaid(w.Said) != "vanished square=d5 >white; impossible >white" || len(b.Said) != 0 {
		t.Errorf("heard: white %q, black %q", darkSaid(w.Said), darkSaid(b.Said))
	}
	if w.Variant != "dark" || w.Rules != "fog" || w.Turn != White || w.Ply != 4 || string(w.Cells[3*8+4]) != "?" {
		t.Errorf("white's view: %+v", w)
	}
	g.Play(Action{Seat: White, Text: "Nc3"})
	if m := g.View(White).Marks; m != nil {
		t.Errorf("white's mark after its move: %v", m)
	}
	if god := g.View(God); god.Board != g.Board() || len(god.Sheet) != 6 {
		t.Errorf("god's view: %+v", god)
	}

	g.Play(Action{Seat: Black, Text: "resign"})
	for _, seat := range []Seat{White, Black, Spectator} {
		v := g.View(seat)
		if v.Board != g.Board() || v.Marks != nil || len(v.Sheet) != 7 || v.Result != "1-0" || v.Turn != "" {
			t.Errorf("%s after the end: %+v", seat, v)
		}
	}
	if s := g.View(Spectator); darkSaid(s.Said) != "end result=1-0 reason=resignation >both" {
		t.Errorf("spectator heard %q", darkSaid(s.Said))
	}
}

func TestDarkNielsenVision(t *testing.T) {
	g := newTestDark(t, "nielsen", "")
	g.Play(Action{Seat: White, Text: "e2e4"})
	g.Play(Action{Seat: Black, Text: "e7e5"})
	// After 1.e4 e5 the e4 pawn sees d5 and f5, not e5 ahead of it; the d2
	// and f2 pawns see e3.
	want := "????????/????????/.???????/?.?.?.?./....P.../......../PPPP.PPP/RNBQKBNR"
	if got := g.View(White).Board; got != want {
		t.Errorf("nielsen white after 1.e4 e5: %s; want %s", got, want)
	}
	fog := newTestDark(t, "fog", "")
	fog.Play(Action{Seat: White, Text: "e2e4"})
	fog.Play(Action{Seat: Black, Text: "e7e5"})
	if got := fog.View(White).Board; got != "????????/????????/.???????/?.?????./....P.../....?.../PPPP.PPP/RNBQKBNR" {
		t.Errorf("fog white after 1.e4 e5: %s", got)
	}
}

// TestDarkVisionOracle plays random games and checks every view against
// dark.md §2 worked out square by square by the independent generator, and
// every ruling against §3: nobody hears anything but its own `impossible`,
// a `vanished` for a man it lost out of sight, and `end`.
func TestDarkVisionOracle(t *testing.T) {
	games := 150
	if testing.Short() {
		games = 30
	}
	for _, rs := range []string{"fog", "nielsen"} {
		for game := range games {
			g := newTestDark(t, rs, "")
			rnd := darkRand(uint64(1000 + game))
			for ply := 0; g.Turn() != ""; ply++ {
				darkCheckOracle(t, g, rs)
				before := g.t.pos
				m, r := darkPlayRandom(t, g, rnd)
				darkCheckSaid(t, g, &before, m, r)
			}
			darkCheckOracle(t, g, rs)
		}
	}
}

func darkCheckOracle(t *testing.T, g *dark, rules string) {
	t.Helper()
	fen := g.t.pos.FEN()
	ref := mbParse(fen, rules == "nielsen")
	for _, s := range []Seat{White, Black} {
		want := ref.mbBoard(s == White)
		if g.t.result != "" {
			want = g.Board()
		}
		if got := g.View(s).Board; got != want {
			t.Fatalf("%s %s: %s sees\n%s; want\n%s", rules, fen, s, got, want)
		}
	}
}

// darkCheckSaid checks one accepted move's ruling against dark.md §3: a king
// taken says `end` alone; a man taken where its seat no longer sees says
// `vanished` to that seat only, and it becomes its mark; nothing else is
// said but a draw's `end`.
func darkCheckSaid(t *testing.T, g *dark, before *board.Position, m board.Move, r Ruling) {
	t.Helper()
	mover := seatOf(before.ToMove)
	loser := other(mover)
	var want []string
	victim := before.Captured(m)
	switch {
	case victim != board.NoCell && before.Cells[victim].Kind() == board.King:
		want = append(want, "end result="+winFor(mover)+" reason=king-captured >both")
	case victim != board.NoCell && !mbSees(g, loser, victim):
		want = append(want, "vanished square="+before.Geo.CellName(victim)+" >"+string(loser))
	}
	if res, reason := g.Result(); reason != "" && reason != "king-captured" {
		want = append(want, "end result="+res+" reason="+reason+" >both")
	}
	if got := darkSaid(r.Said); got != strings.Join(want, "; ") {
		t.Fatalf("%s %s: said %q; want %q", before.FEN(), r.Move, got, strings.Join(want, "; "))
	}
	if g.t.result == "" && len(want) == 1 && !slices.Equal(g.View(loser).Marks, []string{before.Geo.CellName(victim)}) {
		t.Fatalf("%s %s: %s marks %v", before.FEN(), r.Move, loser, g.View(loser).Marks)
	}
}

// mbSees reports whether a seat sees a cell now, by the independent
// generator's reading of dark.md §2.
func mbSees(g *dark, s Seat, c board.Cell) bool {
	ref := mbParse(g.t.pos.FEN(), g.rules == darkNielsen)
	return ref.mbVisible(s == White)[mbSq(board.FileOf(c), board.RankOf(c))]
}

// TestDarkReplay rebuilds random games, failed tries and all, from their
// logs and finds the same state: position, repetition counts, every view.
func TestDarkReplay(t *testing.T) {
	v, _ := Lookup("dark")
	for _, rs := range []string{"fog", "nielsen"} {
		for game := range 20 {
			g := newTestDark(t, rs, "")
			rnd := darkRand(uint64(7000 + game))
			var log []Action
			for step := 0; step < 300 && g.Turn() != ""; step++ {
				s := g.Turn()
				for _, p := range PlayList(g, Action{Seat: s, Text: darkRandomTry(g, s, rnd)}) {
					if p.Ruling.Logged() {
						log = append(log, p.Action)
					}
				}
			}
			r, err := Replay(v, Options{Rules: rs}, log)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := darkState(t, r.(*dark)), darkState(t, g); got != want {
				t.Fatalf("%s game %d: replayed\n%s\nplayed\n%s", rs, game, got, want)
			}
		}
	}
}
