package store

import (
	"time"

	"umpire/referee"
)

// Wait is one decision a game's clock is timing: the referee's key for it
// (referee.Wait), the seat that must make it and the umpire's action when
// its time runs out, when that is, and the reminders still to send, the
// earliest first.
type Wait struct {
	Key    string       `json:"key"`
	Seat   referee.Seat `json:"seat"`
	Action string       `json:"action"`
	Ends   time.Time    `json:"ends"`
	Remind []time.Time  `json:"remind,omitempty"`
	// Began is when the decision's time began (a bank is charged from
	// it); Flagged when it ran out under the claim rule, the opponents'
	// to claim (bot/timerules.go). Zero for none.
	Began   time.Time `json:"began,omitzero"`
	Flagged time.Time `json:"flagged,omitzero"`
	// Heard is set once the seat was heard during the decision: an action
	// of its that another seat heard of (a try announced, an offer, a
	// pause offered, time given). A seat never heard is one that sent
	// nothing, whom an automatic extension is for (bot/pace).
	Heard bool `json:"heard,omitempty"`
}
