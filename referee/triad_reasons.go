package referee

// Why a diplomatic act of three-player chess is impossible (triad.md
// 3.8–3.16). Nothing in triad is hidden, so an impossible act names the
// condition it fails, and the umpire says it in the writer's words.
const (
	ReasonOfferCapture = "offer-capture" // an offer needs the future Lord's last move to have taken a man of the future Servant (3.9)
	ReasonOfferOut     = "offer-out"     // both need their kings, and the future Lord must still be in the game (3.9)
	ReasonOfferBound   = "offer-bound"   // the two are partners already
	ReasonOfferMade    = "offer-made"    // the same offer stands already
	ReasonNoOffer      = "no-offer"      // no such offer stands (made, answered or lapsed)
	ReasonNotLord      = "not-lord"      // only a Lord orders, and only its own Servant
	ReasonOrderTurn    = "order-turn"    // an order is given on the Servant's turn
	ReasonOrderWindow  = "order-window"  // no orders while a declared check's window is open on the Servant (3.16)
	ReasonOrderNew     = "order-new"     // a new Lord orders from the Servant's next move on (3.14)
	ReasonOrderSoon    = "order-soon"    // this Lord ordered too lately: every second move of the Servant, every third with two Lords (3.14)
	ReasonOrderLapsed  = "order-lapsed"  // the orders held on this move ran out of time: the Servant moves itself (triad_timeout.go)
	ReasonOrderGiven   = "order-given"   // this Lord's order waits already
	ReasonOrderDeclare = "order-declare" // an order cannot be a declared check (3.16)
	ReasonNothingHeld  = "nothing-held"  // order pass and choose answer an order held (3.15)
)

// impossibleWhy is impossible for seat s with its reason.
func impossibleWhy(s int, reason string) Ruling {
	r := impossible(s, noSeat)
	r.Reason = reason
	return r
}

// offerWhy is why l may not become the Lord of x now, "" when it may
// (offerOK).
func (g *triad) offerWhy(l, x int) string {
	switch {
	case l == x || !g.st.hasKing(x) || !g.inGame(l):
		return ReasonOfferOut
	case g.st.related(l, x):
		return ReasonOfferBound
	case int(g.st.lastCap[l]) != x:
		return ReasonOfferCapture
	}
	return ""
}
