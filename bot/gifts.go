package bot

import (
	"fmt"
	"slices"
	"time"

	"umpire/bot/clock"
	"umpire/bot/pace"
	"umpire/bot/post"
	"umpire/referee"
	"umpire/store"
)

// Gifts of time (`give 1d`, timerules.go). A gift goes to the receiver's
// decision under way, else to its next one, by one rule with an increment
// or without, up to the clock's ceiling and no further (clock.Give), so
// that no number of gifts keeps a game waiting longer than its clock
// could; the giver and the receiver are told which decision it went to.
// Gifts from one seat to another before the receiver acts again add up
// in one standing gift (store.Game.Gifts): the receiver hears of the first
// in one message, which says the total from then on where its transport
// edits messages in place (the message's slot names the gift), and hears
// nothing more where it cannot, so that thirty gives in a row are one
// message, not thirty. A seat that muted the game hears of none
// (muted.go); the giver is told so.

// gift is one `give`: seat by gives d at now to every other seat, or to
// seat to alone. edits reports whether the transport of an address edits
// messages in place.
type gift struct {
	by, to referee.Seat
	d      time.Duration
	now    time.Time
	edits  func(store.Address) bool
}

// rows gives the time in g and returns the rows to its receivers and the
// answer to the giver; a refusal when nobody has time to add to, or
// everyone's is at the ceiling already.
func (gv gift) rows(g *store.Game, t *table) ([]store.Outgoing, post.Note, error) {
	id := itoa(g.ID)
	if g.State != store.StatePlaying {
		return nil, post.Note{}, post.Oops("err.over", "game", id)
	}
	var rows []store.Outgoing
	var lines []post.Note
	var most time.Duration
	open := false
	for _, s := range post.SeatsOf(g) {
		if s == gv.by || gv.to != "" && s != gv.to {
			continue
		}
		open = open || g.Increment > 0 || slices.ContainsFunc(g.Waits, func(w store.Wait) bool { return w.Seat == s })
		added, underWay := clock.Give(g, s, gv.d, gv.now, t.zone(s))
		if added == 0 {
			continue
		}
		most = max(most, added)
		lines = append(lines, toDecision(g, s, underWay, gv.by, t.players[gv.by]))
		if g.Seats[s].Muted {
			lines = append(lines, post.Say("time.given-muted", "game", id, "seat", string(s)))
			continue
		}
		gf, stood := standing(g, s, gv.by, added)
		if r, ok := gv.notice(g, t, gf, stood, toDecision(g, s, underWay, s, t.players[s])); ok {
			rows = append(rows, r)
		}
	}
	switch {
	case !open: // nothing under way, and no bank to add to
		return nil, post.Note{}, post.Oops("time.nothing-to-give", "game", id)
	case most == 0:
		return nil, post.Note{}, &post.Mistake{Note: ceilingNote("time.at-ceiling", g)}
	}
	g.Deadline = clock.Deadline(g)
	ack := post.Say("time.gave", "game", id)
	ack.Sub = map[string][]post.Note{"span": {post.Span(most)}}
	if most < gv.d {
		ack.Lines = append(ack.Lines, ceilingNote("time.gave-ceiling", g))
	}
	ack.Lines = append(ack.Lines, lines...)
	if len(rows) > 0 { // the giver sent something the others heard of
		rows = append(rows, pace.Hear(g, t, gv.by)...)
	}
	return rows, ack, nil
}

// toDecision says to reader p, in seat as, which decision of seat s's a
// gift went to: the one under way, now due when it says in p's time zone,
// or s's next (its bank).
func toDecision(g *store.Game, s referee.Seat, underWay bool, as referee.Seat, p *store.Player) post.Note {
	id, tz := "time.to", ""
	if p != nil {
		tz = p.TZ
	}
	if as != s {
		id = "time.gave-to"
	}
	if w := post.WaitOf(g, s); underWay && w != nil {
		return post.Say(id+"-now", "seat", string(s), "until", when(w.Ends, tz))
	}
	return post.Say(id+"-next", "seat", string(s))
}

// ceilingNote is note id, which names g's ceiling.
func ceilingNote(id string, g *store.Game) post.Note {
	n := post.Say(id, "game", itoa(g.ID))
	n.Sub = map[string][]post.Note{"span": {post.Span(clock.Ceiling(g))}}
	return n
}

// notice is the receiver's row of a standing gift gf: its first message,
// or the same message with the total where the receiver's transport edits
// it in place (none where it cannot: the receiver was told once).
func (gv gift) notice(g *store.Game, t *table, gf store.Gift, stood bool, to post.Note) (store.Outgoing, bool) {
	p := t.players[gf.To]
	if stood && (p == nil || len(p.Addresses) == 0 || !gv.edits(p.Addresses[0])) {
		return store.Outgoing{}, false
	}
	id := "time.given"
	if stood {
		id = "time.given-all"
	}
	n := post.Say(id, "game", itoa(g.ID), "seat", string(gf.By))
	n.Sub = map[string][]post.Note{"span": {post.Span(gf.Given)}}
	n.Lines = []post.Note{to, post.Say("time.given-adds")}
	n.Slot = fmt.Sprintf("give %d %s %s %d", g.ID, gf.To, gf.By, gf.Since)
	return t.seatRow(g, gf.To, post.KindNotice, n)
}

// standing adds d, given by seat by to seat to, to their gift if it still
// stands (to has not acted since it began), else begins a new one; it
// returns the gift and whether it stood already. Gifts whose receivers
// acted since are dropped.
func standing(g *store.Game, to, by referee.Seat, d time.Duration) (store.Gift, bool) {
	g.Gifts = slices.DeleteFunc(g.Gifts, func(gf store.Gift) bool { return actedSince(g.Log, gf.To, gf.Since) })
	for i, gf := range g.Gifts {
		if gf.To == to && gf.By == by {
			g.Gifts[i].Given += d
			return g.Gifts[i], true
		}
	}
	gf := store.Gift{To: to, By: by, Given: d, Since: len(g.Log)}
	g.Gifts = append(g.Gifts, gf)
	return gf, false
}

// actedSince reports whether seat s has an entry in log from index since.
func actedSince(log []referee.Action, s referee.Seat, since int) bool {
	return slices.ContainsFunc(log[min(since, len(log)):], func(a referee.Action) bool { return a.Seat == s })
}
