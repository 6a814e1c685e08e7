package referee

import (
	"math/rand/v2"
	"slices"
	"testing"

	oracle "github.com/corentings/chess/v2"
)

// TestOracleChess plays random games with a fixed seed and compares every
// position with an independent implementation (corentings/chess): the same
// set of legal moves, the same check, and the same mate, stalemate and draw
// verdicts. It also covers positions with promotions, castling and en
// passant, since random games from the start reach them often enough.
func TestOracleChess(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	positions, want := 0, 2500
	if testing.Short() {
		want = 300
	}
	for game := 0; positions < want; game++ {
		positions += oracleGame(t, rng, game)
		if t.Failed() {
			return
		}
	}
}

// oracleGame plays one random game in both implementations and returns the
// number of positions compared.
func oracleGame(t *testing.T, rng *rand.Rand, game int) int {
	v, _ := Lookup("chess")
	g, _ := v.New(Options{})
	o := oracle.NewGame()
	for ply := 0; ; ply++ {
		c := g.(*chess)
		ours := coords(c.t.pos.Geo, c.t.pos.Legal(nil))
		var theirs []string
		for _, m := range o.ValidMoves() {
			theirs = append(theirs, m.String())
		}
		slices.Sort(ours)
		slices.Sort(theirs)
		if !slices.Equal(ours, theirs) {
			t.Fatalf("game %d ply %d %s: moves\n ours   %v\n theirs %v", game, ply, c.t.pos.FEN(), ours, theirs)
		}
		if in, want := c.t.pos.InCheck(), oracleInCheck(o); in != want {
			t.Fatalf("game %d ply %d %s: in check %v; oracle %v", game, ply, c.t.pos.FEN(), in, want)
		}
		_, reason := g.Result()
		if want := oracleVerdict(o); reason != want {
			t.Fatalf("game %d ply %d %s: verdict %q; oracle %q", game, ply, c.t.pos.FEN(), reason, want)
		}
		if reason != "" {
			return ply + 1
		}
		move := ours[rng.IntN(len(ours))]
		if r := g.Play(Action{Seat: g.Turn(), Text: move}); r.Verdict != Accepted {
			t.Fatalf("game %d ply %d: Play(%q) = %v", game, ply, move, r)
		}
		m, err := oracle.UCINotation{}.Decode(o.Position(), move)
		if err != nil {
			t.Fatal(err)
		}
		if err := o.Move(m, nil); err != nil {
			t.Fatal(err)
		}
	}
}

// oracleInCheck asks the oracle whether the side to move is in check: the
// last move carries the Check tag.
func oracleInCheck(o *oracle.Game) bool {
	moves := o.Moves()
	return len(moves) > 0 && moves[len(moves)-1].HasTag(oracle.Check)
}

// oracleVerdict turns the oracle's state into our end reasons, in our order:
// checkmate, stalemate, insufficient material, repetition, fifty moves.
func oracleVerdict(o *oracle.Game) string {
	switch o.Method() {
	case oracle.Checkmate:
		return "checkmate"
	case oracle.Stalemate:
		return "stalemate"
	case oracle.InsufficientMaterial:
		return "insufficient-material"
	}
	for _, d := range o.EligibleDraws() {
		if d == oracle.ThreefoldRepetition {
			return "repetition"
		}
	}
	for _, d := range o.EligibleDraws() {
		if d == oracle.FiftyMoveRule {
			return "fifty-move"
		}
	}
	return ""
}
