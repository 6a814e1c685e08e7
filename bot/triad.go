package bot

import (
	"umpire/bot/door"
	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// Three-player chess (triad) is played in a group chat, as at one table:
// nothing in it is hidden, and its diplomacy — offers, answers, orders,
// declared checks — is public by its rules (triad.md 4.3). So a game is
// made only in a group; its players may act there or in a private chat
// with the bot, alike; the group hears of every accepted action: where
// its transport edits messages, on the game's one board there, edited in
// place (post/table.go), with a message of its own only for an offer;
// elsewhere with one picture after every move. The group's picture is
// drawn from the side of the seat to move; a seat gets its own picture
// when it asks (board). The diplomacy's
// commands are words of every language of the catalog, turned into the
// referee's before it rules.

// groupOnly reports whether games of v are made only in a group chat.
func groupOnly(v *referee.Variant) bool { return v.InGroup }

// inGroup reports whether g is played in its group chat (see above).
func inGroup(g *store.Game) bool {
	v, ok := referee.Lookup(g.Variant)
	return ok && groupOnly(v) && !g.Chat.IsZero()
}

// ruleInGroup plays text as seat's action list on rg, in a game played in
// its group, appends what the referee logged to g's log and returns the
// rows to send: to the group (and the watchers) the news of the accepted
// actions, with a picture when the board changed or the turn passed (the
// group's board, where it has one: table.newsRows); to the
// sender, privately, its verdicts when its last action was not accepted
// or it wrote in private.
func (b *Bot) ruleInGroup(in wire.Inbound, g *store.Game, t *table, rg referee.Game, m *move) []store.Outgoing {
	from, before, board, seat := len(g.Log), rg.Turn(), rg.Board(), m.seat
	waited := waitKeys(rg)
	played := counted(g.Variant, referee.PlayLine(rg, m.line, t.message(seat, m.line.Text(), "")))
	m.played = played
	accepted, moved := false, false
	var said [][]referee.Announcement
	for _, pl := range played {
		if pl.Ruling.Logged() {
			g.Log = append(g.Log, pl.Action)
			said = append(said, pl.Ruling.Said)
		}
		if pl.Ruling.Verdict == referee.Accepted {
			accepted, moved = true, moved || pl.Ruling.Move != ""
		}
	}
	if result, reason := rg.Result(); result != "" {
		g.State, g.Result, g.Reason = store.StateOver, result, reason
	}
	moved = moved || before != rg.Turn() || board != rg.Board() || g.State == store.StateOver
	syncClock(b.now(), g, rg, t)
	if g.State == store.StateOver { // the end is one message: the last news, then the end
		return revealRows(g, t, from)
	}
	last := referee.Played{Action: referee.Action{Seat: seat, Text: m.line.Text()}, Ruling: referee.Refuse(referee.ReasonUnreadable)}
	if len(played) > 0 { // a list of no items (",") plays nothing
		last = played[len(played)-1]
	}
	answered := referee.Seat("") // the writer, when its own view answers it (below)
	if in.Private || last.Ruling.Verdict != referee.Accepted {
		answered = seat
	}
	var rows []store.Outgoing
	if accepted {
		rows = t.newsRows(g, post.Note{From: from, NoPicture: !moved}, said...)
		if g.State != store.StateOver {
			rows = append(rows, t.prompts(g, rg, waited, played, answered)...)
		}
	}
	if answered != "" {
		n := post.Note{From: from, NoPicture: true}
		if last.Ruling.Verdict == referee.Refused {
			n.Refused = &post.Refusal{Text: last.Action.Text, Reason: last.Ruling.Reason, Readings: last.Ruling.Readings}
		}
		// The writer's own view, to the writer alone: a line refused in the
		// group is answered privately, never as "your turn" to everyone.
		row := store.Outgoing{Game: g.ID, Ply: len(g.Log), To: door.AddressOf(in), Seat: seat,
			Kind: post.KindView, Text: n.Encode(), Lang: t.players[seat].Lang}
		if len(g.Log) == from { // nothing happened but the refusal
			row = post.Extra(row, post.LikeNote(n))
		}
		rows = append(rows, row)
	}
	return rows
}

// prompts are the private notes of a game played in its group to the
// seats a decision newly waits for (referee.Waiting): the seat to move,
// a seat an offer was made to, a Servant whose Lords' orders are held
// (again when a second order is held), and each Lord and Servant when an
// order may next come (post.OrderNews; not the writer answered seat, whose
// own view says it). Each says, in the seat's
// language, what to decide and how to write it, with buttons for the
// answers; only what the group was told already (whose turn it is, the
// offer, the order held).
func (t *table) prompts(g *store.Game, rg referee.Game, waited map[string]bool, played []referee.Played, answered referee.Seat) []store.Outgoing {
	var rows []store.Outgoing
	for _, w := range referee.Waiting(rg) {
		var n post.Note
		switch {
		case w.Kind == referee.WaitMove && !waited[w.Key]:
			third := string(w.Seat)[:1] // the seat's own third, as in we2
			n = post.Say("triad.your-move", "from", third+"e2", "to", third+"e4")
			n.Plain = "triad.your-move.plain"
			n.Lines = post.OfferLines(rg, referee.Glance(rg, w.Seat), nil) // before the move that ends the chance
		case w.Kind == referee.WaitOffer && !waited[w.Key]:
			n = post.Say("triad.decide."+w.Offer.Kind, "by", string(w.Offer.To))
			n.Buttons = post.Playable(g, len(g.Log), w.Seat, answerButtons(g, w.Offer.Kind, string(w.Offer.To)))
		case w.Kind == referee.WaitChoose:
			n = choosePrompt(g, rg, w.Seat, waited[w.Key], played)
			n.Buttons = post.Playable(g, len(g.Log), w.Seat, n.Buttons)
		}
		if n.ID != "" {
			rows = append(rows, t.prompt(g, w.Seat, n)...)
		}
	}
	for _, pl := range played {
		for _, a := range pl.Ruling.Said {
			if a.Code == "order-held" {
				rows = append(rows, t.passPrompts(g, rg, a)...)
			}
		}
	}
	for _, sn := range post.OrderNews(rg.View(referee.God), played) { // when each may next order
		if sn.Seat != answered { // whose own view says it
			rows = append(rows, t.prompt(g, sn.Seat, sn.Note)...)
		}
	}
	return rows
}

// passPrompts tell the other Lords of the Servant an order-held
// announcement names that the order waits for them (triad.md 3.15): each
// may order too, and the Servant chooses, or pass, and the order held is
// played at once. Only a Lord the referee would let pass now is asked
// (tried on a copy of the game), so that the button always plays.
func (t *table) passPrompts(g *store.Game, rg referee.Game, held referee.Announcement) []store.Outgoing {
	servant, lord := referee.Seat(held.Str("servant")), held.Str("lord")
	d := referee.Glance(rg, servant).Diplomacy
	if d == nil {
		return nil
	}
	var rows []store.Outgoing
	for _, b := range d.Bonds {
		pass := []wire.Button{{Label: "choice.pass", Command: "#" + itoa(g.ID) + " order pass"}}
		if b.Servant != servant || string(b.Lord) == lord || len(post.Playable(g, len(g.Log), b.Lord, pass)) == 0 {
			continue
		}
		n := post.Say("triad.decide.pass", "lord", lord, "servant", string(servant), "move", held.Str("move"))
		n.Buttons = pass
		rows = append(rows, t.prompt(g, b.Lord, n)...)
	}
	return rows
}

// waitKeys are the keys of the decisions rg waits for.
func waitKeys(rg referee.Game) map[string]bool {
	keys := map[string]bool{}
	for _, w := range referee.Waiting(rg) {
		keys[w.Key] = true
	}
	return keys
}

// answerButtons accept and decline an offer of kind ("vassal", "lord")
// from seat from, in game g.
func answerButtons(g *store.Game, kind, from string) []wire.Button {
	cmd := "#" + itoa(g.ID) + " " + kind + " "
	return []wire.Button{{Label: "choice.accept", Command: cmd + "accept " + from}, {Label: "choice.decline", Command: cmd + "decline " + from}}
}

// choosePrompt tells servant of the order just held for it (played's
// order-held announcement), with a button to choose it; when the choice
// already waited (a second order held), it names the other Lord too, with
// its button. No note when no order was held just now.
func choosePrompt(g *store.Game, rg referee.Game, servant referee.Seat, again bool, played []referee.Played) post.Note {
	var held *referee.Announcement
	for _, pl := range played {
		for i, a := range pl.Ruling.Said {
			if a.Code == "order-held" && a.Str("servant") == string(servant) {
				held = &pl.Ruling.Said[i]
			}
		}
	}
	if held == nil {
		return post.Note{}
	}
	lord := held.Str("lord")
	n := post.Say("triad.decide.choose", "lord", lord, "move", held.Str("move"))
	lords := []string{lord}
	if d := referee.Glance(rg, servant).Diplomacy; again && d != nil {
		for _, b := range d.Bonds {
			if b.Servant == servant && string(b.Lord) != lord {
				n.ID, n.Args["other"] = "triad.decide.choose-two", string(b.Lord)
				lords = append(lords, string(b.Lord))
			}
		}
	}
	for _, l := range lords {
		n.Buttons = append(n.Buttons, wire.Button{Label: l, Command: "#" + itoa(g.ID) + " choose " + l})
	}
	return n
}

// prompt sends note n to seat of a game played in its group, privately, on
// the group's network, worded in the seat's language. A player who never
// opened a private chat with the bot is not written to again and again,
// nor is the group told: a nudge that cannot be delivered is dropped
// (Sender.giveUp).
func (t *table) prompt(g *store.Game, seat referee.Seat, n post.Note) []store.Outgoing {
	p := t.players[seat]
	if p == nil {
		return nil
	}
	for _, a := range p.Addresses {
		if a.Transport == g.Chat.Transport && a != g.Chat {
			if n.Args == nil {
				n.Args = texts.Args{}
			}
			n.Args["game"], n.Args["variant"], n.Nudge = itoa(g.ID), g.Variant, true
			return []store.Outgoing{{Game: g.ID, Ply: len(g.Log), To: a, Seat: seat, Kind: post.KindNotice, Text: n.Encode(), Lang: p.Lang}}
		}
	}
	return nil
}
