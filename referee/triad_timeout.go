package referee

import (
	"fmt"
)

// Triad on a clock. Every decision a triad game waits for runs on the
// game's time control (Waiting), and the umpire's timeout for it, sent as
// the seat that did not decide, is
//
//   - `timeout` on the seat's own turn: the seat leaves the game as a
//     resignation would (3.25), reason `timeout`; the turn passes on;
//   - `timeout` on a Servant's turn while orders are held (3.15): the held
//     orders are dropped (`orders-lapsed` {seat}) and no Lord may order
//     again on that turn; the Servant now moves himself, on a new time;
//   - `timeout vassal L` / `timeout lord L`: the offer L made to the seat
//     (`vassal offer`, `lord offer`) and that it did not answer lapses, as
//     if declined: `vassal` {event: `lapse`, by: the seat}.

// timeout plays the umpire's timeout for seat s (see above).
func (g *triad) timeout(s int, words []string) Ruling {
	switch {
	case len(words) == 2 && (words[0] == "vassal" || words[0] == "lord"):
		return g.lapse(s, words[0], triSeat(Seat(words[1])))
	case len(words) != 0:
		return Refuse(ReasonUnreadable)
	case g.turn != s:
		return Refuse(ReasonNotYourTurn)
	case g.orders.pending():
		g.orders.clear()
		g.orders.lapsed[s] = g.orders.turns[s]
		return Ruling{Verdict: Accepted, Said: []Announcement{Say("orders-lapsed", triAll(), "seat", triName(s))}}
	}
	return g.leave(s, "timeout")
}

// lapse drops the open offer that seat l made to seat s of the kind
// named: `vassal` (l would be s's Lord) or `lord` (s would be l's Lord).
func (g *triad) lapse(s int, kind string, l int) Ruling {
	o := triOffer{lord: l, servant: s, by: l}
	if kind == "lord" {
		o = triOffer{lord: s, servant: l, by: l}
	}
	i := g.findOffer(o)
	if l == noSeat || i < 0 {
		return Refuse(ReasonNotHere)
	}
	g.offers = append(g.offers[:i], g.offers[i+1:]...)
	return Ruling{Verdict: Accepted, Said: []Announcement{vassalSaid(o, "lapse", s)}}
}

// Waiting is what a triad game waits for: the seat to move (to choose an
// order when orders are held for it), and an answer to each open offer
// from the seat it was made to.
func (g *triad) Waiting() []Wait {
	if g.result != "" {
		return nil
	}
	s := triSeats[g.turn]
	w := Wait{Seat: s, Kind: WaitMove, Action: cmdTimeout}
	if g.orders.pending() {
		w.Kind = WaitChoose
	}
	w.Key = fmt.Sprintf("%s %s %d", w.Kind, s, g.orders.turns[g.turn])
	out := []Wait{w}
	for _, o := range g.offers {
		to, kind, from := o.servant, OfferVassal, o.lord
		if o.by == o.servant {
			to, kind, from = o.lord, OfferLord, o.servant
		}
		out = append(out, Wait{Seat: triSeats[to], Kind: WaitOffer, Offer: Offer{Kind: kind, To: triSeats[from]},
			Key:    fmt.Sprintf("%s %s %s %s", WaitOffer, kind, triName(from), triName(to)),
			Action: fmt.Sprintf("%s %s %s", cmdTimeout, kind, triName(from))})
	}
	return out
}

var _ Waiter = (*triad)(nil)
