package referee

import (
	"slices"

	"umpire/referee/board"
)

// The reasons of Kriegspiel's impossible tries (kriegspiel.md §3), each
// resting on the seat's own men and on what the umpire told it this turn,
// never on a man it cannot see: a Ruling's Reason, for the seat alone.
const (
	ReasonNoMan         = "no-man"          // I1: no man of the seat where the try starts
	ReasonOwnTarget     = "own-target"      // I2: a man of the seat on the square it goes to
	ReasonPattern       = "pattern"         // I3: not the man's move pattern, even on an empty board
	ReasonBlocked       = "blocked"         // I4: a man of the seat in the way
	ReasonPromotion     = "promotion"       // I5: a pawn's last-rank move names no piece, or another move names one
	ReasonCastling      = "castling"        // I6: no right to castle that way, as the seat knows it
	ReasonTried         = "tried"           // I7: the same try was ruled illegal this turn
	ReasonPawnDuty      = "pawn-duty"       // english, after any? yes: a pawn capture first
	ReasonNoPawnCapture = "no-pawn-capture" // I8: the umpire said no pawn capture is possible
	ReasonNotTrySquare  = "not-try-square"  // I8: a pawn capture the umpire did not name
	ReasonCheckLine     = "check-line"      // I9: rand, in check: not an answer to it
	ReasonAnyAgain      = "any-again"       // I10: a second any? this turn, or one without pawns
)

// barOrder ranks the reasons of I1–I6 by how far a try got through them.
var barOrder = []string{ReasonNoMan, ReasonOwnTarget, ReasonPattern, ReasonBlocked, ReasonPromotion, ReasonCastling}

// whyNone is the reason the own board rules out every reading of a move
// text (I1–I6): of the readings, the one that got furthest, so that
// "Nf3" with two knights that cannot reach f3 says the knights do not
// move so, not that no man is there. No reading at all: no man.
func whyNone(own *board.Position, us board.Army, tries []Try) string {
	best := ReasonNoMan
	for _, t := range tries {
		if why := ownBoardBars(own, us, t); slices.Index(barOrder, why) > slices.Index(barOrder, best) {
			best = why
		}
	}
	return best
}

// looseTries are the tries of SAN readings from every man of the kind
// named, whether or not it reaches the target: for the reason a SAN
// move no man of that kind can make is ruled out ("Qh4" with the queen
// behind its own pawn: blocked; with no queen: no man).
func looseTries(own *board.Position, us board.Army, rs []Reading) []Try {
	var out []Try
	for _, r := range rs {
		if r.From != board.NoCell || r.Castle != 0 || r.To == board.NoCell {
			continue
		}
		for c := range own.Geo.Len() {
			if m := own.Cells[c]; !m.Empty() && m.Army() == us && m.Kind() == r.Piece {
				out = append(out, Try{From: board.Cell(c), To: r.To, Promo: r.Promo})
			}
		}
	}
	return out
}
