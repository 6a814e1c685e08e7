package house

import (
	"math/rand/v2"
	"testing"

	"umpire/referee"
	"umpire/referee/board"
)

// ending plays a king and a piece of kind against a lone king that steps
// at random, the seat hunting it at level l from its cells alone (kingTrack,
// every cell the piece and king leave it at the start), as the umpire
// would tell it; it returns how it ended ("mate", "stalemate", "lost" the
// piece, "fifty" moves, "stuck") and after how many plies.
func ending(kind board.Kind, seed uint64, l Level) (string, int) {
	rng := rand.New(rand.NewPCG(seed, 99))
	god := board.NewPosition(board.Standard, board.ChessRules)
	for {
		k, p, e := board.Cell(rng.IntN(64)), board.Cell(rng.IntN(64)), board.Cell(rng.IntN(64))
		god = board.NewPosition(board.Standard, board.ChessRules)
		god.Put(k, board.NewMan(0, board.King))
		god.Put(p, board.NewMan(0, kind))
		god.Put(e, board.NewMan(1, board.King))
		god.FindKings()
		if valid(k, p, e) && !god.Attacked(e, 1) {
			break
		}
	}
	own := god
	own.Put(god.King[1], board.Man(0))
	own.FindKings()
	track := kingTrack{pos: own, seen: map[[64]board.Man]int{}}
	for c := range board.Cell(64) {
		if own.At(c).Empty() && !own.Attacked(c, 1) {
			track.cells.Set(c)
		}
	}
	for ply := 0; ply < 100; ply += 2 {
		s := sight{v: referee.View{Variant: "kriegspiel", Rules: "wild16", Ply: ply}, us: 0, pos: track.pos}
		played := ""
		for _, text := range hunt(&s, track, seed, l, nil) {
			if m, ok := find(&god, text); ok {
				god.Apply(m)
				played = text
				break
			}
		}
		if played == "" {
			return "stuck", ply
		}
		checked := god.InCheck()
		track.ourMove(referee.SheetLine{Text: played}, 0, checked, true)
		track.seen[placement(&track.pos, 0)]++
		replies := god.Legal(nil)
		switch {
		case len(replies) == 0 && checked:
			return "mate", ply + 1
		case len(replies) == 0:
			return "stalemate", ply + 1
		}
		r := replies[rng.IntN(len(replies))]
		if god.Captured(r) != board.NoCell {
			return "lost", ply + 2
		}
		god.Apply(r)
		track.enemyMoved("?", true, 0)
	}
	return "fifty", 100
}

// find is the legal move of p written text.
func find(p *board.Position, text string) (board.Move, bool) {
	for _, m := range p.Legal(nil) {
		if m.Coord(board.Standard) == text {
			return m, true
		}
	}
	return board.Move{}, false
}

// TestHuntMates plays endings of king and queen, and of king and rook,
// against a lone king the seat cannot see: never a stalemate, never the
// piece lost, and mostly mate within fifty moves.
func TestHuntMates(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		kind  board.Kind
		mates int // of 12, at least
	}{{"queen", board.Queen, 10}, {"rook", board.Rook, 6}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ends := map[string]int{}
			for seed := range uint64(12) {
				end, _ := ending(c.kind, seed+1, Level2)
				ends[end]++
			}
			if ends["mate"] < c.mates || ends["stalemate"]+ends["lost"]+ends["stuck"] > 0 {
				t.Errorf("12 endings: %v; want %d mates or more, no stalemate, no piece lost", ends, c.mates)
			}
		})
	}
}
