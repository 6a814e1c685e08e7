package referee

import (
	"strings"

	"umpire/referee/board"
)

// Reasons an impossible grow gives its sender (progressive.md 3.2): safe to
// show, as they rest on the seat's own men.
const (
	ReasonGrowPawn  = "grow-pawn"  // no pawn of the seat on the square, or it grows already
	ReasonGrowPiece = "grow-piece" // a pawn grows into N, B, R or Q only
)

// parseGrow reads the body of a grow action (the salt taken off):
// `grow SQUARE PIECE`. It returns the square, the kinds the piece letter
// names in the notation language lang (D: the queen or the dame), and false when
// the text is no grow action.
func parseGrow(body, lang string) (board.Cell, []board.Kind, bool) {
	f := strings.Fields(body)
	if len(f) != 3 || !strings.EqualFold(f[0], "grow") {
		return board.NoCell, nil, false
	}
	c, rest, ok := readSquare(f[1], true)
	if !ok || rest != "" {
		return board.NoCell, nil, false
	}
	kinds := promotionKinds(f[2], lang)
	if strings.EqualFold(f[2], "A") {
		kinds = append(kinds, board.Amazon)
	}
	if len(kinds) == 0 {
		return board.NoCell, nil, false
	}
	return c, kinds, true
}

// growAction seals a seat's choice of growing pawn (3.2–3.4): `grow b2 N`.
// The readings of the letter other than N, B, R, Q drop out; none left, or
// no pawn of the seat on the square, is impossible.
func (g *progressive) growAction(a Action, us board.Army) Ruling {
	body, salt, err := splitSalt(a.Text, a.Salt)
	if err != nil {
		return Refuse(ReasonUnreadable)
	}
	c, kinds, ok := parseGrow(body, a.Notation)
	if !ok {
		return Refuse(ReasonUnreadable)
	}
	piece := board.NoKind
	for _, k := range kinds {
		if growTurns[k] > 0 {
			piece = k
		}
	}
	p := &g.t.pos
	if piece == board.NoKind || p.Cells[c] != board.NewMan(us, board.Pawn) {
		r := impossibleFor(a.Seat)
		r.Reason = ReasonGrowPiece
		if p.Cells[c] != board.NewMan(us, board.Pawn) {
			r.Reason = ReasonGrowPawn
		}
		return r
	}
	secret := p.Geo.CellName(c) + "=" + string(piece.Letter())
	i, commit := g.notes.seal(a.Seat, "grow", secret, salt)
	g.grow[us] = &growth{cell: c, piece: piece, note: i}
	g.latest[us] = i
	g.since[us] = 0
	for x := range p.Geo.Len() {
		if p.Cells[x] == board.NewMan(us, board.Pawn) {
			g.since[us] |= 1 << x
		}
	}
	p.Cells[c] = board.NewMan(us, board.Stone)
	r := Ruling{Verdict: Accepted, Said: []Announcement{commit}}
	r.Said = append(r.Said, g.exposures()...)
	r.Said = append(r.Said, g.settle()...)
	return r
}

// tick ends a turn of army a for its growing pawn (3.5–3.6): the count goes
// up, and on reaching the piece's number the pawn becomes the piece, with
// `converted` and the note's reveal. A corner pawn growing into anything
// but a rook takes its castling letter with it (5.3).
func (g *progressive) tick(a board.Army) []Announcement {
	gr := g.grow[a]
	if gr == nil {
		return nil
	}
	gr.count++
	if gr.count < growTurns[gr.piece] {
		return nil
	}
	p := &g.t.pos
	p.Cells[gr.cell] = board.NewMan(a, gr.piece)
	p.Halfmove = 0
	if gr.piece != board.Rook {
		for i, c := range p.Rules.Castlings {
			if c.Rook == gr.cell {
				p.Rights &^= 1 << i
			}
		}
	}
	g.grow[a] = nil
	said := []Announcement{Say("converted", Both(), "square", p.Geo.CellName(gr.cell), "piece", string(gr.piece.Letter()))}
	return append(said, g.notes.open(gr.note)...)
}

// exposures opens every sealed growing pawn that has the enemy king next
// to it (3.9): `exposed` with the turns left, and the reveal.
func (g *progressive) exposures() []Announcement {
	var out []Announcement
	p := &g.t.pos
	for a, gr := range g.grow {
		if gr == nil || g.notes.isOpen(gr.note) {
			continue
		}
		k := p.King[1-a]
		if k == board.NoCell || !kingNeighbours(k, gr.cell) {
			continue
		}
		out = append(out, Say("exposed", Both(), "square", p.Geo.CellName(gr.cell),
			"piece", string(gr.piece.Letter()), "left", growTurns[gr.piece]-gr.count))
		out = append(out, g.notes.open(gr.note)...)
	}
	return out
}

// kingNeighbours reports whether two 8×8 cells are a king's step apart.
func kingNeighbours(a, b board.Cell) bool {
	df, dr := board.FileOf(a)-board.FileOf(b), board.RankOf(a)-board.RankOf(b)
	return a != b && df >= -1 && df <= 1 && dr >= -1 && dr <= 1
}

// endTurn finishes a turn of army a that was a move: the growing count,
// exposures, the position counted, checks, then whatever follows (settle).
func (g *progressive) endTurn(a board.Army) []Announcement {
	said := g.tick(a)
	said = append(said, g.exposures()...)
	g.turns++
	g.seen[g.key()]++
	said = append(said, checks(&g.t.pos, Both())...)
	return append(said, g.settle()...)
}

// settle judges the position for the side to move (§4, §6): mate, the
// automatic draws, a choice owed, and passes. A side with no legal move
// and not in check passes; passes run on inside one ruling until a seat
// can act, owes a choice, or the game ends. Decision: a side without a
// legal move while in check is mated at once, before any choice it owes —
// a growing pawn only takes moves away, so no choice could save it.
func (g *progressive) settle() []Announcement {
	var said []Announcement
	for {
		p := &g.t.pos
		side := p.ToMove
		legal := len(p.Legal(nil)) > 0
		switch {
		case !legal && p.InCheck():
			g.t.end(winFor(seatOf(1-side)), "checkmate")
		case g.insufficient():
			g.t.end("1/2-1/2", "insufficient-material")
		case g.seen[g.key()] >= 3:
			g.t.end("1/2-1/2", "repetition")
		case p.Halfmove >= 100:
			g.t.end("1/2-1/2", "fifty-move")
		case g.owes(side) || legal:
			return said
		case g.lastPass && g.grow[0] == nil && g.grow[1] == nil:
			said = append(said, Say("pass", Both(), "seat", string(seatOf(side))))
			g.t.end("1/2-1/2", "stalemate")
		}
		if g.t.result != "" {
			return append(said, g.ending()...)
		}
		said = append(said, g.pass(side)...)
	}
}

// pass hands the turn on for a side that cannot move (4.3); the pass is a
// turn of that side. It counts towards a stalemate (6.2) only when no pawn
// grows as it is made: a pass that ends with the passer's pawn converting
// was still made while it grew.
func (g *progressive) pass(side board.Army) []Announcement {
	p := &g.t.pos
	said := []Announcement{Say("pass", Both(), "seat", string(seatOf(side)))}
	g.lastPass = g.grow[0] == nil && g.grow[1] == nil
	p.ToMove = 1 - side
	p.EP, p.EPVictim = board.NoCell, board.NoCell
	p.Halfmove++
	if side == 1 {
		p.Fullmove++
	}
	said = append(said, g.tick(side)...)
	said = append(said, g.exposures()...)
	g.turns++
	g.seen[g.key()]++
	return append(said, checks(p, Both())...)
}

// insufficient reports that neither side has a pawn, growing or not, and
// neither has the material to mate (6.1), each side judged alone.
func (g *progressive) insufficient() bool {
	var knights, bishops [2]int
	var light, dark [2]bool
	p := &g.t.pos
	for c := range p.Geo.Len() {
		m := p.Cells[c]
		switch m.Kind() {
		case board.NoKind, board.King:
		case board.Knight:
			knights[m.Army()]++
		case board.Bishop:
			bishops[m.Army()]++
			if (board.FileOf(board.Cell(c))+board.RankOf(board.Cell(c)))%2 == 0 {
				dark[m.Army()] = true
			} else {
				light[m.Army()] = true
			}
		default:
			return false
		}
	}
	for a := range 2 {
		if knights[a] > 1 || knights[a] == 1 && bishops[a] > 0 || light[a] && dark[a] {
			return false
		}
	}
	return true
}
