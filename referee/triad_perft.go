package referee

import (
	"fmt"

	"umpire/referee/board"
)

// triadPerft counts the leaves of the move tree from the start (triad.md
// §1): legal moves of §2 with the neutrality rule and no diplomacy. A seat
// with no legal move ends its line (no leaves), as in chess perft; a seat
// whose king was taken is skipped.
func triadPerft(o Options, depth int) (int64, error) {
	if o.FEN != "" {
		return 0, fmt.Errorf("triad perft starts from the start position only")
	}
	plies := make([]triState, depth)
	plies[0] = newTriState()
	return triPerft(plies, 0, depth, true), nil
}

// triPerft counts leaves below plies[0] with seat s to move; the states
// after it are where the plies below are played, so that a node copies
// into memory made once. Without neutral the neutrality rule is left out
// (triad.md gives both counts at depth 6).
func triPerft(plies []triState, s, depth int, neutral bool) int64 {
	st := &plies[0]
	var buf [256]board.Move
	var n int64
	for _, m := range st.pseudo(s, buf[:0]) {
		v, _ := st.judge(s, m, false)
		if v == triIllegal || (v == triNeutral && neutral) {
			continue
		}
		if depth == 1 {
			n++
			continue
		}
		next := &plies[1]
		*next = *st
		next.move(s, m, false)
		if ns := next.nextSeat(s); ns != noSeat {
			n += triPerft(plies[1:], ns, depth-1, neutral)
		}
	}
	return n
}
