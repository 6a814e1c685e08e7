package referee

import "umpire/referee/board"

// Plain chess under the FIDE laws: the baseline, and the oracle for the
// other variants. Nothing is hidden. The umpire applies checkmate,
// stalemate, insufficient material, threefold repetition and the fifty-move
// rule itself; nobody claims.

// Chess is plain chess, for the record and for testing the board.
var Chess = &Variant{Key: "chess", Seats: TwoSeats, Perft: perft8x8(board.ChessRules, false), New: newChess}

type chess struct {
	duel
}

func newChess(o Options) (Game, error) {
	t, err := newTable(o, board.ChessRules, true, "chess")
	if err != nil {
		return nil, err
	}
	g := &chess{duel: duel{t: t}}
	g.j.add(Action{}, Ruling{Verdict: Accepted, Said: checks(&t.pos, Both())})
	return g, nil
}

// Play rules on one action. A move that no legal move matches is illegal;
// a move that several match (a promotion without a piece) is refused with
// the readings.
func (g *chess) Play(a Action) Ruling { return g.record(a, g.rule) }

func (g *chess) rule(a Action) Ruling {
	if r, done := g.opening(a); done {
		return r
	}
	rs, err := ParseMove(a.Text, a.Notation)
	tries, err := fullViewTries(&g.t.pos, g.t.pos.ToMove, rs, err, a.Text)
	if err != nil {
		return Refuse(ReasonUnreadable)
	}
	found := match(tries, g.t.pos.Legal(nil))
	switch len(found) {
	case 0:
		return Ruling{Verdict: Illegal, Said: []Announcement{Say("illegal", Only(a.Seat))}}
	case 1:
		return g.accept(a.Seat, found[0])
	}
	return Ruling{Verdict: Refused, Reason: ReasonAmbiguous, Readings: coords(g.t.pos.Geo, found)}
}

func (g *chess) accept(s Seat, m board.Move) Ruling {
	r := Ruling{Verdict: Accepted, Move: m.Coord(g.t.pos.Geo)}
	r.Said = captureSaid(&g.t.pos, m, Both(), true)
	g.t.play(m)
	g.offers.moved(s)
	r.Said = append(r.Said, checks(&g.t.pos, Both())...)
	if judge(g.t, endRules{}) {
		r.Said = append(r.Said, endSaid(g.t))
	}
	return r
}

// View shows everything to everyone: chess hides nothing.
func (g *chess) View(s Seat) View {
	b := g.t.godBoard()
	v := View{
		Variant: "chess", Seat: s, Bottom: bottom(s), Geometry: "8x8",
		Cells: cells(b), Board: b, Turn: g.t.turn(), Ply: len(g.t.moves),
		Result: g.t.result, Reason: g.t.reason,
		Checks: checkers(&g.t.pos),
		Said:   g.j.heard(s), Sheet: g.j.sheet(s, nil),
	}
	v.LastMove, v.Seen = openLastMoves(&g.j, s, moveCells, nil)
	v.InCheck, v.Mated = kingMarks(&g.t.pos, g.t.reason)
	return v
}

// bottom is the seat drawn at the bottom of a seat's picture.
func bottom(s Seat) Seat {
	if s == Black {
		return Black
	}
	return White
}
