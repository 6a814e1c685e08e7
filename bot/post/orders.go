package post

import (
	"strconv"
	"strings"

	"umpire/referee"
	"umpire/store"
)

// Orders in three-player chess. When a Lord may next order for its
// Servant is the referee's fact (referee.Bond.Next, counted in the
// Servant's moves): each Lord is told it, and each Servant which Lord may
// order on which of its moves, when a bond begins or is restored, after
// every order played, after held orders lapse, and under every refusal of
// the seat's own `order` or `choose`.

// SeatNote is a note for one seat.
type SeatNote struct {
	Seat referee.Seat
	Note Note
}

// OrderNews are the private notes on next orders that the accepted
// actions of played call for, in seat order: after a bond begins or is
// restored, an order is played or held orders lapse, to the Servant and
// to each of its Lords (see above); a Servant whose army an order moved,
// by another seat's action, is told first by whose order. v is a view of
// the game after played (every view of a game with diplomacy has the
// bonds).
func OrderNews(v referee.View, played []referee.Played) []SeatNote {
	vt, ok := referee.Lookup(v.Variant)
	if v.Diplomacy == nil || v.Over() || !ok {
		return nil
	}
	told, moved := orderEvents(played)
	var out []SeatNote
	for _, s := range vt.Seats {
		var lines []Note
		if n, ok := moved[s]; ok {
			lines = append(lines, n)
		}
		for _, b := range v.Diplomacy.Bonds {
			if told[b.Servant] && (b.Lord == s || b.Servant == s) {
				lines = append(lines, orderNotes(v, s, b)...)
			}
		}
		if len(lines) > 0 {
			out = append(out, SeatNote{Seat: s, Note: Note{ID: "triad.orders-game", Lines: lines}})
		}
	}
	return out
}

// orderEvents reads the accepted actions of played for OrderNews: the
// Servants whose bonds are to be told (a bond begun or restored, an order
// played, held orders lapsed), and for a Servant whose army an order
// moved by another seat's action, the note that says by whose.
func orderEvents(played []referee.Played) (map[referee.Seat]bool, map[referee.Seat]Note) {
	told, moved := map[referee.Seat]bool{}, map[referee.Seat]Note{}
	for _, pl := range played {
		if pl.Ruling.Verdict != referee.Accepted {
			continue
		}
		if o := pl.Ruling.Order; o.Lord != "" {
			told[o.Servant] = true
			if pl.Action.Seat != o.Servant {
				moved[o.Servant] = Say("triad.ordered-you", "lord", string(o.Lord), "move", pl.Ruling.Move)
			}
		}
		for _, a := range pl.Ruling.Said {
			switch {
			case a.Code == "vassal" && (a.Str("event") == "accept" || a.Str("state") == "restored"):
				told[referee.Seat(a.Str("servant"))] = true
			case a.Code == "orders-lapsed":
				told[referee.Seat(a.Str("seat"))] = true
			}
		}
	}
	return told, moved
}

// bondNotes say when each bond of seat lets an order come, as v says: to
// a Lord, the move of its Servant on which it may next order; to a
// Servant, the move on which each of its Lords may. Nothing for a bond
// whose next order cannot be foreseen (a held order, a window) nor for
// a seat with no bond.
func bondNotes(v referee.View, seat referee.Seat) []Note {
	if v.Diplomacy == nil || v.Over() {
		return nil
	}
	var out []Note
	for _, b := range v.Diplomacy.Bonds {
		out = append(out, orderNotes(v, seat, b)...)
	}
	return out
}

// orderNotes says when bond b lets an order come, to seat: its Lord or its
// Servant ("triad.next.*", "triad.serve.*"); nothing to any other seat.
func orderNotes(v referee.View, seat referee.Seat, b referee.Bond) []Note {
	id, when := "", "later"
	switch {
	case b.Next == 0:
		return nil
	case b.Lord == seat:
		id = "triad.next."
	case b.Servant == seat:
		id = "triad.serve."
	default:
		return nil
	}
	switch {
	case b.Next == b.Coming && v.Turn == b.Servant:
		when = "now"
	case b.Next == b.Coming:
		when = "coming"
	}
	return []Note{Say(id+when, "lord", string(b.Lord), "servant", string(b.Servant),
		"next", strconv.Itoa(b.Next), "coming", strconv.Itoa(b.Coming))}
}

// asksOrders reports whether a view row answers seat's own `order` or
// `choose` that did not play: refused (the row's refusal) or impossible
// (an entry of log [from, to) with its ruling); then the row says when the
// seat's bonds let an order come.
func asksOrders(log []referee.Action, rulings []referee.Ruling, seat referee.Seat, from, to int, refused *Refusal) bool {
	if refused != nil && orderAct(refused.Text) {
		return true
	}
	for i := max(from, 0); i < to; i++ {
		if log[i].Seat == seat && rulings[i].Verdict != referee.Accepted && orderAct(log[i].Text) {
			return true
		}
	}
	return false
}

// orderAct reports whether an action in the referee's words is an order
// or a choice of one.
func orderAct(text string) bool {
	word, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(text)), " ")
	return word == "order" || word == "choose"
}

// ordersTold says, in a view of seat at entry to, when its bonds let an
// order come, where the entries [n.From, to) the row reports call for it
// (OrderNews: the seat's own act answered in its own view) or answer the
// seat's own order or choice that did not play (asksOrders).
func (c *composer) ordersTold(lang string, g *store.Game, r *replayed, v referee.View, seat referee.Seat, n Note, to int) []string {
	if v.Diplomacy == nil {
		return nil
	}
	var played []referee.Played
	for i := max(n.From, 0); i < to; i++ {
		played = append(played, referee.Played{Action: g.Log[i], Ruling: r.rulings[i]})
	}
	for _, sn := range OrderNews(v, played) {
		if sn.Seat == seat {
			return noteLines(c.o.cat, lang, Note{Lines: sn.Note.Lines})
		}
	}
	if asksOrders(g.Log, r.rulings, seat, n.From, to, n.Refused) {
		return noteLines(c.o.cat, lang, Note{Lines: bondNotes(v, seat)})
	}
	return nil
}
