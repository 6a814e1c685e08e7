package bot

import (
	"umpire/bot/door"
	"umpire/bot/ifs"
	"umpire/bot/post"
	"umpire/referee"
	"umpire/store"
)

// Conditional moves (package ifs): `if e5 then Nf3`, stored with the
// seat (store.Seat.Ifs, its own alone), dropped by any action of the
// seat's own, and played by the umpire, as the seat's action and logged
// as any, the moment the opponent's turn passes to the seat and meets the
// condition; a line not met stays, until the seat acts, and the seat is
// told.

// setIfs runs `if …`: the sender's line in its game, for the opponent's
// turn.
func (b *Bot) setIfs(v door.Visit) error {
	g, seat, err := b.seatedIn(v.Player, v.Cmd)
	if err != nil {
		return err
	}
	variant, _ := referee.Lookup(g.Variant)
	line, why := ifs.Read(b.cat, variant, v.Cmd.Args)
	for i := range line { // an answer in the writer's words is kept in the referee's: ничья is draw
		line[i].Then = door.ActionText(b.cat, line[i].Then)
	}
	switch id := itoa(g.ID); {
	case why != "":
		return post.Oops(why, "game", id, "variant", g.Variant)
	case !v.In.Private: // a line is the seat's own: never written where others read
		return post.Oops("err.moves-private")
	case g.State != store.StatePlaying:
		return post.Oops("err.over", "game", id)
	}
	_, err = b.apply(v.In, g.ID, func(g *store.Game, t *table) ([]store.Outgoing, error) {
		rg, err := replay(g, len(g.Log))
		if err != nil {
			return nil, err
		}
		if rg.Turn() == seat {
			return nil, post.Oops("err.if-your-turn", "game", itoa(g.ID))
		}
		if why := ifs.Playable(rg.View(seat), line); why != "" {
			return nil, post.Oops(why, "game", itoa(g.ID))
		}
		s := g.Seats[seat]
		s.Ifs = line
		g.Seats[seat] = s
		n := post.Say("ifs.stored", "game", itoa(g.ID))
		n.Sub = map[string][]post.Note{"line": post.IfLine(line)}
		return []store.Outgoing{door.SeatConversation(v, g.ID, seat, n)}, nil
	})
	return err
}

// fireIfs plays the line of the seat the mover's action passed the turn
// to, if its first step is met: the answer as the seat's action; an answer
// the referee did not take as a move drops the line (a resignation that
// ended the game is said as played, a draw offer as made, the seat still
// to move), one not met leaves
// it standing. The seat is told which, once: only when the turn passed in
// this action (before is whose turn it was), never because the mover
// wrote anything else (an offer, a text refused as out of turn), so that
// what the seat hears depends on nothing it may not know.
func (b *Bot) fireIfs(g *store.Game, t *table, rg referee.Game, mover, before referee.Seat) []store.Outgoing {
	s := rg.Turn()
	line := g.Seats[s].Ifs
	if g.State != store.StatePlaying || s == mover || s == before || len(line) == 0 {
		return nil
	}
	turn := len(g.Log)
	for turn > 0 && g.Log[turn-1].Seat == mover {
		turn--
	}
	v, _ := referee.Lookup(g.Variant)
	met, err := ifs.Met(v, g.Options, g.Log, turn, s, mover, line[0].When, t.message(s, "", "").Notation)
	id, step := itoa(g.ID), post.IfLine(line[:1])
	if err != nil || !met { // it stays, until the seat acts itself
		return noticeRows(g, t, s, post.Say("ifs.void", "game", id), step)
	}
	g.DropIfs(s)
	ply, logged := referee.Glance(rg, referee.God).Ply, len(g.Log)
	rows := b.rule(g, t, rg, &move{seat: s, line: referee.ReadLine(line[0].Then)})
	if referee.Glance(rg, referee.God).Ply == ply && g.State != store.StateOver { // no move taken: an illegal try, a refusal, a draw offered
		g.DropIfs(s)
		said := "ifs.failed"
		if len(g.Log) > logged && g.Log[len(g.Log)-1].Text == referee.WordDraw {
			said = "ifs.offered" // the seat still moves, its offer standing
		}
		return append(rows, noticeRows(g, t, s, post.Say(said, "game", id), step)...)
	}
	if rest := g.Seats[s]; len(line) > 1 && g.State != store.StateOver { // over: nothing is left to play
		rest.Ifs = line[1:]
		g.Seats[s] = rest
	}
	return append(rows, noticeRows(g, t, s, post.Say("ifs.played", "game", id), step)...)
}

// noticeRows is a notice to seat s with the step it speaks of.
func noticeRows(g *store.Game, t *table, s referee.Seat, n post.Note, step []post.Note) []store.Outgoing {
	n.Sub = map[string][]post.Note{"line": step}
	if r, ok := t.seatRow(g, s, post.KindNotice, n); ok {
		return []store.Outgoing{r}
	}
	return nil
}
