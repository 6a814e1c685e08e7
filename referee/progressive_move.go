package referee

import "umpire/referee/board"

// move rules on a move try (progressive.md 7.4). The mover sees every man
// but cannot tell the enemy's growing pawn from the other pawns, so the try
// is judged against what it could be: the true position and, while the
// enemy's latest note is sealed, the positions where one candidate — an
// enemy pawn that has stood still since that note — is the growing one. A
// try legal on the umpire's board is played; one legal only under another
// candidate is illegal; one legal under none is impossible. A pawn reaching
// the last rank becomes a terminator, written or not (2.2).
func (g *progressive) move(s Seat, us board.Army, text, lang string) Ruling {
	p := &g.t.pos
	rs, err := readFairy(text, lang, progressiveLetters, board.NoKind)
	tries, err := fullViewTries(p, us, rs, err, text)
	if err != nil {
		return Refuse(ReasonUnreadable)
	}
	truth := p.Legal(nil)
	possible := append([]board.Move(nil), truth...)
	for _, q := range g.models(us) {
		for _, m := range q.Legal(nil) {
			if !hasMove(possible, m) {
				possible = append(possible, m)
			}
		}
	}
	found := matchPromo(tries, possible, board.Amazon)
	switch {
	case len(found) > 1:
		return Ruling{Verdict: Refused, Reason: ReasonAmbiguous, Readings: coords(p.Geo, found)}
	case len(found) == 0:
		return impossibleFor(s)
	case !hasMove(truth, found[0]):
		return Ruling{Verdict: Illegal, Said: []Announcement{Say("illegal", Only(s))}}
	}
	return g.accept(s, us, found[0])
}

// hasMove reports whether list holds m.
func hasMove(list []board.Move, m board.Move) bool {
	for _, x := range list {
		if x == m {
			return true
		}
	}
	return false
}

// models are the positions the mover cannot tell from the true one: for
// each candidate (7.4), the true position with the enemy's growing pawn an
// ordinary pawn and the candidate growing instead. None when the enemy's
// latest note is open or there is none.
func (g *progressive) models(us board.Army) []board.Position {
	them := 1 - us
	if g.latest[them] < 0 || g.notes.isOpen(g.latest[them]) {
		return nil
	}
	base := g.t.pos
	if gr := g.grow[them]; gr != nil {
		base.Cells[gr.cell] = board.NewMan(them, board.Pawn)
	}
	var out []board.Position
	for c := range base.Geo.Len() {
		if g.since[them]&(1<<c) == 0 || base.Cells[c] != board.NewMan(them, board.Pawn) {
			continue
		}
		q := base
		q.Cells[c] = board.NewMan(them, board.Stone)
		out = append(out, q)
	}
	return out
}

// accept plays a move: the capture (a captured growing pawn leaves its
// owner to choose anew, its note sealed: 3.10), then the end of the turn.
func (g *progressive) accept(s Seat, us board.Army, m board.Move) Ruling {
	p := &g.t.pos
	r := Ruling{Verdict: Accepted, Move: m.Coord(p.Geo)}
	them := 1 - us
	if victim := p.Captured(m); victim != board.NoCell {
		if gr := g.grow[them]; gr != nil && gr.cell == victim {
			g.grow[them] = nil
		}
		g.since[them] &^= 1 << victim
	}
	g.since[us] &^= 1 << m.From
	r.Said = captureSaid(p, m, Both(), false)
	g.t.play(m)
	g.offers.moved(s)
	g.lastPass = false
	r.Said = append(r.Said, g.endTurn(us)...)
	return r
}
