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
	st := newTriState()
	return triPerft(&st, 0, depth, true), nil
}

// triPerft counts leaves below st with seat s to move. Without neutral the
// neutrality rule is left out (triad.md gives both counts at depth 6).
func triPerft(st *triState, s, depth int, neutral bool) int64 {
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
		next := *st
		next.move(s, m, false)
		if ns := next.nextSeat(s); ns != noSeat {
			n += triPerft(&next, ns, depth-1, neutral)
		}
	}
	return n
}
