package post

import (
	"strings"
	"umpire/bot/texts"
	"umpire/referee"
	"umpire/store"
)

// diplomacy says the diplomatic state of a view, a line each: who serves
// whom (but the bonds in told, which the news says were made just now),
// the bonds a declared check suspends, who holds which Throne. Nothing for
// a variant without diplomacy.
func (c *composer) diplomacy(lang string, v referee.View, told map[bond]bool) []string {
	d := v.Diplomacy
	if d == nil {
		return nil
	}
	cat := c.o.cat
	seats := func(kv ...any) texts.Args {
		args := texts.Args{}
		for i := 0; i+1 < len(kv); i += 2 {
			cat.PutSeat(lang, args, kv[i].(string), kv[i+1].(referee.Seat))
		}
		return args
	}
	var out []string
	for _, x := range d.Bonds {
		if !told[bond{x.Lord, x.Servant}] {
			out = append(out, cat.Text(lang, "triad.serves", seats("servant", x.Servant, "lord", x.Lord)))
		}
	}
	for _, x := range d.Windows {
		out = append(out, cat.Text(lang, "triad.window", seats("declarer", x.Declarer, "partner", x.Partner)))
	}
	for _, x := range d.Thrones {
		args := seats("army", x.Army, "holder", x.Holder)
		args["cell"] = x.Cell
		if x.Holder == "" {
			out = append(out, cat.Text(lang, "triad.neutral", args))
		} else {
			out = append(out, cat.Text(lang, "triad.held", args))
		}
	}
	return out
}

// acts says the accepted actions of the other seats in log entries [from,
// to) of a game with diplomacy, as v's seat may see them (the view is at
// entry to), a line each (act).
func (c *composer) acts(lang string, g *store.Game, r *replayed, v referee.View, from, to int) []string {
	sheet := sheetLines(v, g.Log, r.rulings)
	var out []string
	for i := max(from, 0); i < to; i++ {
		if l := c.act(lang, g, r, v, sheet, i); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// act says log entry i of a game with diplomacy when it is another seat's
// accepted action v's seat may see (sheet, its score sheet by entry): a
// move with its mover, an order with its Lord, a chosen order, a declared
// check. Offers, answers, held orders, resignations and draws are said by
// their announcements, and an entry of v's own seat by its verdict: "".
func (c *composer) act(lang string, g *store.Game, r *replayed, v referee.View, sheet []*referee.SheetLine, i int) string {
	cat := c.o.cat
	a, ru := g.Log[i], r.rulings[i]
	if a.Seat == v.Seat || ru.Verdict != referee.Accepted {
		return ""
	}
	word, rest, _ := strings.Cut(strings.TrimSpace(a.Text), " ")
	other, _, _ := strings.Cut(strings.TrimSpace(rest), " ")
	args := texts.Args{"move": ru.Move}
	if l := sheet[i]; l != nil {
		args["move"] = written(lang, *l)
	}
	cat.PutSeat(lang, args, "seat", a.Seat)
	cat.PutSeat(lang, args, "other", referee.Seat(strings.ToLower(other)))
	id := ""
	switch strings.ToLower(word) {
	case "order":
		switch {
		case ru.Order.Lord != "" && ru.Order.Lord != a.Seat: // a pass: the other Lord's order, held, is played
			id = "triad.passed"
			cat.PutSeat(lang, args, "lord", ru.Order.Lord)
		case ru.Move != "": // a held order is said by its order-held announcement
			id = "triad.ordered"
		}
	case "choose":
		id = "triad.chose"
	case "declare":
		id = "triad.declared"
	case referee.OfferVassal, referee.OfferLord, referee.WordResign, referee.WordDraw:
	default:
		if ru.Move != "" {
			id = "moved"
		}
	}
	if id == "" {
		return ""
	}
	return cat.Text(lang, id, args)
}

// bond is a Lord and its Servant.
type bond struct{ lord, servant referee.Seat }

// made are the bonds that log entries [from, to) of a replayed game made:
// their news says so ("Black accepts: from now on Black serves White").
func made(r *replayed, from, to int) map[bond]bool {
	out := map[bond]bool{}
	for _, ru := range r.rulings[max(from, 0):to] {
		for _, a := range ru.Said {
			if a.Code == "vassal" && a.Str("event") == "accept" {
				out[bond{referee.Seat(a.Str("lord")), referee.Seat(a.Str("servant"))}] = true
			}
		}
	}
	return out
}
