package house

import (
	"errors"

	"umpire/referee"
)

// maxActions bounds what the house sends in one go: a Kriegspiel turn may
// take many illegal tries, but never more than this.
const maxActions = 400

// ErrStuck is returned by Turn when every action the house could think of
// on its turn was refused; the game is not changed by refusals, so it is
// safe to stop (and to resign: the game could not go on).
var ErrStuck = errors.New("house: every action refused")

// Play is how Turn sends one action; it returns the referee's ruling.
// Salt-sealed choices get their salt from the Play function's owner.
type Play func(text string) referee.Ruling

// Turn lets the house act for seat while it has something to do in the
// game whose views view gives: its whole turn (tries until one is
// accepted), or its answers off turn. It reads only the seat's views. It
// returns the number of actions sent, refusals included.
func Turn(view func() referee.View, play Play, seed uint64) (int, error) {
	return turn(view, play, func(v referee.View) []string { return Choose(v, seed) })
}

// turn is Turn with the house's choice made by choose.
func turn(view func() referee.View, play Play, choose func(referee.View) []string) (int, error) {
	sent := 0
	for sent < maxActions {
		v := view()
		acts := choose(v)
		if len(acts) == 0 {
			return sent, nil
		}
		took := false
		for _, a := range acts {
			sent++
			r := play(a)
			if r.Verdict == referee.Refused {
				continue
			}
			took = true
			if r.Verdict == referee.Accepted || !isMove(a) {
				break
			}
			// An illegal try: the rest of the list still stands (the try
			// went on the sheet), so go on without choosing again.
		}
		if !took && v.Turn != v.Seat {
			return sent, nil // an answer that was not needed after all
		}
		if !took {
			return sent, ErrStuck
		}
	}
	return sent, ErrStuck
}
