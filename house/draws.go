package house

import "umpire/referee/board"

// Draws thrown away. Against a weak enemy the house's worst result is not
// a loss but a draw it walked into: a pawn made a knight or a bishop (the
// house fearing a stalemate that a queen might give), which leaves too
// little to mate with; a placement of its men repeated a third time, which
// the enemy's shuffling king repeats with it; fifty moves with no capture
// and no pawn moved while the house looks for the king. drawRisk is what a
// Kriegspiel move costs for these, in the scale of the worlds' judge
// (mateScore a mate); the hunt weighs them in its own scale.

// drawRisk is the cost of move m for the draws it risks: an
// underpromotion costs more than any stalemate risked by a queen, a third
// standing of the same placement a quarter of a win, an earlier one a
// little (the back-and-forth that leads to it). Late in a quiet spell a
// pawn's move earns something back instead: it starts the fifty-move
// count again.
func drawRisk(k *kingTrack, p *board.Position, us board.Army, m board.Move) int {
	cost := 0
	if underpromotes(m) {
		cost += 2 * mateScore
	}
	if k == nil {
		return cost
	}
	switch r := k.repeats(p, us, m); {
	case r >= 2:
		cost += mateScore / 4
	case r == 1:
		cost += 20
	}
	return cost - fiftyReset(k, p, m)
}

// fiftyReset is what move m earns for starting the fifty-move count
// again (a pawn's move): nothing early in a quiet spell, then the more,
// the nearer the draw.
func fiftyReset(k *kingTrack, p *board.Position, m board.Move) int {
	switch {
	case k.quiet < fiftyNear || p.At(m.From).Kind() != board.Pawn:
		return 0
	case k.quiet < fiftyLast:
		return 5 * (k.quiet - fiftyNear + 10)
	}
	return mateScore * (k.quiet - fiftyLast + 2) / 24 // the draw is a few moves off: worth a risk of stalemate
}

// fiftyNear is the quiet plies from which a pawn's move is worth making
// for its own sake: thirty moves of the fifty (a hundred plies); from
// fiftyLast on it is worth most of a win.
const (
	fiftyNear = 60
	fiftyLast = 90
)

// underpromotes reports whether m makes a pawn a knight or a bishop.
func underpromotes(m board.Move) bool {
	return m.Promo == board.Knight || m.Promo == board.Bishop
}

// walled counts the cells of k on which move m could stalemate the
// enemy king through its own pawns: the king not in check, and each cell
// it could step to one where an enemy pawn would stand frozen, a man of
// the seat's right in front of it and none to take, with no more such
// cells than the enemy has men beside its king. The board p holds only
// the seat's men; the hunt's count (against) sees the empty cells as free.
func walled(p *board.Position, us board.Army, m board.Move, k cellSet, men int) int {
	if men == 0 {
		return 0
	}
	q := *p
	q.Apply(m)
	n := 0
	for c := range board.Cell(64) {
		if !k.Has(c) || !legalAgainst(p, us, m, c) || q.Attacked(c, us^1) {
			continue
		}
		free, frozen := 0, 0
		for _, x := range board.Standard.King[c] {
			man := q.At(x)
			if !man.Empty() && man.Army() != us || q.Attacked(x, us^1) {
				continue
			}
			free++
			if man.Empty() && frozenPawn(&q, us, x) {
				frozen++
			}
		}
		if free > 0 && free == frozen && frozen <= men {
			n++
		}
	}
	return n
}

// frozenPawn reports whether an enemy pawn on cell n of p could not move:
// a man of the seat's stands in front of it and none on the cells it
// takes on.
func frozenPawn(p *board.Position, us board.Army, n board.Cell) bool {
	dir := 1 // the enemy is white: its pawns go up
	if us == 0 {
		dir = -1
	}
	f, r := board.FileOf(n), board.RankOf(n)
	if r == 0 || r == 7 {
		return false
	}
	if front := p.At(board.Sq(f, r+dir)); front.Empty() || front.Army() != us {
		return false
	}
	for _, df := range []int{-1, 1} {
		if f+df < 0 || f+df > 7 {
			continue
		}
		if x := p.At(board.Sq(f+df, r+dir)); !x.Empty() && x.Army() == us {
			return false
		}
	}
	return true
}
