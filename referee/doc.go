// Package referee holds the rules of every game the umpire referees. It is
// pure: no I/O, no clock, no randomness, and it imports nothing else of this
// module but its own board packages.
//
// A Variant makes games. A Game turns actions into Rulings and Views: Play
// adjudicates one Action of one seat against the full, secret position and
// answers with a Ruling (a verdict and announcements, each addressed to the
// seats that may hear it); View tells one seat everything it may know and
// nothing more. The god's view and the spectator's view are views too.
//
// A game is rebuilt from its log, the ordered list of the actions that were
// not refused: New, then Play each action again. Replay gives the same
// rulings and views every time.
//
// An illegal try is a Ruling, not an error. Refusals carry a Reason code
// whose words are safe to show: they never name a hidden man.
package referee
