package referee

import "fmt"

// Wait is one decision a game is waiting for: the seat that must make it,
// a key that names it and stays the same while it waits (so that a clock
// can tell a new decision from one already timed), and the action the
// umpire plays for that seat when its time runs out. That action is an
// umpire-only action (it starts with "timeout"): accepted from the umpire,
// logged and replayed like any other.
type Wait struct {
	Seat   Seat
	Key    string
	Action string
}

// A Waiter is a Game that says itself what it waits for, where that is
// more than the seat to move: a Korona game waits for the crowns to be
// sealed, a triad game for offers to be answered and orders to be chosen.
type Waiter interface {
	Waiting() []Wait
}

// Waiting lists the decisions g is waiting for, nothing once it is over.
// A Waiter says them itself; any other game waits for the seat to move to
// make its move, and its time runs out by `timeout`.
func Waiting(g Game) []Wait {
	if w, ok := g.(Waiter); ok {
		return w.Waiting()
	}
	return turnWait(g.Turn(), g.View(God).Ply)
}

// turnWait is the wait for seat s's move number ply: nothing when s is "".
func turnWait(s Seat, ply int) []Wait {
	if s == "" {
		return nil
	}
	return []Wait{{Seat: s, Key: fmt.Sprintf("move %s %d", s, ply), Action: cmdTimeout}}
}
