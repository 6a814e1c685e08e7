package referee

import (
	"fmt"
	"strings"
)

// Wait is one decision a game is waiting for: the seat that must make it,
// a key that names it and stays the same while it waits (so that a clock
// can tell a new decision from one already timed), and the action the
// umpire plays for that seat when its time runs out. That action is an
// umpire-only action (it starts with "timeout"): accepted from the umpire,
// logged and replayed like any other.
type Wait struct {
	Seat Seat
	Kind WaitKind
	// Offer is the diplomatic offer the seat is to answer, for a Wait of
	// kind WaitOffer (three-player chess): its kind and the seat that made
	// it (Offer.To).
	Offer Offer
	// Key names the decision for the clocks, which store it; read its
	// kind with WaitKindOf, never by taking it apart.
	Key    string
	Action string
}

// WaitKind is what a decision is.
type WaitKind string

// The kinds of decisions a game waits for.
const (
	WaitMove   WaitKind = "move"   // a move (or, in Korona-2, stones)
	WaitCrown  WaitKind = "crown"  // a crown to seal before the first move (Korona)
	WaitChoose WaitKind = "choose" // which of the orders held to play (three-player chess)
	WaitOffer  WaitKind = "offer"  // an answer to a diplomatic offer (three-player chess)
)

// WaitKindOf is the kind of the decision a Wait's Key names.
func WaitKindOf(key string) WaitKind {
	kind, _, _ := strings.Cut(key, " ")
	return WaitKind(kind)
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
	return []Wait{{Seat: s, Kind: WaitMove, Key: fmt.Sprintf("%s %s %d", WaitMove, s, ply), Action: cmdTimeout}}
}
