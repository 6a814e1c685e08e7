package house

import (
	"math/rand/v2"
	"testing"

	"umpire/referee"
	"umpire/referee/board"
)

// TestKingSetHoldsTheKing plays Kriegspiel games of every rule set, the
// house against a random player, and at each of the house's turns checks
// that the cells kingSet keeps hold the enemy king where the god's view
// has it, and that the set is read at all.
func TestKingSetHoldsTheKing(t *testing.T) {
	v, _ := referee.Lookup("kriegspiel")
	for _, rules := range v.RuleSets {
		for i := range 6 {
			g, err := v.New(referee.Options{Rules: rules})
			if err != nil {
				t.Fatal(err)
			}
			house := v.Seats[i%2]
			rng := rand.New(rand.NewPCG(uint64(i), 3))
			read, alone := 0, 0
			for n := 0; n < 300 && g.Turn() != ""; n++ {
				for _, s := range v.Seats {
					if s != house {
						randomTurn(g, s, rng, nil)
					}
				}
				if g.Turn() != house {
					continue
				}
				hv := g.View(house)
				k, ok := trackKing(hv, board.ChessRules)
				if !ok {
					t.Fatalf("%s game %d: the sheet could not be read at ply %d", rules, i, hv.Ply)
				}
				read++
				if k.men == 0 {
					alone++
				}
				god := g.View(referee.God)
				king := byte('k')
				if house == referee.Black {
					king = 'K'
				}
				if q := quietPlies(god.Sheet); k.quiet < q {
					t.Fatalf("%s game %d ply %d: %d quiet plies counted, the referee's %d", rules, i, hv.Ply, k.quiet, q)
				}
				for c := range board.Cell(64) {
					if god.Cells[c] == king && !k.cells.Has(c) {
						t.Fatalf("%s game %d ply %d: the king is on %s, not in the set %v\n%s", rules, i, hv.Ply,
							board.Standard.CellName(c), names(k.cells), god.Board)
					}
				}
				Turn(func() referee.View { return g.View(house) }, func(text string) referee.Ruling {
					return g.Play(referee.Action{Seat: house, Text: text, Salt: "ab"})
				}, uint64(i))
			}
			if read == 0 {
				t.Fatalf("%s game %d: never read", rules, i)
			}
			t.Logf("%s game %d: %d turns read, %d with the king alone", rules, i, read, alone)
		}
	}
}

func names(s cellSet) []string {
	var out []string
	for c := range board.Cell(64) {
		if s.Has(c) {
			out = append(out, board.Standard.CellName(c))
		}
	}
	return out
}

// quietPlies counts the plies since the last capture or pawn move on a
// god's score sheet: the fifty-move rule's count.
func quietPlies(sheet []referee.SheetLine) int {
	n := 0
	for _, l := range sheet {
		if l.Verdict != referee.Accepted || !isMove(l.Text) {
			continue
		}
		n++
		if l.SAN.Piece == board.Pawn || l.SAN.Capture {
			n = 0
		}
	}
	return n
}

// TestKingSetAfterEnPassant: the enemy takes a pawn of the seat's en
// passant, which the umpire says by the cell the taker lands on in some
// rule sets; the sheet is still read, the pawn gone from the seat's board.
func TestKingSetAfterEnPassant(t *testing.T) {
	t.Parallel()
	v, _ := referee.Lookup("kriegspiel")
	for _, rules := range v.RuleSets {
		g, err := v.New(referee.Options{Rules: rules})
		if err != nil {
			t.Fatal(err)
		}
		for i, text := range []string{"e2e4", "a7a6", "e4e5", "d7d5", "e5d6"} {
			seat := v.Seats[i%2]
			if r := g.Play(referee.Action{Seat: seat, Text: text}); r.Verdict != referee.Accepted {
				t.Fatalf("%s: %s %s: %v", rules, seat, text, r.Verdict)
			}
		}
		k, ok := trackKing(g.View(referee.Black), board.ChessRules)
		d5, _ := board.Standard.Lookup("d5")
		if !ok || !k.pos.At(d5).Empty() {
			t.Errorf("%s: after exd6 e.p. the sheet read %v, d5 holds %v", rules, ok, k.pos.At(d5))
		}
	}
}
