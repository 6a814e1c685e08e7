package house

import (
	"slices"

	"umpire/referee"
	"umpire/referee/board"
)

// The rest of the game, from level 2: the house answers a draw offer at
// once, and where the rule set lets a seat ask the umpire whether it has a
// pawn capture (any?), it asks when one of its pawns could take on a cell
// it cannot see.

// standingOffer reports whether the latest words hold a draw offer of
// another seat, not yet answered.
func standingOffer(v referee.View) bool {
	offered := false
	for _, a := range v.Said {
		switch a.Code {
		case "draw-offer":
			offered = referee.Seat(a.Str("seat")) != v.Seat
		case "draw-declined":
			offered = false
		}
	}
	return offered
}

// drawAnswer is the house's answer to a draw offer: it accepts ("draw")
// when it judges the game drawn or lost, and declines otherwise. It
// judges by material: its own on the board, and the enemy's as far as it
// knows it (what it sees; in the fog, the men the enemy still has, at a
// minor piece's worth each).
func drawAnswer(s *sight, k *kingTrack) string {
	own, seen, seenMen := 0, 0, 0
	for c := range board.Cell(64) {
		m := s.pos.At(c)
		if m.Empty() || m.Kind() == board.King {
			continue
		}
		if m.Army() == s.us {
			own += worth(m, false)
		} else {
			seen += worth(m, false)
			seenMen++
		}
	}
	enemy := seen
	if s.fog && k != nil {
		enemy = 3 * k.men
	}
	bare := own <= 3 && enemy <= 3 // no mate to play for on either side
	if bare || own+2 <= enemy {
		return "draw"
	}
	return "decline"
}

// asksAny reports whether the house should ask any? now: the rule set has
// the question, it did not ask this turn, and a pawn of its own has an
// unseen cell to take on.
func asksAny(s *sight, tried map[string]bool) bool {
	vt, ok := referee.Lookup(s.v.Variant)
	if !ok || tried[askAny] || !slices.Contains(vt.AsksIn(referee.Options{Rules: s.v.Rules}), askAny) {
		return false
	}
	for _, m := range s.tries() {
		p := s.pos.At(m.From)
		if p.Kind() == board.Pawn && board.FileOf(m.From) != board.FileOf(m.To) && s.unknown[m.To] {
			return true
		}
	}
	return false
}

// askAny is the question whether the seat has a pawn capture.
const askAny = "any?"
