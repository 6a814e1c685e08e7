package board

// Perft counts the leaf nodes of the move tree to the given depth, moves as
// Legal lists them. With endAtKing a move that captures a King ends its line:
// it counts as a leaf at depth 1 and adds nothing below (dark chess).
func Perft(p *Position, depth int, endAtKing bool) int64 {
	var stack [16][256]Move
	return perft(p, depth, endAtKing, &stack, 0)
}

func perft(p *Position, depth int, endAtKing bool, stack *[16][256]Move, ply int) int64 {
	if depth == 0 {
		return 1
	}
	moves := p.Legal(stack[ply%16][:0])
	if depth == 1 {
		return int64(len(moves))
	}
	var n int64
	for _, m := range moves {
		if endAtKing && m.Flag != Castle && p.Cells[m.To].Kind() == King {
			continue
		}
		q := *p
		q.Apply(m)
		n += perft(&q, depth-1, endAtKing, stack, ply+1)
	}
	return n
}
