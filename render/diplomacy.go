package render

import (
	"image"
	"math"

	"umpire/referee"
)

// Three-player chess marks on the board what its diplomacy makes of the
// men (referee.View.Diplomacy): a man whose army moves for another seat
// (its king gone, its Throne held) wears a small disc in the holder's
// colours at its lower right; a man of a neutral army, which moves for
// nobody, a grey disc struck through; a Servant's king a disc in the
// colours of each of its Lords, at the lower right and lower left. The
// Thrones themselves are ringed in gold (Cell.Throne). The words — who
// serves whom, who holds which Throne — are the caption's.

// seatArmies maps the seats of three-player chess to the armies drawn.
var seatArmies = map[referee.Seat]army{referee.White: armyWhite, referee.Red: armyRed, referee.Black: armyBlack}

// thrones rings the Thrones in gold edged in black, inside the cell's
// outline.
func (d *drawing) thrones() {
	for _, cell := range d.lay.Cells {
		if !cell.Throne || cell.Shape == nil {
			continue
		}
		s := float64(cell.Box.Dx())
		edge := math.Max(1, 0.025*s)
		out := inset(cell.Shape, 0.03*s)
		in := inset(out, math.Max(2, 0.08*s)+2*edge)
		d.ring(out, in, cBlack)
		d.ring(inset(out, edge), inset(in, -edge), cGold)
	}
}

// ring paints the band between two polygons, in is inside out.
func (d *drawing) ring(out, in [][2]float64, ink uint8) {
	r := polyBounds(out)
	local := func(pts [][2]float64) [][2]float64 {
		q := make([][2]float64, len(pts))
		for i, v := range pts {
			q[i] = [2]float64{v[0] - float64(r.Min.X), v[1] - float64(r.Min.Y)}
		}
		return q
	}
	p := newPen(r.Dx(), r.Dy())
	p.poly(local(out)...)
	p.poly(reverse(local(in))...)
	d.c.draw(p.mask(), r.Min, ink)
}

// diplomacy badges the men that do not move for their own seat.
func (d *drawing) diplomacy() {
	dip := d.v.Diplomacy
	if dip == nil {
		return
	}
	for _, t := range dip.Thrones {
		a, ok := seatArmies[t.Army]
		if !ok {
			continue
		}
		holder, held := seatArmies[t.Holder]
		for i, m := range d.cells {
			if m.isMan() && m.army == a {
				box := d.lay.Cells[i].Box
				if held {
					d.c.badge(box, 1, holder)
				} else {
					d.c.neutralBadge(box)
				}
			}
		}
	}
	for _, b := range dip.Bonds {
		servant, ok1 := seatArmies[b.Servant]
		lord, ok2 := seatArmies[b.Lord]
		if !ok1 || !ok2 {
			continue
		}
		for i, m := range d.cells {
			if m.letter == 'K' && m.army == servant {
				side := 1.0
				if d.lordIndex(b) > 0 {
					side = 0
				}
				d.c.badge(d.lay.Cells[i].Box, side, lord)
			}
		}
	}
}

// lordIndex counts the Lords of b's Servant listed before b's.
func (d *drawing) lordIndex(b referee.Bond) int {
	n := 0
	for _, x := range d.v.Diplomacy.Bonds {
		if x == b {
			return n
		}
		if x.Servant == b.Servant {
			n++
		}
	}
	return n
}

// badgeColours are the fill and the ring of an army's badge.
var badgeColours = [...][2]uint8{armyWhite: {cWhite, cBlack}, armyBlack: {cBlack, cWhite}, armyRed: {cVermilion, cBlack}}

// badge draws a small disc in army a's colours at the bottom of box, at
// its right (side 1) or left (side 0) corner.
func (c canvas) badge(box image.Rectangle, side float64, a army) {
	cx, cy, r := badgeAt(box, side)
	p := newPen(box.Dx(), box.Dy())
	p.circle(cx, cy, r, false)
	c.draw(p.mask(), box.Min, badgeColours[a][1])
	p.circle(cx, cy, r-math.Max(1.2, 0.03*float64(box.Dx())), false)
	c.draw(p.mask(), box.Min, badgeColours[a][0])
}

// neutralBadge draws a grey disc struck through: the man moves for nobody.
func (c canvas) neutralBadge(box image.Rectangle) {
	cx, cy, r := badgeAt(box, 1)
	s := float64(box.Dx())
	p := newPen(box.Dx(), box.Dy())
	p.circle(cx, cy, r, false)
	c.draw(p.mask(), box.Min, cBlack)
	p.circle(cx, cy, r-math.Max(1.2, 0.03*s), false)
	c.draw(p.mask(), box.Min, cNeutral)
	k := r * 0.55
	p.line(cx-k, cy+k, cx+k, cy-k, math.Max(1.5, 0.05*s))
	c.draw(p.mask(), box.Min, cWhite)
}

// badgeAt is the centre and radius of a badge in box.
func badgeAt(box image.Rectangle, side float64) (cx, cy, r float64) {
	s := float64(box.Dx())
	r = 0.17 * s
	return r + side*(s-2*r), s - r, r
}
