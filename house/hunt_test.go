package house

import (
	"math/rand/v2"
	"slices"
	"testing"

	"umpire/referee"
	"umpire/referee/board"
)

// ending plays a king and men of kinds against a lone king that steps at
// random, the seat hunting it at level l from its cells alone (kingTrack,
// every cell the men and king leave it at the start), as the umpire would
// tell it. The king takes what it steps on, and the seat hears where; it
// returns how it ended ("mate", "stalemate", "lost" the last queen or
// rook, or the man when there was only one, "fifty" moves, "stuck") and
// after how many plies.
func ending(kinds []board.Kind, seed uint64, l Level) (string, int) {
	rng := rand.New(rand.NewPCG(seed, 99))
	var god board.Position
	for {
		god = board.NewPosition(board.Standard, board.ChessRules)
		cells := []board.Cell{board.Cell(rng.IntN(64))}
		for range kinds {
			cells = append(cells, board.Cell(rng.IntN(64)))
		}
		e := board.Cell(rng.IntN(64))
		if !apart(append(cells, e)) || near(cells[0], e) || pawnOnEdge(kinds, cells[1:]) {
			continue
		}
		god.Put(cells[0], board.NewMan(0, board.King))
		for i, kind := range kinds {
			god.Put(cells[i+1], board.NewMan(0, kind))
		}
		god.Put(e, board.NewMan(1, board.King))
		god.FindKings()
		if !god.Attacked(e, 1) {
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
		text := "?"
		if c := god.Captured(r); c != board.NoCell {
			text = "?x" + board.Standard.CellName(c)
		}
		god.Apply(r)
		track.enemyMoved(text, true, 0)
		if _, t := mater(&god, 0); text != "?" && (t == nil || len(kinds) == 1) {
			return "lost", ply + 2
		}
	}
	return "fifty", 100
}

// apart reports whether no two of cells are the same.
func apart(cells []board.Cell) bool {
	for i, c := range cells {
		if slices.Contains(cells[:i], c) {
			return false
		}
	}
	return true
}

// pawnOnEdge reports whether a pawn of kinds would stand on cells' first
// or last rank.
func pawnOnEdge(kinds []board.Kind, cells []board.Cell) bool {
	for i, k := range kinds {
		if r := board.RankOf(cells[i]); k == board.Pawn && (r == 0 || r == 7) {
			return true
		}
	}
	return false
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
// piece lost, and mostly mate within fifty moves. With a knight beside
// the queen or the rook, the king may take the knight: the hunt spends
// it rather than let it slow the mate, so the mates come no more seldom.
// A lone pawn is all the seat has to mate with: the hunt keeps it (and
// the queen it becomes) out of the king's reach before all else, and
// loses it seldom (with the pawn weighed by its worth alone, 5 times in
// these 24 endings, mating 14).
func TestHuntMates(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name    string
		kinds   []board.Kind
		endings uint64
		mates   int // at least
		lost    int // at most
	}{
		{"queen", []board.Kind{board.Queen}, 12, 10, 0},
		{"rook", []board.Kind{board.Rook}, 12, 6, 0},
		{"queen and knight", []board.Kind{board.Queen, board.Knight}, 24, 22, 0},
		{"rook and knight", []board.Kind{board.Rook, board.Knight}, 24, 18, 0},
		{"pawn", []board.Kind{board.Pawn}, 24, 17, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ends := map[string]int{}
			for seed := range c.endings {
				end, _ := ending(c.kinds, seed+1, Level2)
				ends[end]++
			}
			if ends["mate"] < c.mates || ends["lost"] > c.lost || ends["stalemate"]+ends["stuck"] > 0 {
				t.Errorf("%d endings: %v; want %d mates or more, no stalemate, the last man that mates lost %d times at most",
					c.endings, ends, c.mates, c.lost)
			}
		})
	}
}
