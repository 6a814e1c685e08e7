package referee

import "strings"

// Game commands every two-player variant shares. They are actions like
// moves, so a game's log replays them.
const (
	cmdResign  = "resign"
	cmdDraw    = "draw"    // offer a draw, or accept the opponent's offer
	cmdDecline = "decline" // decline the opponent's offer
	// timeout is sent by the umpire, not a player: the seat's time to move
	// ran out. It is accepted only on the seat's turn and loses the game,
	// or draws it when the opponent could not win (timeout.go).
	cmdTimeout = "timeout"
)

// isCommand reports whether text is one of the shared game commands.
func isCommand(text string) bool {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case cmdResign, cmdDraw, cmdDecline, cmdTimeout:
		return true
	}
	return false
}

// offers remembers a standing draw offer: the seat that made it, or "".
type offers struct{ by Seat }

// command plays a shared game command on table t. The seat may send them
// out of turn. A draw offer stands until the other seat accepts, declines or
// makes a move (which declines it).
func (o *offers) command(t *table, a Action) Ruling {
	if t.result != "" {
		return Refuse(ReasonGameOver)
	}
	switch strings.ToLower(strings.TrimSpace(a.Text)) {
	case cmdResign:
		return o.finish(t, winFor(other(a.Seat)), "resignation")
	case cmdTimeout:
		if t.turn() != a.Seat {
			return Refuse(ReasonNotYourTurn)
		}
		return o.finish(t, t.timeoutResult(a.Seat), "timeout")
	case cmdDraw:
		if o.by == other(a.Seat) {
			return o.finish(t, "1/2-1/2", "agreement")
		}
		o.by = a.Seat
		return Ruling{Verdict: Accepted, Said: []Announcement{Say("draw-offer", Both(), "seat", string(a.Seat))}}
	case cmdDecline:
		if o.by != other(a.Seat) {
			return Refuse(ReasonNotHere)
		}
		o.by = ""
		return Ruling{Verdict: Accepted, Said: []Announcement{Say("draw-declined", Both(), "seat", string(a.Seat))}}
	}
	return Refuse(ReasonUnreadable)
}

func (o *offers) finish(t *table, result, reason string) Ruling {
	t.end(result, reason)
	o.by = ""
	return Ruling{Verdict: Accepted, Said: []Announcement{endSaid(t)}}
}

// moved clears an offer that the mover's move declines.
func (o *offers) moved(s Seat) {
	if o.by != s {
		o.by = ""
	}
}

// endSaid is the end announcement of a finished table, to both seats.
func endSaid(t *table) Announcement {
	return Say("end", Both(), "result", t.result, "reason", t.reason)
}
