package referee

import (
	"strings"

	"umpire/referee/board"
)

// Time running out. The umpire's `timeout` (command.go) is played for a
// seat whose time for a decision ran out. In the two-player games it loses
// the game, unless the opponent could not win by any series of legal moves
// (mateless): then it is a draw, as in correspondence chess. In Korona,
// Korona-2 and Krono the crowns are sealed on their own time: a seat that
// has not sealed by then loses, and when neither has, the game is drawn. In
// triad a seat out of time on its move leaves the game as a resignation
// would; a held order it did not choose is dropped, and an offer not
// answered lapses (triad_timeout.go).

// timeoutResult is the result when seat s runs out of time on t.
func (t *table) timeoutResult(s Seat) string {
	if them, ok := armyOf(other(s)); ok && t.mateless(them) {
		return "1/2-1/2"
	}
	return winFor(other(s))
}

// mateless reports whether army a could not win by any series of legal
// moves, by a material test. Only games of mate (the table judges check)
// are judged: where a king is captured (dark chess, the Korona family), a
// lone king can still walk up to the enemy monarch and take it. In a game
// of mate, a cannot mate when it has only its king; when it has a king and
// one bishop or knight and the other army only its king; and when every
// man but the kings is a bishop and all of them stand on squares of one
// colour.
func (t *table) mateless(a board.Army) bool {
	if !t.legal {
		return false
	}
	var ours, theirs, others int
	colours := map[int]bool{}
	for c := range t.pos.Geo.Len() {
		m := t.pos.Cells[c]
		if m.Empty() || m.Kind() == board.King {
			continue
		}
		if m.Army() == a {
			ours++
		} else {
			theirs++
		}
		switch m.Kind() {
		case board.Bishop:
			colours[(board.FileOf(board.Cell(c))+board.RankOf(board.Cell(c)))%2] = true
		case board.Knight:
			others++
		default:
			others += 2
		}
	}
	switch {
	case ours == 0:
		return true
	case ours == 1 && theirs == 0 && others <= 1:
		return true
	}
	return others == 0 && len(colours) == 1
}

// crownTimeout plays the umpire's timeout in a Korona game before both
// crowns are sealed (korona.md 2.3): the seat must be one that has not
// sealed; it loses, or the game is drawn when the other has not sealed
// either. ok is false when the crowns are sealed (or it is no timeout):
// then the timeout is the shared one, on the seat's move.
func (g *korona) crownTimeout(a Action) (r Ruling, ok bool) {
	if !strings.EqualFold(strings.TrimSpace(a.Text), cmdTimeout) || g.crowned() || g.t.result != "" {
		return Ruling{}, false
	}
	us, _ := armyOf(a.Seat)
	if g.crown[us] >= 0 {
		return Refuse(ReasonNotHere), true
	}
	result := winFor(other(a.Seat))
	if g.crown[1-us] < 0 {
		result = "1/2-1/2"
	}
	return g.offers.finish(g.t, result, "timeout"), true
}

// Waiting is what a Korona game waits for: before the first move, the
// crown of each seat that has not sealed it; then the seat to move.
func (g *korona) Waiting() []Wait {
	if g.t.result != "" {
		return nil
	}
	if g.crowned() {
		return turnWait(g.t.turn(), g.turns)
	}
	var out []Wait
	for _, s := range TwoSeats {
		if us, _ := armyOf(s); g.crown[us] < 0 {
			out = append(out, Wait{Seat: s, Kind: WaitCrown, Key: string(WaitCrown) + " " + string(s), Action: cmdTimeout})
		}
	}
	return out
}
