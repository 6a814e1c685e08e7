package house

import (
	"math/rand/v2"
	"testing"

	"umpire/referee"
	"umpire/referee/board"
)

// mendCases are worlds (white to move) and a try of white's: an illegal
// one the world allows (block makes it illegal), or an accepted one it
// does not (unblock makes it legal).
var mendCases = []struct {
	name, fen, try string
	accepted       bool
}{
	{"a man set in a rook's way", "4k3/8/8/7r/8/8/8/R3K3 w - - 0 1", "a1a8", false},
	{"a pawn's step blocked", "4k3/8/8/8/8/8/4P3/4K2n w - - 0 1", "e2e3", false},
	{"the man a pawn would take set aside", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", false},
	{"a man in the way of an accepted move set aside", "4k3/8/8/8/n7/8/8/R3K3 w - - 0 1", "a1a8", true},
	{"a pinning man set aside", "4k3/8/8/b7/8/8/3B4/4K3 w - - 0 1", "d2e3", true},
}

// TestMendWorlds: block and unblock mend a world so that it explains the
// ruling, keeping the enemy's men as many, the seat's king unattacked.
func TestMendWorlds(t *testing.T) {
	t.Parallel()
	for _, c := range mendCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p, err := board.ParseFEN(c.fen, board.ChessRules)
			if err != nil {
				t.Fatal(err)
			}
			im := &imagined{us: 0}
			men := count(&p, 1)
			if c.accepted {
				if !im.unblock(&p, c.try) {
					t.Fatalf("unblock %s: nothing moved", c.try)
				}
			} else if !im.block(&p, c.try) {
				t.Fatalf("block %s: no mend", c.try)
			}
			if _, legal := im.legal(&p, c.try); legal != c.accepted {
				t.Errorf("%s legal %v after the mend; want %v (%s)", c.try, legal, c.accepted, p.FEN())
			}
			if count(&p, 1) != men || p.Attacked(p.King[0], 0) {
				t.Errorf("the mend lost a man or attacks the king: %s", p.FEN())
			}
		})
	}
}

// count is how many men an army has on p.
func count(p *board.Position, a board.Army) int {
	n := 0
	for c := range board.Cell(64) {
		if m := p.At(c); !m.Empty() && m.Army() == a {
			n++
		}
	}
	return n
}

// TestFitNews: a world is mended to the pawn tries heard, more or fewer,
// in each rule set that tells them after a move.
func TestFitNews(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		fen  string
		news referee.Announcement
		want int // pawn captures after the mend
	}{
		{"4k2n/8/8/8/4P3/8/8/4K3 w - - 0 1", referee.Say("pawn-tries", nil, "count", 1), 1},
		{"4k3/8/8/3n1b2/4P3/8/8/4K3 w - - 0 1", referee.Say("pawn-tries", nil, "count", 0), 0},
		{"4k3/8/8/3n1b2/4P3/8/8/4K3 w - - 0 1", referee.Say("pawn-tries", nil, "count", 1), 1},
		{"4k2n/8/8/8/4P3/8/8/4K3 w - - 0 1", referee.Say("pawn-capture", nil, "yes", true), 1},
		{"4k3/8/8/8/1n2P2P/8/8/4K3 w - - 0 1", referee.Say("try-squares", nil, "squares", []string{"h4"}), 1},
	} {
		p, err := board.ParseFEN(c.fen, board.ChessRules)
		if err != nil {
			t.Fatal(err)
		}
		im := &imagined{us: 0}
		men := count(&p, 1)
		if !im.fitNews(&p, []referee.Announcement{c.news}) {
			t.Errorf("%s, %v: not mended", c.fen, c.news)
			continue
		}
		if n := len(pawnTakes(&p)); n != c.want || count(&p, 1) != men || !kingSafe(&p, 0) {
			t.Errorf("%s, %v: %d pawn captures in %s; want %d, the men as many, the king safe", c.fen, c.news, n, p.FEN(), c.want)
		}
	}
}

// TestFreeKing: a world whose enemy king has no move (the enemy moved all
// the same) gets its king where it has one.
func TestFreeKing(t *testing.T) {
	t.Parallel()
	p, err := board.ParseFEN("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", board.ChessRules)
	if err != nil {
		t.Fatal(err)
	}
	im := &imagined{us: 0, rng: rand.New(rand.NewPCG(1, 2))}
	if !im.freeKing(&p) || len(p.Legal(nil)) == 0 || p.Attacked(p.King[1], 1) {
		t.Errorf("the king freed to %s", p.FEN())
	}
}

// TestOursRecasts: where the umpire said a pawn or a piece was taken, the
// world takes a man of that sort (recast), so that it keeps the enemy's
// pawns and pieces as many as the captures left.
func TestOursRecasts(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, fen, what string
		pawns, pieces   int // the enemy's after the seat's d1d5
	}{
		{"a pawn taken where the world has a knight", "4k3/p7/8/3n4/8/8/8/3QK3 w - - 0 1", "pawn", 0, 1},
		{"a piece taken where the world has a pawn", "4k3/8/6b1/3p4/8/8/8/3QK3 w - - 0 1", "piece", 1, 0},
		{"a pawn taken where the world has none", "4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1", "pawn", 0, 0},
		{"a piece taken where the world has only pawns", "4k3/p7/8/3p4/8/8/8/3QK3 w - - 0 1", "piece", 1, 0},
	}
	for _, c := range cases {
		p, err := board.ParseFEN(c.fen, board.ChessRules)
		if err != nil {
			t.Fatal(err)
		}
		im := whiteImagines(t, "wild16")
		heard := []referee.Announcement{referee.Say("capture", nil, "square", "d5", "what", c.what)}
		if miss := im.ours(&p, "d1d5", heard); miss == 0 {
			t.Errorf("%s: no miss counted for the mend", c.name)
		}
		pawns, pieces := 0, 0
		for x := range board.Cell(64) {
			switch m := p.At(x); {
			case m.Empty() || m.Army() != 1 || m.Kind() == board.King:
			case m.Kind() == board.Pawn:
				pawns++
			default:
				pieces++
			}
		}
		if pawns != c.pawns || pieces != c.pieces || p.At(board.Cell(35)).Kind() != board.Queen {
			t.Errorf("%s: the enemy keeps %d pawns and %d pieces (%s); want %d and %d", c.name, pawns, pieces, p.FEN(), c.pawns, c.pieces)
		}
	}
}
