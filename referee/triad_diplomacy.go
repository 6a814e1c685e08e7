package referee

import (
	"strings"

	"umpire/referee/board"
	"umpire/referee/tri"
)

// Lords and Servants (triad.md 3.8–3.20): offers and answers, orders, and
// declared checks.

// triOffer is an open offer that lord be the Lord of servant; by is the
// seat that made it (the lord: `vassal offer`, the servant: `lord offer`).
type triOffer struct{ lord, servant, by int }

// offerOK reports whether l may become the Lord of x now (3.9–3.10): both
// have kings, l is in the game, they are not partners yet, and l's last
// move took a man of x.
func (g *triad) offerOK(l, x int) bool {
	return l != x && g.st.hasKing(x) && g.inGame(l) && !g.st.related(l, x) && int(g.st.lastCap[l]) == x
}

// tidy drops the offers whose condition no longer holds: an offer stands
// only while the future Lord's last move took a man of the future Servant.
func (g *triad) tidy() {
	kept := g.offers[:0]
	for _, o := range g.offers {
		if g.offerOK(o.lord, o.servant) {
			kept = append(kept, o)
		}
	}
	g.offers = kept
}

// findOffer returns the index of an open offer, or -1.
func (g *triad) findOffer(o triOffer) int {
	for i, x := range g.offers {
		if x == o {
			return i
		}
	}
	return -1
}

// diplomacy plays `vassal|lord offer|accept|decline SEAT` of seat s. They
// come on or off turn and use no turn.
func (g *triad) diplomacy(s int, kind string, words []string) Ruling {
	if len(words) != 2 {
		return Refuse(ReasonUnreadable)
	}
	other := triSeat(Seat(words[1]))
	if other == noSeat {
		return Refuse(ReasonUnreadable)
	}
	// o is the offer the action makes or answers.
	o := triOffer{lord: other, servant: s, by: other}
	switch {
	case kind == "vassal" && words[0] == "offer":
		o = triOffer{lord: s, servant: other, by: s}
	case kind == "lord" && words[0] == "offer":
		o = triOffer{lord: other, servant: s, by: s}
	case kind == "lord":
		o = triOffer{lord: s, servant: other, by: other}
	}
	switch words[0] {
	case "offer":
		return g.offer(s, o)
	case "accept", "decline":
		return g.answer(s, o, words[0])
	}
	return Refuse(ReasonUnreadable)
}

// vassalSaid announces an offer or an answer.
func vassalSaid(o triOffer, event string, by int) Announcement {
	return Say("vassal", triAll(), "lord", triName(o.lord), "servant", triName(o.servant),
		"event", event, "by", triName(by))
}

func (g *triad) offer(s int, o triOffer) Ruling {
	if why := g.offerWhy(o.lord, o.servant); why != "" {
		return impossibleWhy(s, why)
	}
	if g.findOffer(o) >= 0 {
		return impossibleWhy(s, ReasonOfferMade)
	}
	g.offers = append(g.offers, o)
	return Ruling{Verdict: Accepted, Said: []Announcement{vassalSaid(o, "offer", s)}}
}

// answer accepts or declines an open offer; the condition of 3.9 is tested
// again (an offer that fails it has lapsed already).
func (g *triad) answer(s int, o triOffer, how string) Ruling {
	i := g.findOffer(o)
	if i < 0 || !g.offerOK(o.lord, o.servant) {
		return impossibleWhy(s, ReasonNoOffer)
	}
	g.offers = append(g.offers[:i], g.offers[i+1:]...)
	said := []Announcement{vassalSaid(o, how, s)}
	if how == "accept" {
		said = append(said, g.bind(o.lord, o.servant, s)...)
	}
	return Ruling{Verdict: Accepted, Said: said}
}

// bind makes l the Lord of x: x leaves the game (3.21), x's own Servants
// are freed (T10c), and l may order from x's next turn (3.14).
func (g *triad) bind(l, x, by int) []Announcement {
	before := g.st
	g.st.bind(l, x)
	for y := 0; y < tri.Armies; y++ {
		g.st.unbind(x, y)
	}
	if g.exits[x].seq == 0 {
		g.seq++
		g.exits[x] = triExit{g.seq, "vassals"}
	}
	g.orders.first[x][l] = g.orders.turns[x] + 1
	g.orders.last[x][l] = 0
	return g.aftermath(&before, "", by)
}

// triOrders keeps what the order limits of 3.14–3.15 need, counted in each
// Servant's turns.
type triOrders struct {
	turns [3]int    // turns begun, per seat
	first [3][3]int // first[x][l]: the first turn of x on which l may order
	last  [3][3]int // last[x][l]: the turn of x on which l last ordered; 0 never
	only  [3][2]int // only[x] = {turn, lord}: on that turn only that Lord may order
	held  []triHeld // orders held on the current turn until the Servant chooses
	// lapsed[x] is the turn of x on which its held orders ran out of time:
	// no Lord may order again on that turn (triad_timeout.go).
	lapsed [3]int
}

type triHeld struct {
	lord int
	m    board.Move
}

func (o *triOrders) pending() bool { return len(o.held) > 0 }

func (o *triOrders) clear() { o.held = nil }

// heldBy returns the index of the order lord l holds, or -1.
func (o *triOrders) heldBy(l int) int {
	for i, h := range o.held {
		if h.lord == l {
			return i
		}
	}
	return -1
}

// windowOn reports whether a window involving seat x is open.
func (g *triad) windowOn(x int) bool {
	for _, w := range g.st.win[:g.st.nwin] {
		if w.declarer == x || w.partner == x {
			return true
		}
	}
	return false
}

// lordCount counts x's Lords.
func (g *triad) lordCount(x int) int {
	n := 0
	for l := 0; l < tri.Armies; l++ {
		if g.st.isLord(l, x) {
			n++
		}
	}
	return n
}

// order plays `order X MOVE` of Lord l during X's turn (3.13–3.16), and
// `order pass` (or `order X pass`): Lord l will not order on X's turn.
func (g *triad) order(l int, rest, lang string) Ruling {
	if f := strings.Fields(strings.ToLower(rest)); len(f) > 0 && f[len(f)-1] == "pass" && len(f) <= 2 {
		return g.orderPass(l, f[:len(f)-1])
	}
	name, text, _ := strings.Cut(rest, " ")
	x := triSeat(Seat(strings.ToLower(name)))
	text = strings.TrimSpace(text)
	switch {
	case x == noSeat || text == "":
		return Refuse(ReasonUnreadable)
	case g.turn != x && !g.st.isLord(l, x):
		return Refuse(ReasonNotLord) // off the turn: refused, as every off-turn order
	case g.turn != x:
		return Refuse(ReasonOrderTurn)
	case strings.HasPrefix(strings.ToLower(text), "declare"):
		return impossibleWhy(l, ReasonOrderDeclare)
	case !g.mayOrder(l, x):
		return impossibleWhy(l, g.orderWhy(l, x))
	}
	c, r, ok := g.resolve(text, lang, x, l, g.candidates(x, true))
	if !ok {
		return r
	}
	for k := 0; k < tri.Armies; k++ {
		if k != l && k != x && g.mayOrder(k, x) || g.orders.pending() {
			return g.hold(l, x, c.m)
		}
	}
	return g.ordered(l, x, c.m, noSeat)
}

// orderPass plays `order pass` of Lord l (3.15): while the other Lord's
// order is held for the Servant to move, and l might order too, l
// declines; the held order is then played at once, as if it were the
// only one, and the Servant is not asked. named is the Servant as
// written, if it was: it must be the seat to move. Impossible when no
// order of another Lord is held, or l could not order now.
func (g *triad) orderPass(l int, named []string) Ruling {
	x := g.turn
	if len(named) == 1 && triSeat(Seat(named[0])) != x {
		if triSeat(Seat(named[0])) == noSeat {
			return Refuse(ReasonUnreadable)
		}
		return Refuse(ReasonNotYourTurn)
	}
	switch {
	case len(g.orders.held) == 0:
		return impossibleWhy(l, ReasonNothingHeld)
	case len(g.orders.held) != 1 || g.orders.held[0].lord == l:
		return impossibleWhy(l, ReasonOrderGiven)
	case !g.mayOrder(l, x):
		return impossibleWhy(l, g.orderWhy(l, x))
	}
	h := g.orders.held[0]
	if v, _ := g.st.judge(x, h.m, true); v != triLegal {
		g.orders.clear()
		return impossible(l, noSeat)
	}
	g.orders.clear()
	return g.ordered(h.lord, x, h.m, noSeat)
}

// hold keeps Lord l's order for x until x chooses (3.15), and tells every
// seat: nothing in triad is secret.
func (g *triad) hold(l, x int, m board.Move) Ruling {
	g.orders.held = append(g.orders.held, triHeld{l, m})
	return Ruling{Verdict: Accepted, Said: []Announcement{Say("order-held", triAll(),
		"lord", triName(l), "servant", triName(x), "move", m.Coord(tri.Geometry))}}
}

// heldImpossible is the ruling on x's own move or declared check while an
// order is held for it: impossible, with the reason that names the choice
// x has to make (3.15).
func heldImpossible(x int) Ruling {
	r := impossible(x, noSeat)
	r.Reason = ReasonOrderHeld
	return r
}

// ordered plays Lord l's order as x's move; dropped is the other Lord whose
// held order was dropped, who alone may order on x's next turn.
func (g *triad) ordered(l, x int, m board.Move, dropped int) Ruling {
	n := g.orders.turns[x]
	g.orders.last[x][l] = n
	if dropped != noSeat {
		g.orders.only[x] = [2]int{n + 1, dropped}
	}
	r := g.play(x, m, true, nil)
	r.Order = Order{Lord: triSeats[l], Servant: triSeats[x]}
	return r
}

// choose plays `choose L`: the Servant picks the held order of Lord L. It
// is refused outside a Servant's own turn.
func (g *triad) choose(x int, rest string) Ruling {
	l := triSeat(Seat(strings.ToLower(rest)))
	switch {
	case l == noSeat:
		return Refuse(ReasonUnreadable)
	case g.turn != x:
		return Refuse(ReasonNotYourTurn)
	case g.st.lords[x] == 0:
		return Refuse(ReasonNothingHeld) // no Lord: nothing was ever held
	}
	i := g.orders.heldBy(l)
	if i < 0 {
		return impossibleWhy(x, ReasonNothingHeld)
	}
	m := g.orders.held[i].m
	if v, _ := g.st.judge(x, m, true); v != triLegal {
		g.orders.held = append(g.orders.held[:i], g.orders.held[i+1:]...)
		return impossible(x, noSeat)
	}
	dropped := noSeat
	for _, h := range g.orders.held {
		if h.lord != l {
			dropped = h.lord
		}
	}
	return g.ordered(l, x, m, dropped)
}

// declare plays `declare MOVE` (3.17): a move of a Lord or Servant, judged
// with the relation suspended, that attacks a partner's king.
func (g *triad) declare(s int, text, lang string) Ruling {
	switch {
	case text == "":
		return Refuse(ReasonUnreadable)
	case g.turn != s:
		return Refuse(ReasonNotYourTurn)
	}
	c, r, ok := g.resolve(text, lang, s, s, g.declarations(s))
	if !ok {
		return r
	}
	if g.orders.pending() {
		return heldImpossible(s)
	}
	return g.play(s, c.m, false, c.opens)
}

// declarations lists the moves by pattern of s with their verdicts as
// declared checks.
func (g *triad) declarations(s int) []triCand {
	var out []triCand
	for _, m := range g.st.pseudo(s, nil) {
		out = append(out, g.judgeDeclare(s, m))
	}
	return out
}

// judgeDeclare judges one move as a declared check of s: it must leave the
// king of a partner p attacked by a man of s; with the relation to each
// such p suspended, it must be legal for s; a Lord's must leave each such
// Servant a legal reply.
func (g *triad) judgeDeclare(s int, m board.Move) triCand {
	c := triCand{m: m, v: triIllegal, b: noSeat}
	after := g.st
	after.move(s, m, false)
	for p := 0; p < tri.Armies; p++ {
		if after.related(s, p) && after.hasKing(p) && g.attacksKing(&after, s, p) {
			c.opens = append(c.opens, p)
		}
	}
	if len(c.opens) == 0 {
		return c
	}
	open := g.st
	for _, p := range c.opens {
		open.openWindow(s, p)
		after.openWindow(s, p)
	}
	c.v, c.b = open.judge(s, m, false)
	for _, p := range c.opens {
		if c.v == triLegal && after.isLord(s, p) && !after.hasLegal(p) {
			c.v = triIllegal
		}
	}
	return c
}

// attacksKing reports whether a man of an army s controls attacks p's king.
func (g *triad) attacksKing(st *triState, s, p int) bool {
	for _, at := range st.pos.Attackers(st.pos.King[p], board.Army(p)) {
		if st.controller(int(st.pos.Cells[at].Army())) == s {
			return true
		}
	}
	return false
}
