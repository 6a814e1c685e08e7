package referee

import (
	"strings"
	"testing"

	"umpire/referee/board"
)

// En passant leaks (dark.md §7). The pawn that may be taken and the square
// it passed over appear exactly when rule 2.1c says: in the view of the seat
// to move, when one of its pawns can take en passant. They appear nowhere
// else: not in the other seat's view, not after the right has passed, not
// in marks or rulings, not in nielsen.

// darkSquares names squares and what a seat must see on each.
type darkSquares map[string]byte

var darkEnPassantTests = []struct {
	name, rules, fen string
	script           []string
	white, black     darkSquares
	said             string // what the last action said
}{
	{name: "white may take: d5 and d6 appear", fen: "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", script: []string{"black d7d5"},
		white: darkSquares{"d5": 'p', "d6": '.', "e6": '.', "f6": '?'},
		black: darkSquares{"d6": '?', "e5": '?', "e4": '?', "c4": '?', "d4": '.'}},
	{name: "the right passes: they disappear", fen: "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", script: []string{"black d7d5", "white e1e2"},
		white: darkSquares{"d5": '?', "d6": '?', "e6": '.'},
		black: darkSquares{"d6": '?', "e5": '?'}},
	{name: "no pawn can take: nothing appears", fen: "4k3/3p4/8/7P/8/8/8/4K3 b - - 0 1", script: []string{"black d7d5"},
		white: darkSquares{"d5": '?', "d6": '?', "h6": '.'}},
	{name: "the same pawn by single steps: nothing appears", fen: "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
		script: []string{"black d7d6", "white e1e2", "black d6d5"},
		white:  darkSquares{"d5": '?', "d6": '?', "e6": '.'}},
	{name: "nielsen: no right, no pawn shown", rules: "nielsen", fen: "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", script: []string{"black d7d5"},
		white: darkSquares{"d5": '?', "d6": '.', "f6": '.', "e6": '.'}},
	{name: "the taking says vanished to the victim only", fen: "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", script: []string{"black d7d5", "white e5d6"},
		white: darkSquares{"d5": '?', "d6": 'P', "d7": '.'},
		black: darkSquares{"d5": '?', "d6": '?', "d7": '.'},
		said:  "vanished square=d5 >black"},
	{name: "the victim sees the taking: nothing said", fen: "4k3/3p4/8/4P3/1n6/8/8/4K3 b - - 0 1", script: []string{"black d7d5", "white e5d6"},
		black: darkSquares{"d5": '.', "d6": '?', "d7": '.'}},
	{name: "a -fen right", fen: "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
		white: darkSquares{"d5": 'p', "d6": '.'}, black: darkSquares{"e5": '?', "d6": '?'}},
	{name: "the same -fen without the right", fen: "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1",
		white: darkSquares{"d5": '?', "d6": '?'}},
	{name: "black may take: e4 and e3 appear", fen: "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", script: []string{"white e2e4"},
		black: darkSquares{"e4": 'P', "e3": '.', "c3": '?', "d3": '.'},
		white: darkSquares{"e3": '?', "d4": '?', "e5": '.'}},
	{name: "two pawns may take", fen: "4k3/3p4/8/2P1P3/8/8/8/4K3 b - - 0 1", script: []string{"black d7d5"},
		white: darkSquares{"d5": 'p', "d6": '.', "b6": '?', "f6": '?'}},
	{name: "the pawn that may take is pinned: the right stands", fen: "4k3/3p4/8/r3P2K/8/8/8/8 b - - 0 1", script: []string{"black d7d5"},
		white: darkSquares{"d5": 'p', "d6": '.'}},
}

func TestDarkEnPassantLeaks(t *testing.T) {
	for _, tc := range darkEnPassantTests {
		t.Run(tc.name, func(t *testing.T) {
			g := newTestDark(t, tc.rules, tc.fen)
			var r Ruling
			for _, line := range tc.script {
				seat, text, _ := strings.Cut(line, " ")
				if r = g.Play(Action{Seat: Seat(seat), Text: text}); r.Verdict != Accepted {
					t.Fatalf("Play(%s) = %v", line, r)
				}
			}
			if got := darkSaid(r.Said); got != tc.said {
				t.Errorf("said %q; want %q", got, tc.said)
			}
			for seat, want := range map[Seat]darkSquares{White: tc.white, Black: tc.black} {
				v := g.View(seat)
				for sq, ch := range want {
					c, _ := board.Standard.Lookup(sq)
					if v.Cells[c] != ch {
						t.Errorf("%s sees %c on %s; want %c (%s)", seat, v.Cells[c], sq, ch, v.Board)
					}
				}
			}
		})
	}
}

// TestDarkEnPassantOnlyWhereSeen plays random games and, wherever a double
// step has just been made, compares each view with the view of the same
// position without the en passant right. They may differ only for the seat
// to move, only when it can take en passant, and only on the pawn that may
// be taken and the square it passed over (dark.md 2.1c, 2.4, 2.6). The
// square passed over never appears in a ruling or a mark (a pawn taken en
// passant vanishes from its own square).
func TestDarkEnPassantOnlyWhereSeen(t *testing.T) {
	shown, games := 0, 1000
	if testing.Short() {
		games = 200
	}
	for game := range games {
		g := newTestDark(t, "fog", "")
		rnd := darkRand(uint64(50_000 + game))
		for g.Turn() != "" {
			if g.t.pos.EP != board.NoCell {
				shown += darkCompareWithoutEP(t, g)
			}
			before := g.t.pos
			_, r := darkPlayRandom(t, g, rnd)
			for _, a := range r.Said {
				for _, f := range a.Fields {
					if f.Value == before.Geo.CellName(before.EP) {
						t.Fatalf("%s %s: said %s", before.FEN(), r.Move, darkSaid(r.Said))
					}
				}
			}
		}
	}
	t.Logf("%d en passant rights seen", shown)
	if shown < games/8 {
		t.Errorf("only %d en passant rights seen; the test needs more", shown)
	}
}

// darkCompareWithoutEP checks one position with an en passant square, and
// reports 1 when the seat to move was shown a pawn it may take.
func darkCompareWithoutEP(t *testing.T, g *dark) int {
	t.Helper()
	bare := &dark{rules: g.rules, duel: duel{t: &table{pos: g.t.pos, moves: g.t.moves}, j: g.j}}
	bare.t.pos.EP, bare.t.pos.EPVictim = board.NoCell, board.NoCell
	p := &g.t.pos
	canTake := false
	for _, m := range p.Generate(nil) {
		canTake = canTake || m.Flag == board.EnPassant
	}
	for _, s := range []Seat{White, Black} {
		with, without := g.View(s), bare.View(s)
		for c := range with.Cells {
			if with.Cells[c] == without.Cells[c] {
				continue
			}
			cell := board.Cell(c)
			if s != g.Turn() || !canTake || (cell != p.EP && cell != p.EPVictim) {
				t.Fatalf("%s: %s sees %c on %s; without the right %c", p.FEN(), s, with.Cells[c], p.Geo.CellName(cell), without.Cells[c])
			}
		}
		if canTake && s == g.Turn() && (with.Cells[p.EP] != '.' || with.Cells[p.EPVictim] != 'p'-32*byte(p.ToMove)) {
			t.Fatalf("%s: %s may take en passant but sees %c on %s and %c on %s", p.FEN(), s,
				with.Cells[p.EP], p.Geo.CellName(p.EP), with.Cells[p.EPVictim], p.Geo.CellName(p.EPVictim))
		}
		for _, mark := range with.Marks {
			if mark == p.Geo.CellName(p.EP) {
				t.Fatalf("%s: %s has the en passant square as a mark", p.FEN(), s)
			}
		}
	}
	if canTake {
		return 1
	}
	return 0
}
