package board

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The 8×8 generator must list exactly the moves of the table-driven one,
// in the same order (callers sort stably and pick by index): Generate
// beside generateCells and Legal beside legalByTrial, on the positions of
// random games under several rule sets and on random boards of every kind.

// fairyRules have every kind a pawn can become and a royal king; noCheck
// has the korona family's castlings and no royal man; unsafe castles
// through attack.
var (
	fairyRules = &Rules{
		Armies:       2,
		Promotions:   []Kind{Amazon, General, Crownless, Dame, Knight},
		Castlings:    ChessRules.Castlings,
		EnPassant:    true,
		SafeCastling: true,
		Royal:        King,
	}
	noCheckRules = &Rules{
		Armies:     2,
		Promotions: []Kind{General, Rook, Bishop, Knight},
		Castlings: []Castling{
			StdCastling(0, 4, 7, 6, 5, 'K'), StdCastling(0, 4, 0, 2, 3, 'Q'),
			StdCastling(0, 3, 0, 1, 2, 'A'), StdCastling(0, 3, 7, 5, 4, 'H'),
			StdCastling(1, 4, 7, 6, 5, 'k'), StdCastling(1, 4, 0, 2, 3, 'q'),
			StdCastling(1, 3, 0, 1, 2, 'a'), StdCastling(1, 3, 7, 5, 4, 'h'),
		},
		EnPassant: true,
	}
	unsafeRules = &Rules{
		Armies:     2,
		Promotions: ChessRules.Promotions,
		Castlings:  ChessRules.Castlings,
		Royal:      King,
	}
)

var genCases = []struct {
	name, fen string
	rules     *Rules
}{
	{"start", StartFEN, ChessRules},
	{"kiwipete", perftTable[1].fen, ChessRules},
	{"position3", perftTable[2].fen, ChessRules},
	{"position4", perftTable[3].fen, ChessRules},
	{"position5", perftTable[4].fen, ChessRules},
	{"fairy", "rnbakgnr/pppppppp/8/8/8/8/PPPPPPPP/RNGAKBNR w KQkq - 0 1", fairyRules},
	{"korona", "rnbdkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBDKBNR w KQAHkqah - 0 1", noCheckRules},
	{"stones", "r2dk2r/ppp1pppp/2s5/3x4/4S3/8/PPPP1PPP/R2DK2R w KQAHkqah - 0 1", noCheckRules},
	{"unsafe", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", unsafeRules},
	{"crownless", "4k3/1P6/8/3C4/8/8/6p1/4K3 w - - 0 1", fairyRules},
}

func sameMoves(t *testing.T, what string, p *Position, got, want []Move) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Fatalf("%s of %s (%s to move):\n got %v\nwant %v", what, p.Placement(), p.Geo.CellName(p.EP), got, want)
	}
}

// checkGen compares both generators on p, and on a copy written by hand.
func checkGen(t *testing.T, p *Position, rng *rand.Rand) {
	t.Helper()
	sameMoves(t, "Generate", p, p.Generate(nil), p.generateCells(nil))
	sameMoves(t, "Legal", p, p.Legal(nil), p.legalByTrial(nil))
	if rng.IntN(8) == 0 { // Cells written by hand: the sets are stale
		q := *p
		c := Cell(rng.IntN(64))
		if q.Cells[c].Kind() != King {
			q.Cells[c] = 0
		}
		sameMoves(t, "Generate by hand", &q, q.Generate(nil), q.generateCells(nil))
		sameMoves(t, "Legal by hand", &q, q.Legal(nil), q.legalByTrial(nil))
	}
}

func TestGen8SameAsCells(t *testing.T) {
	t.Parallel()
	for _, tc := range genCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			start, err := ParseFEN(tc.fen, tc.rules)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(7, uint64(len(tc.name))))
			for game := 0; game < 60; game++ {
				p := start
				for ply := 0; ply < 120; ply++ {
					checkGen(t, &p, rng)
					moves := p.Legal(nil)
					if len(moves) == 0 {
						break
					}
					p.Apply(moves[rng.IntN(len(moves))])
				}
			}
		})
	}
}

// TestGen8RandomBoards fills boards with men of every kind at random,
// pawns on every rank, a king or two or none, now and then a man of a
// third army, and en passant squares where the rules allow one.
func TestGen8RandomBoards(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 12))
	rules := []*Rules{ChessRules, fairyRules, noCheckRules, unsafeRules}
	for i := 0; i < 20000; i++ {
		p := randomBoard(rng, rules[i%len(rules)])
		checkGen(t, &p, rng)
	}
}

func randomBoard(rng *rand.Rand, r *Rules) Position {
	p := NewPosition(Standard, r)
	for range 4 + rng.IntN(24) {
		k := King + Kind(rng.IntN(int(numKinds-1)))
		if k == King && rng.IntN(3) != 0 {
			k = Pawn
		}
		p.Put(Cell(rng.IntN(64)), NewMan(Army(rng.IntN(2)), k))
	}
	for a := range Army(2) {
		if rng.IntN(6) != 0 {
			p.Put(Cell(rng.IntN(64)), NewMan(a, King))
		}
	}
	if rng.IntN(50) == 0 { // a man of a third army: the table-driven generator serves it
		p.Put(Cell(rng.IntN(64)), NewMan(2, Rook))
	}
	p.ToMove = Army(rng.IntN(2))
	p.Rights = uint16(rng.IntN(1 << len(r.Castlings)))
	if c := Cell(16 + rng.IntN(32)); r.EnPassant && rng.IntN(3) == 0 {
		p.EP, p.EPVictim = c, c+8
		if RankOf(c) >= 4 {
			p.EPVictim = c - 8
		}
	}
	p.FindKings()
	return p
}
