package house

import "umpire/referee/board"

// Mending a world by the seat's own tries. A try the umpire ruled illegal
// tells the seat something of the enemy's men: a man stands in its way,
// or none where its pawn would take; one he accepted, that none stood in
// its way and none attacks its king after it. A world that does not
// explain such a ruling used to count it as a miss for ever (the worlds of
// a long game came to miss hundreds of rulings, and the likeliest of them
// said little of the board); now the world is mended where the ruling is:
// the enemy's man nearest to an illegal try's path is set in its way, the
// man its pawn would take is set aside, and the men in the way of an
// accepted move, or attacking the seat's king after it, are set aside. A
// mended world explains every ruling so far, as a world the enemy's moves
// had led there would, and the worlds stay near the board.

// unblock mends p, the seat's turn, so that its accepted move text is
// legal there: the enemy's men in its way, and those that would attack
// the seat's king after it, are set aside. It reports whether it changed
// p.
func (im *imagined) unblock(p *board.Position, text string) bool {
	from, ok1 := board.Standard.Lookup(text[:2])
	to, ok2 := board.Standard.Lookup(text[2:4])
	if !ok1 || !ok2 {
		return false
	}
	path := between(from, to)
	q := *p
	moved := false
	for _, c := range path[:len(path)-1] {
		if m := q.At(c); !m.Empty() && m.Army() != im.us && m.Kind() != board.King {
			q.Put(c, board.Man(0))
			aside(&q, m, c, path)
			moved = true
		}
	}
	if _, ok := im.legal(&q, text); !ok {
		moved = im.unpin(&q, text, path) || moved
	}
	if moved {
		*p = q
	}
	return moved
}

// unpin sets aside the enemy men (kings apart) that would attack the
// seat's king after its move text on p, and reports whether there were
// any.
func (im *imagined) unpin(p *board.Position, text string, path []board.Cell) bool {
	after := *p
	found := false
	for _, m := range after.Generate(nil) {
		if m.Coord(board.Standard) == text {
			after.Apply(m)
			found = true
			break
		}
	}
	king := after.King[im.us]
	if !found || king == board.NoCell {
		return false
	}
	moved := false
	for _, a := range after.Attackers(king, im.us) {
		if m := p.At(a); !m.Empty() && m.Army() != im.us && m.Kind() != board.King {
			p.Put(a, board.Man(0))
			aside(p, m, a, attackCells(&after, m, king, append(path, a, king)))
			moved = true
		}
	}
	return moved
}

// attackCells adds to skip the cells from which a man like m would attack
// the king's cell on p: where a pinning man must not be set aside to.
func attackCells(p *board.Position, m board.Man, king board.Cell, skip []board.Cell) []board.Cell {
	for c := range board.Cell(64) {
		if !p.At(c).Empty() {
			continue
		}
		q := *p
		q.Put(c, m)
		for _, a := range q.Attackers(king, m.Army()^1) {
			if a == c {
				skip = append(skip, c)
			}
		}
	}
	return skip
}

// block mends p, the seat's turn, so that its try text is not legal there,
// and reports whether it could. It moves one enemy man other than the
// king, and never so that the seat's king stands attacked.
func (im *imagined) block(p *board.Position, text string) bool {
	m, ok := im.legal(p, text)
	if !ok {
		return true
	}
	man := p.At(m.From)
	switch {
	case man.Kind() == board.Pawn && board.FileOf(m.From) != board.FileOf(m.To):
		return im.clear(p, m, text)
	case man.Kind() == board.King || man.Kind() == board.Knight:
		return false // illegal by an attack or a pin, which no one man's step explains
	}
	path := between(m.From, m.To)
	if man.Kind() != board.Pawn {
		path = path[:len(path)-1] // a man on the last cell would be taken, not in the way
	}
	for _, c := range nearestFirst(p, im.us^1, path) {
		if im.setIn(p, c.from, c.to, text) {
			return true
		}
	}
	return false
}

// clear sets aside the enemy man a pawn's try would take.
func (im *imagined) clear(p *board.Position, m board.Move, text string) bool {
	at := p.Captured(m)
	if at == board.NoCell || p.At(at).Kind() == board.King {
		return false
	}
	q := *p
	man := q.At(at)
	q.Put(at, board.Man(0))
	q.EP, q.EPVictim = board.NoCell, board.NoCell
	aside(&q, man, at, []board.Cell{m.To, at})
	if _, ok := im.legal(&q, text); ok || q.King[im.us] != board.NoCell && q.Attacked(q.King[im.us], im.us) {
		return false
	}
	*p = q
	return true
}

// setIn moves the enemy man on from to cell to, if the try is then not
// legal and the seat's king not attacked.
func (im *imagined) setIn(p *board.Position, from, to board.Cell, text string) bool {
	q := *p
	man := q.At(from)
	q.Put(from, board.Man(0))
	q.Put(to, man)
	if _, ok := im.legal(&q, text); ok || q.King[im.us] != board.NoCell && q.Attacked(q.King[im.us], im.us) {
		return false
	}
	*p = q
	return true
}

// shift is an enemy man's way to a cell of a path.
type shift struct{ from, to board.Cell }

// nearestFirst lists, for the cells of a path, the enemy men (kings
// apart, pawns only off the last ranks) nearest to each, nearest first.
func nearestFirst(p *board.Position, them board.Army, path []board.Cell) []shift {
	var out []shift
	for d := 0; d < 8 && len(out) < 4; d++ {
		for _, to := range path {
			for from := range board.Cell(64) {
				man := p.At(from)
				if man.Empty() || man.Army() != them || man.Kind() == board.King ||
					man.Kind() == board.Pawn && (board.RankOf(to) == 0 || board.RankOf(to) == 7) {
					continue
				}
				if max(abs(board.FileOf(from)-board.FileOf(to)), abs(board.RankOf(from)-board.RankOf(to))) == d {
					out = append(out, shift{from, to})
				}
			}
		}
	}
	return out
}
