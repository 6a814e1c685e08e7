package house

import (
	"slices"

	"umpire/referee"
	"umpire/referee/board"
)

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
	if _, ok := im.legal(&q, text); ok || !kingSafe(&q, im.us) {
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
	if _, ok := im.legal(&q, text); ok || !kingSafe(&q, im.us) {
		return false
	}
	*p = q
	return true
}

// freeKing moves the enemy king of p, whose men have no legal move there
// (the world stalemated or mated it, and the enemy moved all the same), to
// a cell drawn by the coin where it stands unattacked and can move, and
// reports whether it found one.
func (im *imagined) freeKing(p *board.Position) bool {
	them := im.us ^ 1
	from := p.King[them]
	if from == board.NoCell {
		return false
	}
	var cells []board.Cell
	for c := range board.Cell(64) {
		if p.At(c).Empty() && !p.Attacked(c, them) && (p.King[im.us] == board.NoCell || !near(c, p.King[im.us])) {
			cells = append(cells, c)
		}
	}
	im.rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	for _, c := range cells {
		q := *p
		q.Put(c, q.At(from))
		q.Put(from, board.Man(0))
		q.FindKings()
		if len(q.Legal(nil)) > 0 {
			*p = q
			return true
		}
	}
	return false
}

// kingSafe reports whether the army's king on p stands unattacked (or is
// not on the board).
func kingSafe(p *board.Position, a board.Army) bool {
	return p.King[a] == board.NoCell || !p.Attacked(p.King[a], a)
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
				if kingSteps(from, to) == d {
					out = append(out, shift{from, to})
				}
			}
		}
	}
	return out
}

// newsCodes are the codes of the umpire's pawn-try information.
var newsCodes = []string{"pawn-tries", "pawn-capture", "try-squares"}

// pawnNews is the pawn-try information among words, and whether there is
// any (english and berkeley give none after a move).
func pawnNews(words []referee.Announcement) (referee.Announcement, bool) {
	for _, a := range words {
		if slices.Contains(newsCodes, a.Code) {
			return a, true
		}
	}
	return referee.Announcement{}, false
}

// withoutNews is words less the pawn-try information.
func withoutNews(words []referee.Announcement) []referee.Announcement {
	return slices.DeleteFunc(slices.Clone(words), func(a referee.Announcement) bool { return slices.Contains(newsCodes, a.Code) })
}

// pawnTakes lists the seat's legal pawn captures on p, its turn: the pawn
// tries the umpire counts.
func pawnTakes(p *board.Position) []board.Move {
	var out []board.Move
	for _, m := range p.Legal(nil) {
		if p.At(m.From).Kind() == board.Pawn && board.FileOf(m.From) != board.FileOf(m.To) &&
			!slices.ContainsFunc(out, func(o board.Move) bool { return o.From == m.From && o.To == m.To }) {
			out = append(out, m)
		}
	}
	return out
}

// newsGap compares the seat's pawn captures on p with the news heard: how
// many more it needs (negative: fewer), and for try-squares the cell of a
// pawn that needs one (need) or must lose its own (lose), else NoCell.
func newsGap(p *board.Position, news referee.Announcement) (more int, need, lose board.Cell) {
	takes := pawnTakes(p)
	need, lose = board.NoCell, board.NoCell
	switch news.Code {
	case "pawn-tries":
		n, _ := news.Get("count").(int)
		return n - len(takes), need, lose
	case "pawn-capture":
		yes, _ := news.Get("yes").(bool)
		switch {
		case yes && len(takes) == 0:
			return 1, need, lose
		case !yes && len(takes) > 0:
			return -len(takes), need, lose
		}
		return 0, need, lose
	}
	sq, _ := news.Get("squares").([]string)
	for _, name := range sq {
		c, _ := board.Standard.Lookup(name)
		if !slices.ContainsFunc(takes, func(m board.Move) bool { return m.From == c }) {
			return 1, c, lose
		}
	}
	for _, m := range takes {
		if !slices.Contains(sq, board.Standard.CellName(m.From)) {
			return -1, need, m.From
		}
	}
	return 0, need, lose
}

// fitNews mends p, the seat's turn after an enemy move, so that its pawn
// captures agree with the pawn-try information heard: an enemy man (the
// king apart) is brought onto a cell a pawn of the seat's takes on, or
// set aside from one. It reports whether they agree after at most a few
// such steps.
func (im *imagined) fitNews(p *board.Position, heard []referee.Announcement) bool {
	news, ok := pawnNews(heard)
	if !ok {
		return false
	}
	q := *p
	for range 4 {
		more, need, lose := newsGap(&q, news)
		switch {
		case more == 0:
			*p = q
			return true
		case more > 0 && !im.bringTarget(&q, more, need):
			return false
		case more < 0 && !im.dropTarget(&q, lose):
			return false
		}
	}
	return false
}

// bringTarget brings the nearest enemy man onto an empty cell a pawn of
// the seat's (the one on need, if given) takes on, adding no more than
// more captures.
func (im *imagined) bringTarget(p *board.Position, more int, need board.Cell) bool {
	before := len(pawnTakes(p))
	var cells []board.Cell
	for c := range board.Cell(64) {
		m := p.At(c)
		if m.Empty() || m.Army() != im.us || m.Kind() != board.Pawn || need != board.NoCell && c != need {
			continue
		}
		for _, t := range p.Geo.PawnCapture[im.us][c] {
			if p.At(t).Empty() {
				cells = append(cells, t)
			}
		}
	}
	for _, s := range nearestFirst(p, im.us^1, cells) {
		q := *p
		man := q.At(s.from)
		q.Put(s.from, board.Man(0))
		q.Put(s.to, man)
		q.EP, q.EPVictim = board.NoCell, board.NoCell
		if n := len(pawnTakes(&q)) - before; n > 0 && n <= max(more, 1) && kingSafe(&q, im.us) {
			*p = q
			return true
		}
	}
	return false
}

// dropTarget sets aside an enemy man (the king apart) a pawn of the seat's
// (the one on lose, if given) takes, off every cell its pawns take on.
func (im *imagined) dropTarget(p *board.Position, lose board.Cell) bool {
	takes := pawnTakes(p)
	var skip []board.Cell
	for c := range board.Cell(64) {
		if m := p.At(c); !m.Empty() && m.Army() == im.us && m.Kind() == board.Pawn {
			skip = append(skip, p.Geo.PawnCapture[im.us][c]...)
		}
	}
	for _, m := range takes {
		at := p.Captured(m)
		if lose != board.NoCell && m.From != lose || at == board.NoCell || p.At(at).Kind() == board.King {
			continue
		}
		q := *p
		man := q.At(at)
		q.Put(at, board.Man(0))
		q.EP, q.EPVictim = board.NoCell, board.NoCell
		aside(&q, man, at, append(skip, at))
		if len(pawnTakes(&q)) < len(takes) && kingSafe(&q, im.us) {
			*p = q
			return true
		}
	}
	return false
}
