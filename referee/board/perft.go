package board

// Perft counts the leaf nodes of the move tree to the given depth, moves as
// Legal lists them. With endAtKing a move that captures a King ends its line:
// it counts as a leaf at depth 1 and adds nothing below (dark chess).
func Perft(p *Position, depth int, endAtKing bool) int64 {
	if depth <= 0 {
		return 1
	}
	t := &perftTree{endAtKing: endAtKing, plies: make([]perftPly, depth)}
	t.plies[0].pos = *p
	return t.count(0, depth)
}

// perftTree is one count's memory: a position and a move list for each
// ply, made once, so that a node allocates nothing.
type perftTree struct {
	endAtKing bool
	plies     []perftPly
}

type perftPly struct {
	pos   Position
	moves []Move // grown by Legal where it wants more, and kept
}

// count counts the leaves depth plies below the position of ply.
func (t *perftTree) count(ply, depth int) int64 {
	at := &t.plies[ply]
	at.moves = at.pos.Legal(at.moves[:0])
	moves := at.moves
	if depth == 1 {
		return int64(len(moves))
	}
	next := &t.plies[ply+1].pos
	var n int64
	for _, m := range moves {
		if t.endAtKing && m.Flag != Castle && at.pos.Cells[m.To].Kind() == King {
			continue
		}
		*next = at.pos
		next.Apply(m)
		n += t.count(ply+1, depth-1)
	}
	return n
}
