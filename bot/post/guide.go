package post

import (
	"slices"
	"strconv"
	"strings"

	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// Guidance. Under a seat's view of the game as it stands, the seat is told
// what the game waits for from it and how to write it, with buttons for
// the choices it can pick rather than type: the crown before the first
// move (Korona), the stones once they are free (Korona-2: the view says
// so), the pawn to grow next (progressive), an order to choose and an
// offer to answer (triad), a draw offered. What a game waits for
// is the referee's to say (referee.Waiting); that a move must wait for a
// secret choice is the reason it would refuse a move for (secret-first).

// guide says what the game waits for from seat, in lang: lines, and
// buttons that write the answers. Nothing once the game is over or for a
// spectator. It reads the game at the row's ply only, never what came
// after, so a row says the same whenever it is sent: after a crash, a row
// sent late says what it would have said in time (the next row, queued
// with the later action, says what the game waits for then).
func (c *composer) guide(lang string, g *store.Game, r *replayed, v referee.View, n Note, ply int) ([]string, []wire.Button) {
	if v.Over() || public(v.Seat) {
		return nil, nil
	}
	gd := guidance{c: c, lang: lang, game: "#" + itoa(g.ID) + " "}
	for _, w := range referee.Waiting(r.g) {
		if w.Seat != v.Seat {
			continue
		}
		switch w.Kind {
		case referee.WaitCrown:
			gd.crown()
		case referee.WaitChoose:
			gd.choose(g, ply, v)
		case referee.WaitOffer:
			gd.offer(w.Offer)
		case referee.WaitMove:
			gd.move(g, r, v, n)
			if st := v.Stones; st != nil && st.New {
				gd.stones(v, *st)
			}
		}
	}
	gd.offers(g, r, v, n.From, ply)
	if drawOffered(g, r, v.Seat, n.From, ply) {
		gd.say("guide.draw", nil)
		gd.button("choice.accept", referee.WordDraw)
		gd.button("choice.decline", referee.WordDecline)
	}
	return gd.lines, Playable(g, ply, v.Seat, gd.buttons)
}

// guidance gathers the lines and buttons of a guide.
type guidance struct {
	c       *composer
	lang    string
	game    string // "#N ": the game a button's command is for
	lines   []string
	buttons []wire.Button
}

func (gd *guidance) say(id string, args texts.Args) {
	gd.lines = append(gd.lines, gd.c.o.cat.Text(gd.lang, id, args))
}

// button adds a button labelled by catalog text label that writes cmd.
func (gd *guidance) button(label, cmd string) {
	gd.buttons = append(gd.buttons, wire.Button{Label: gd.c.o.cat.Text(gd.lang, label, nil), Command: gd.game + cmd, Style: styleOf(label)})
}

// crown asks for the crown, sealed before the first move.
func (gd *guidance) crown() {
	gd.say("guide.crown", nil)
	gd.button("choice.crown-king", "crown king")
	gd.button("choice.crown-dame", "crown dame")
}

// choose asks the Servant to choose one of the orders held for it: the
// orders of those of its Lords who ordered (a choice it can play).
func (gd *guidance) choose(g *store.Game, ply int, v referee.View) {
	var lords []string
	if d := v.Diplomacy; d != nil {
		for _, b := range d.Bonds {
			button := wire.Button{Label: buttonLabel(gd.c.o.cat, string(b.Lord), gd.lang), Command: gd.game + "choose " + string(b.Lord)}
			if b.Servant == v.Seat && len(Playable(g, ply, v.Seat, []wire.Button{button})) == 1 {
				lords = append(lords, gd.c.o.cat.Value(gd.lang, "seat", string(b.Lord)))
				gd.buttons = append(gd.buttons, button)
			}
		}
	}
	gd.say("guide.choose", texts.Args{"list": strings.Join(lords, ", ")})
}

// offer asks for an answer to an offer of kind ("vassal": to serve; "lord":
// to be served) made by seat from.
func (gd *guidance) offer(o referee.Offer) {
	args := texts.Args{}
	gd.c.o.cat.PutSeat(gd.lang, args, "from", o.To)
	gd.say("guide.offer."+o.Kind, args)
	gd.button("choice.accept", o.Kind+" accept "+string(o.To))
	gd.button("choice.decline", o.Kind+" decline "+string(o.To))
}

// offers tells the seat of each diplomatic offer it may make now, under
// the row that reports the capture the offer rests on (to be the Lord of a
// seat whose man its last move took, or to serve a seat whose last move
// took one of its men), so that it is said once, when the chance opens.
func (gd *guidance) offers(g *store.Game, r *replayed, v referee.View, from, ply int) {
	for _, n := range OfferLines(r.g, v, func(o referee.Offer) bool {
		taker := v.Seat // vassal: the seat's own capture
		if o.Kind == referee.OfferLord {
			taker = o.To
		}
		return movedIn(g, r, taker, from, ply)
	}) {
		gd.lines = append(gd.lines, noteLines(gd.c.o.cat, gd.lang, n)...)
	}
}

// OfferLines are lines telling v's seat of each diplomatic offer its view
// says it may make now (three-player chess, triad.md 3.9), those that pass
// keep: what the offer would make of the two seats, how to write it in the
// reader's words, and how long the chance lasts. A player who never read
// help diplomacy learns of the act when it is his to make. None to a seat
// whose offer to v's seat waits for its answer (g, the game at v): that
// player is asked to answer it, not to offer back.
func OfferLines(g referee.Game, v referee.View, keep func(referee.Offer) bool) []Note {
	asked := map[referee.Seat]bool{}
	for _, w := range referee.Waiting(g) {
		if w.Seat == v.Seat && w.Kind == referee.WaitOffer {
			asked[w.Offer.To] = true
		}
	}
	var out []Note
	for _, o := range v.Offers {
		if !asked[o.To] && (keep == nil || keep(o)) {
			out = append(out, Say("guide.may-offer."+o.Kind, "seat", string(o.To), "cmd", o.Text()))
		}
	}
	return out
}

// movedIn reports whether seat's army moved in log entries [from, to): by
// its own move, or by an order played for it (the Ruling's Order names
// the Servant whoever wrote the action).
func movedIn(g *store.Game, r *replayed, seat referee.Seat, from, to int) bool {
	for i := max(from, 0); i < min(to, len(g.Log), len(r.rulings)); i++ {
		mover := g.Log[i].Seat
		if o := r.rulings[i].Order; o.Servant != "" {
			mover = o.Servant
		}
		if mover == seat && r.rulings[i].Move != "" {
			return true
		}
	}
	return false
}

// move says how to write a move: the secret choice first when the referee
// would refuse a move for want of one; how moves are written at the
// seat's first move and after a refusal.
func (gd *guidance) move(g *store.Game, r *replayed, v referee.View, n Note) {
	if owesSecret(r.g, v.Seat) {
		gd.say("guide.grow", texts.Args{"square": ownPawn(v)})
		return
	}
	first := !slices.ContainsFunc(v.Sheet, func(l referee.SheetLine) bool { return l.Seat == v.Seat })
	if !first && n.Refused == nil {
		return
	}
	if vt, ok := referee.Lookup(g.Variant); ok && vt.HiddenMoves {
		gd.say("guide.move.hidden", nil)
		return
	}
	if id := "guide.move." + v.Geometry; gd.c.o.cat.Has(gd.lang, id) && v.Seat != "" {
		// a board whose cells are named with their part ("we2"): the
		// example from the seat's own part
		gd.say(id, texts.Args{"from": string(v.Seat)[:1] + "e2", "to": string(v.Seat)[:1] + "e4"})
		return
	}
	gd.say("guide.move", nil)
}

// stones tells a seat whose stones became free since its last move how to
// place them, with an example on empty squares of its board: the mined
// one is written X while it is still to place.
func (gd *guidance) stones(v referee.View, st referee.Stones) {
	sq := emptySquares(v, 2)
	args := texts.Args{"count": strconv.Itoa(min(3, st.Reserve)), "example": "S@" + sq[0]}
	switch {
	case !st.Mine:
		gd.say("guide.stones", args)
		return
	case st.Reserve == 1:
		args["example"] = "X@" + sq[0]
	default:
		args["example"] += ",X@" + sq[1]
	}
	gd.say("guide.stones.mine", args)
}

// emptySquares are n squares the view shows empty, the centre's first, for
// an example; the centre's squares when it shows too few.
func emptySquares(v referee.View, n int) []string {
	order := []string{"e4", "d4", "e5", "d5", "c4", "f4", "c5", "f5", "e3", "d3", "e6", "d6"}
	var out []string
	for _, sq := range order {
		if i := int(sq[0]-'a') + 8*int(sq[1]-'1'); len(out) < n && v.Geometry == "8x8" && len(v.Cells) == 64 && v.Cells[i] == '.' {
			out = append(out, sq)
		}
	}
	for _, sq := range order {
		if len(out) < n && !slices.Contains(out, sq) {
			out = append(out, sq)
		}
	}
	return out
}

// owesSecret reports whether the referee would refuse a move of seat for
// want of a secret choice. It asks with an empty action, which every
// variant refuses and none logs: a refusal changes nothing.
func owesSecret(rg referee.Game, seat referee.Seat) bool {
	ru := rg.Play(referee.Action{Seat: seat})
	return ru.Verdict == referee.Refused && ru.Reason == referee.ReasonSecretFirst
}

// ownPawn is the square of a pawn of the view's seat, for an example; "b2"
// when it has none in sight.
func ownPawn(v referee.View) string {
	pawn := byte('P')
	if v.Seat == referee.Black {
		pawn = 'p'
	}
	if v.Geometry == "8x8" && len(v.Cells) == 64 {
		for i, c := range v.Cells {
			if c == pawn {
				return string(rune('a'+i%8)) + string(rune('1'+i/8))
			}
		}
	}
	return "b2"
}

// drawOffered reports whether entries [from, to) of g's log hold a draw
// offer of another seat that still stands for seat: the last thing said
// of draws is the offer.
func drawOffered(g *store.Game, r *replayed, seat referee.Seat, from, to int) bool {
	offered := false
	for i := max(from, 0); i < to; i++ {
		for _, a := range r.rulings[i].Said {
			switch a.Code {
			case "draw-offer":
				offered = a.Str("seat") != string(seat)
			case "draw-declined", "end":
				offered = false
			}
		}
		if g.Log[i].Seat == seat {
			offered = false // the seat has acted since: a move declines
		}
	}
	return offered
}
