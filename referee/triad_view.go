package referee

import (
	"umpire/referee/board"
	"umpire/referee/tri"
)

// View shows everything to every seat (triad.md 4.1): only the side drawn
// at the bottom is the seat's own.
//
// Cells hold two bytes per cell in the order of package tri (third, rank
// 1–4, file a–h): the army letter (w, r, b) and the piece letter, or ".."
// for an empty cell; cell i is Cells[2i:2i+2]. The diplomatic state, which
// is public, is in Diplomacy. Spectators see the board from the side of the
// seat to move, God from white's.
func (g *triad) View(s Seat) View {
	b := g.Board()
	v := View{
		Variant: "triad", Seat: s, Bottom: g.triBottom(s), Geometry: "triad",
		Cells: triCells(&g.st.pos), Board: b, Turn: g.Turn(), Ply: g.ply,
		Result: g.result, Reason: g.reason,
		Checks: g.checkCells(s),
		Said:   g.j.heard(s), Sheet: g.j.sheet(s, nil),
		Diplomacy: g.diplomaticState(),
		InCheck:   g.kingsInCheck(),
	}
	v.LastMove, v.Seen = openLastMoves(&g.j, s, triMoveCells, nil)
	v.Offers = g.offersOf(s)
	return v
}

// offersOf are the offers seat s may make now (triad.md 3.9–3.10): to be
// the Lord, or the Servant, of each other seat, where the rules allow it
// and the same offer is not open already. Everything they rest on is
// public.
func (g *triad) offersOf(s Seat) []Offer {
	me := triSeat(s)
	if me == noSeat || g.result != "" || !g.st.hasKing(me) {
		return nil
	}
	var out []Offer
	for x := range tri.Armies {
		if g.offerWhy(me, x) == "" && g.findOffer(triOffer{lord: me, servant: x, by: me}) < 0 {
			out = append(out, Offer{Kind: OfferVassal, To: triSeats[x]})
		}
		if g.offerWhy(x, me) == "" && g.findOffer(triOffer{lord: x, servant: me, by: me}) < 0 {
			out = append(out, Offer{Kind: OfferLord, To: triSeats[x]})
		}
	}
	return out
}

// triBottom is the seat drawn at the bottom: the seat itself; for
// spectators and God white, for the whole game, so that a group chat's
// pictures keep one orientation and a cell stays where it was.
func (g *triad) triBottom(s Seat) Seat {
	if triSeat(s) != noSeat {
		return s
	}
	return White
}

// triCells writes the men two bytes a cell, in cell order.
func triCells(p *board.Position) []byte {
	out := make([]byte, 0, 2*tri.Cells)
	for c := 0; c < tri.Cells; c++ {
		out = append(out, tri.ManText(p.Cells[c])...)
	}
	return out
}

// triMoveCells splits a move in full names ("wd2wd4", "rc2rc1q") into its
// from and to cells.
func triMoveCells(coord string) []string {
	if len(coord) < 6 {
		return nil
	}
	return []string{coord[0:3], coord[3:6]}
}

// kingsInCheck lists the cells of the kings attacked by a hostile man: the
// board and every check are public (triad.md 4.1), so every seat sees them.
func (g *triad) kingsInCheck() []string {
	var out []string
	for x := 0; x < tri.Armies; x++ {
		if k := g.st.pos.King[x]; k != board.NoCell && len(g.st.hostileAttackers(k, x)) > 0 {
			out = append(out, tri.Name(k))
		}
	}
	return out
}

// checkCells lists the cells of the hostile men attacking seat s's king;
// for God and spectators, those attacking any king.
func (g *triad) checkCells(s Seat) []string {
	var out []string
	for x := 0; x < tri.Armies; x++ {
		k := g.st.pos.King[x]
		if k == board.NoCell || (triSeat(s) != noSeat && triSeat(s) != x) {
			continue
		}
		for _, c := range g.st.hostileAttackers(k, x) {
			out = append(out, tri.Name(c))
		}
	}
	return out
}

// diplomaticState lists who serves whom, the open windows and the Thrones of
// the armies whose king has left the board.
func (g *triad) diplomaticState() *Diplomacy {
	d := &Diplomacy{}
	for x := 0; x < tri.Armies; x++ {
		for l := 0; l < tri.Armies; l++ {
			if g.st.isLord(l, x) {
				d.Bonds = append(d.Bonds, Bond{Servant: triSeats[x], Lord: triSeats[l], Coming: g.comingMove(x), Next: g.nextOrder(l, x)})
			}
		}
	}
	for _, w := range g.st.win[:g.st.nwin] {
		d.Windows = append(d.Windows, Window{Declarer: triSeats[w.declarer], Partner: triSeats[w.partner]})
	}
	for x := 0; x < tri.Armies; x++ {
		if !g.st.hasKing(x) {
			d.Thrones = append(d.Thrones, Throne{Army: triSeats[x], Cell: tri.Name(throne(x)),
				Holder: Seat(triName(g.st.controller(x)))})
		}
	}
	for x := 0; x < tri.Armies; x++ {
		if b := g.st.lastCap[x]; b >= 0 {
			d.Took = append(d.Took, Took{Seat: triSeats[x], Of: triSeats[b]})
		}
	}
	return d
}
