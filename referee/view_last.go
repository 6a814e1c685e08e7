package referee

import "umpire/referee/board"

// The last moves and the kings a view marks. A seat's picture tints two
// moves: its own last move (View.LastMove) and what it saw of the other
// side's last move (View.Seen). In a game with nothing hidden it saw that
// move whole; in dark chess only the squares of it that its men see now;
// in Kriegspiel nothing. Every helper here reads the seat's own knowledge
// only: its own moves, a public move, or the squares its men see.

// Taken is a man of the seat taken by the other side's last move on a
// square the seat still sees (dark chess, where no capture is announced
// and the view shows it): "your pawn on f7 was taken by a bishop".
type Taken struct {
	Cell string // the square the man was taken on
	Man  byte   // the letter of the man taken
	By   byte   // the letter of the man that took it; 0 when the seat does not see it
}

// seated reports whether s is a seat at the table, not God or a spectator.
func seated(s Seat) bool { return s != God && s != Spectator && s != "" }

// lastMoveBy returns the last accepted move whose seat by accepts, in
// coordinates, or "". Entries keep skips, such as korona's stone
// placements, which are no move on the board.
func (j *journal) lastMoveBy(by func(Seat) bool, keep func(move string) bool) string {
	for i := len(j.entries) - 1; i > 0; i-- {
		e := j.entries[i]
		if e.ruling.Move != "" && by(e.action.Seat) && (keep == nil || keep(e.ruling.Move)) {
			return e.ruling.Move
		}
	}
	return ""
}

// openLastMoves are the two tinted moves of a view in a game where every
// move is public: a seat's own last move and the other side's, whole. God
// and spectators get the last move of anyone as LastMove, nothing as Seen.
func openLastMoves(j *journal, s Seat, split func(string) []string, keep func(string) bool) (own, seen []string) {
	if !seated(s) {
		return split(j.lastMoveBy(func(Seat) bool { return true }, keep)), nil
	}
	own = split(j.lastMoveBy(func(x Seat) bool { return x == s }, keep))
	seen = split(j.lastMoveBy(func(x Seat) bool { return x != s }, keep))
	return own, seen
}

// kingMarks are the kings an 8×8 view marks: the king of the side to move
// when it is in check, or mated when the game ended in checkmate. The
// caller passes only a position the seat may know this of: the whole
// board in an open game or after the end, its own king in Kriegspiel
// (every check is announced to both seats).
func kingMarks(p *board.Position, reason string) (inCheck, mated []string) {
	k := p.King[p.ToMove]
	if k == board.NoCell || !p.InCheck() {
		return nil, nil
	}
	if reason == "checkmate" {
		return nil, []string{p.Geo.CellName(k)}
	}
	return []string{p.Geo.CellName(k)}, nil
}
