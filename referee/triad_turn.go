package referee

import (
	"strconv"
	"strings"

	"umpire/referee/board"
	"umpire/referee/tri"
)

// advance passes the turn on from seat s: to the next seat with a king,
// judging at the start of each turn (2.6–2.7) whether that seat is mated or
// passes, until a seat can move or the game is over.
func (g *triad) advance(s int) []Announcement {
	var said []Announcement
	for g.result == "" {
		if s = g.st.nextSeat(s); s == noSeat {
			break
		}
		g.turn = s
		out, ready := g.startTurn(s)
		said = append(said, out...)
		if ready {
			break
		}
	}
	return said
}

// begin starts the game's first turn, seat first's.
func (g *triad) begin(first int) []Announcement {
	return g.advance((first + tri.Armies - 1) % tri.Armies)
}

// startTurn judges the start of seat s's turn: mate (with any window on s
// still open), then the windows that close now, then a pass; and the
// automatic draws. It reports whether s is to move.
func (g *triad) startTurn(s int) ([]Announcement, bool) {
	g.orders.turns[s]++
	if g.st.inCheck(s) && !g.st.hasLegal(s) {
		before := g.st
		g.st.removeKing(s)
		return g.aftermath(&before, "checkmate", noSeat), false
	}
	said := g.closeWindows(s)
	if !g.st.hasLegal(s) {
		return append(said, g.pass(s)...), false
	}
	return append(said, g.autoDraw()...), g.result == ""
}

// closeWindows closes the windows on partner s whose declarer has moved
// since (3.18); a relation no longer suspended is restored.
func (g *triad) closeWindows(s int) []Announcement {
	var closing []triWindow
	g.st.dropWindows(func(w triWindow) bool {
		done := w.partner == s && w.moved
		if done {
			closing = append(closing, w)
		}
		return done
	})
	var said []Announcement
	for _, w := range closing {
		if g.st.related(w.declarer, w.partner) && !g.st.suspended(w.declarer, w.partner) {
			said = append(said, g.windowSaid(w.declarer, w.partner, "restored"))
		}
	}
	return said
}

// markMoved records that seat s has made its next move after declaring.
func (g *triad) markMoved(s int) {
	for i := range g.st.win[:g.st.nwin] {
		if g.st.win[i].declarer == s {
			g.st.win[i].moved = true
		}
	}
}

// windowSaid announces a declared-check window of declarer d on partner p:
// `free` when the Servant declared, `dismiss` when the Lord did (3.19).
func (g *triad) windowSaid(d, p int, state string) Announcement {
	lord, servant, event := d, p, "dismiss"
	if g.st.isLord(p, d) {
		lord, servant, event = p, d, "free"
	}
	return Say("vassal", triAll(), "lord", triName(lord), "servant", triName(servant),
		"event", event, "by", triName(d), "state", state)
}

// pass is a turn with no legal move and no check (2.7): a move that
// captured nothing.
func (g *triad) pass(s int) []Announcement {
	said := []Announcement{Say("pass", triAll(), "seat", triName(s))}
	g.st.lastCap[s] = -1
	g.st.pos.EP, g.st.pos.EPVictim = board.NoCell, board.NoCell
	g.st.pos.Halfmove++
	g.markMoved(s)
	g.draws = [3]bool{}
	g.tidy()
	g.passes++
	if g.passes >= g.kings() {
		said = append(said, g.drawn("stalemate")...)
	}
	return said
}

// kings counts the seats with a king.
func (g *triad) kings() int {
	n := 0
	for s := 0; s < tri.Armies; s++ {
		if g.st.hasKing(s) {
			n++
		}
	}
	return n
}

// autoDraw ends the game by repetition (the fifth time) or after 150 moves
// without a capture or a pawn move (3.24).
func (g *triad) autoDraw() []Announcement {
	key := g.Board() + " " + triName(g.turn) + " " + g.relationKey()
	g.seen[key]++
	switch {
	case g.seen[key] >= 5:
		return g.drawn("repetition")
	case g.st.pos.Halfmove >= 150:
		return g.drawn("fifty-move")
	}
	return nil
}

// relationKey writes who serves whom and the open windows.
func (g *triad) relationKey() string {
	var b strings.Builder
	for x := 0; x < tri.Armies; x++ {
		b.WriteString(strconv.Itoa(int(g.st.lords[x])))
	}
	for _, w := range g.st.win[:g.st.nwin] {
		b.WriteString(strconv.Itoa(w.declarer*10 + w.partner))
	}
	return b.String()
}

// aftermath announces what follows from a change of the state: kings that
// left the board (for reason), relations that ended, thrones that changed
// hands, and the exits these cause. by is the seat whose action it was.
func (g *triad) aftermath(before *triState, reason string, by int) []Announcement {
	var said []Announcement
	for x := 0; x < tri.Armies; x++ {
		if before.hasKing(x) && !g.st.hasKing(x) {
			g.holder[x] = g.st.controller(x)
			said = append(said, Say("throne", triAll(), "seat", triName(x), "by", triName(g.holder[x]), "reason", reason))
			g.seq++
			g.exits[x] = triExit{g.seq, reason}
		}
	}
	said = append(said, g.relationsEnded(before, by)...)
	said = append(said, g.thrones()...)
	if before.lords != g.st.lords || before.pos.King != g.st.pos.King {
		g.orders.clear()
	}
	g.tidy()
	return append(said, g.settle()...)
}

// relationsEnded announces the relations of before that no longer hold
// (3.20): `dismiss` when the Servant's king left, else `free`. A Servant
// left with no Lord is back in the game.
func (g *triad) relationsEnded(before *triState, by int) []Announcement {
	var said []Announcement
	for x := 0; x < tri.Armies; x++ {
		for l := 0; l < tri.Armies; l++ {
			if !before.isLord(l, x) || g.st.isLord(l, x) {
				continue
			}
			event, who := "free", by
			if !g.st.hasKing(x) {
				event = "dismiss"
			}
			if !g.st.hasKing(x) || !g.st.hasKing(l) {
				who = noSeat
			}
			said = append(said, Say("vassal", triAll(), "lord", triName(l), "servant", triName(x),
				"event", event, "by", triName(who), "state", "ended"))
			g.freed(x)
		}
	}
	return said
}

// freed cancels the exit of a Servant who has no Lord left (3.21).
func (g *triad) freed(x int) {
	if g.st.hasKing(x) && g.st.lords[x] == 0 && g.exits[x].cause == "vassals" {
		g.exits[x] = triExit{}
	}
}

// thrones announces every army whose controller changed without its king
// leaving now (3.7): a Throne taken, left, or its holder gone.
func (g *triad) thrones() []Announcement {
	var said []Announcement
	for x := 0; x < tri.Armies; x++ {
		if h := g.st.controller(x); h != g.holder[x] {
			g.holder[x] = h
			said = append(said, Say("throne", triAll(), "seat", triName(x), "by", triName(h)))
		}
	}
	return said
}

// inGame reports whether seat s is still in the game: its king on the
// board and no Lord (2.1).
func (g *triad) inGame(s int) bool { return g.st.hasKing(s) && g.st.lords[s] == 0 }

// settle ends the game once at most one seat is in it (3.22).
func (g *triad) settle() []Announcement {
	n := 0
	for s := 0; s < tri.Armies; s++ {
		if g.inGame(s) {
			n++
		}
	}
	if g.result != "" || n > 1 {
		return nil
	}
	return g.end(g.score())
}

// score gives the points of 3.23 by each seat's current exit: the seat
// still in the game 2, the second to leave 1, the first 0 (seats leaving
// together share), and the reason of the last exit.
func (g *triad) score() (string, string) {
	key := func(s int) int {
		if g.exits[s].seq == 0 {
			return 1 << 30
		}
		return g.exits[s].seq
	}
	var pts [3]float64
	last := noSeat
	for s := 0; s < tri.Armies; s++ {
		below, same := 0, 0
		for t := 0; t < tri.Armies; t++ {
			switch {
			case key(t) < key(s):
				below++
			case key(t) == key(s):
				same++
			}
		}
		pts[s] = float64(below) + float64(same-1)/2
		if g.exits[s].seq > 0 && (last == noSeat || g.exits[s].seq > g.exits[last].seq) {
			last = s
		}
	}
	reason := "vassals"
	if last != noSeat {
		reason = g.exits[last].cause
	}
	return triResult(pts), reason
}

// drawn ends the game in a draw: seats out get 0, the seats in the game
// share the three points (3.24).
func (g *triad) drawn(reason string) []Announcement {
	var in []int
	for s := 0; s < tri.Armies; s++ {
		if g.inGame(s) {
			in = append(in, s)
		}
	}
	var pts [3]float64
	for _, s := range in {
		pts[s] = 3 / float64(len(in))
	}
	return g.end(triResult(pts), reason)
}

// triResult writes points in seat order, "2-1-0", "1.5-1.5-0".
func triResult(pts [3]float64) string {
	var s []string
	for _, p := range pts {
		s = append(s, strconv.FormatFloat(p, 'f', -1, 64))
	}
	return strings.Join(s, "-")
}

// end records the end of the game and announces it.
func (g *triad) end(result, reason string) []Announcement {
	g.result, g.reason, g.turn = result, reason, noSeat
	g.orders.clear()
	return []Announcement{Say("end", triAll(), "result", result, "reason", reason)}
}

// resign removes the seat's king at once (3.25); on its own turn the turn
// passes on.
func (g *triad) resign(s int, rest string) Ruling {
	if rest != "" {
		return Refuse(ReasonUnreadable)
	}
	return g.leave(s, "resignation")
}

// leave removes seat s's king for reason (a resignation, a timeout); on
// its own turn the turn passes on.
func (g *triad) leave(s int, reason string) Ruling {
	before := g.st
	g.st.removeKing(s)
	r := Ruling{Verdict: Accepted, Said: g.aftermath(&before, reason, s)}
	if g.result == "" && g.turn == s {
		r.Said = append(r.Said, g.advance(s)...)
	}
	return r
}

// draw records a seat's wish to draw (3.24): when every seat in the game
// has sent it with no move between, the game is drawn by agreement. Not
// while any seat is a Servant.
func (g *triad) draw(s int, rest string) Ruling {
	if rest != "" {
		return Refuse(ReasonUnreadable)
	}
	if g.st.lords != [3]uint8{} {
		return impossible(s, noSeat)
	}
	g.draws[s] = true
	r := Ruling{Verdict: Accepted, Said: []Announcement{Say("draw-offer", triAll(), "seat", triName(s))}}
	for t := 0; t < tri.Armies; t++ {
		if g.inGame(t) && !g.draws[t] {
			return r
		}
	}
	r.Said = append(r.Said, g.drawn("agreement")...)
	return r
}
