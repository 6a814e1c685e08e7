package referee

// The order limits of triad.md 3.13–3.16. They are counted in each
// Servant's moves: its turns as they begin, from 1, whether it moves, is
// ordered, passes or is mated on them. A Lord may order on the Servant's
// move t when
//   - t is after the bond began (a new Lord orders from the Servant's next
//     move),
//   - t is at least two moves after the Lord's last order, three while the
//     Servant has two Lords,
//   - the orders held on t did not run out of time (triad_timeout.go),
//   - and t is not the move after one on which the Servant chose the other
//     Lord's order over this one's: then only the dropped Lord may order.
//
// and, on the move itself, no declared check's window is open on the
// Servant and the Lord's own order is not held already.

// orderWhy is why Lord l may not order for x on x's move now, "" when it
// may.
func (g *triad) orderWhy(l, x int) string {
	o := &g.orders
	switch {
	case !g.st.isLord(l, x):
		return ReasonNotLord
	case g.windowOn(x):
		return ReasonOrderWindow
	case o.heldBy(l) >= 0:
		return ReasonOrderGiven
	}
	return g.orderBar(l, x, o.turns[x])
}

// mayOrder reports whether Lord l may order for x on x's move now.
func (g *triad) mayOrder(l, x int) bool { return g.orderWhy(l, x) == "" }

// orderBar is why Lord l of x may not order on x's move t by the limits
// counted in x's moves (see above), "" when they let it.
func (g *triad) orderBar(l, x, t int) string {
	o := &g.orders
	switch {
	case t < o.first[x][l]:
		return ReasonOrderNew
	case o.last[x][l] > 0 && t < o.last[x][l]+g.orderGap(x),
		o.only[x][0] == t && o.only[x][1] != l: // the Lord chosen on the move before: too soon already
		return ReasonOrderSoon
	case o.lapsed[x] == t:
		return ReasonOrderLapsed
	}
	return ""
}

// orderGap is how many of x's moves a Lord's orders are apart at least:
// two with one Lord, three with two (3.14).
func (g *triad) orderGap(x int) int {
	if g.lordCount(x) > 1 {
		return 3
	}
	return 2
}

// comingMove is x's move now while x is to move, else its next one.
func (g *triad) comingMove(x int) int {
	if g.turn == x {
		return g.orders.turns[x]
	}
	return g.orders.turns[x] + 1
}

// nextOrder is x's move on which its Lord l may next order, as things
// stand: x's coming move or a later one. 0 when none can be foreseen: the
// game is over, l's order is held for x to choose (it may be played or
// dropped), or a declared check's window is open on x (it closes as the
// moves to come decide).
func (g *triad) nextOrder(l, x int) int {
	if g.result != "" || !g.st.isLord(l, x) || g.windowOn(x) || g.orders.heldBy(l) >= 0 {
		return 0
	}
	t := g.comingMove(x)
	for g.orderBar(l, x, t) != "" {
		t++
	}
	return t
}
