package referee

import (
	"math/rand/v2"
	"slices"
	"testing"

	"umpire/referee/board"
	"umpire/referee/tri"
)

// triad.md §1: legal moves with the neutrality rule, from the start.
var triadPerftCounts = []int64{20, 400, 8000, 178080, 3960896, 87951732}

func TestTriadPerft(t *testing.T) {
	for d, want := range triadPerftCounts[:4] {
		got, err := Perft("triad", Options{}, d+1)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("triad perft(%d) = %d; want %d", d+1, got, want)
		}
	}
}

// The simple generator of triad_simple_test.go agrees at depths 1–4.
func TestTriadPerftSimple(t *testing.T) {
	depth := 4
	if testing.Short() {
		depth = 3
	}
	for d := 1; d <= depth; d++ {
		if got, want := newSGame().perft(d), triadPerftCounts[d-1]; got != want {
			t.Errorf("simple perft(%d) = %d; want %d", d, got, want)
		}
	}
}

func BenchmarkTriadPerft5(b *testing.B) {
	for b.Loop() {
		if n, _ := Perft("triad", Options{}, 5); n != triadPerftCounts[4] {
			b.Fatalf("perft(5) = %d; want %d", n, triadPerftCounts[4])
		}
	}
}

// Random games (fixed seed) compare the legal moves of both generators at
// every position, far beyond perft's reach: captures, the neutrality rule,
// pawns across the seam, promotions, castling (en passant is too rare
// here: TestTriadEnPassant). A game stops
// when a king falls (the simple generator assumes every king on the board)
// or a seat has no move.
func TestTriadRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 96))
	games, plies := 16, 300
	if testing.Short() {
		games = 3
	}
	seen := map[string]int{}
	for game := 0; game < games; game++ {
		st, simple := newTriState(), newSGame()
		for ply := 0; ply < plies; ply++ {
			s := simple.toMove
			ours := moveNames(st.legal(s, nil))
			theirs := simple.legal()
			if !slices.Equal(ours, theirs) {
				t.Fatalf("game %d ply %d, %s to move, %s:\n ours   %v\n theirs %v",
					game, ply, triSeats[s], tri.String(&st.pos), ours, theirs)
			}
			if len(ours) == 0 {
				break
			}
			pick := ours[rng.IntN(len(ours))]
			m := triFind(st.legal(s, nil), pick)
			countKinds(&st, m, seen)
			st.move(s, m, false)
			simple = simple.play(simpleFind(simple, pick))
			if !simple.kingsOK {
				break
			}
		}
	}
	for _, k := range []string{"capture", "promotion", "castling", "crossing"} {
		if seen[k] == 0 && !testing.Short() {
			t.Errorf("no %s in the random games", k)
		}
	}
	t.Logf("moves seen: %v", seen)
}

func moveNames(ms []board.Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Coord(tri.Geometry))
	}
	slices.Sort(out)
	return out
}

func triFind(ms []board.Move, coord string) board.Move {
	for _, m := range ms {
		if m.Coord(tri.Geometry) == coord {
			return m
		}
	}
	panic("no move " + coord)
}

func simpleFind(g *sGame, coord string) sMove {
	for _, m := range g.pseudo(g.toMove) {
		if m.String() == coord {
			return m
		}
	}
	panic("no simple move " + coord)
}

// countKinds tallies the kinds of moves the random games make.
func countKinds(st *triState, m board.Move, seen map[string]int) {
	switch {
	case m.Flag == board.EnPassant:
		seen["en-passant"]++
	case m.Flag == board.Castle:
		seen["castling"]++
	case m.Promo != board.NoKind:
		seen["promotion"]++
	case st.pos.Captured(m) != board.NoCell:
		seen["capture"]++
	}
	if tri.At(m.From).T != tri.At(m.To).T {
		seen["crossing"]++
	}
}
