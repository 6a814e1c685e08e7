package referee

import (
	"strings"

	"umpire/referee/board"
)

// table is the umpire's own board for the two-player 8×8 variants: the full
// position, how often each position occurred, the accepted moves and the
// end of the game. Variants wrap it with what their seats may know.
type table struct {
	pos    board.Position
	seen   map[string]int // repetition counts by position key
	moves  []board.Move   // accepted moves, in order
	result string
	reason string
	legal  bool // positions count as the same only with the same legal en passant captures
}

// newTable sets up a table from the options' FEN (or the usual start), a
// position of the orthodox men that a game can reach (checkStart).
func newTable(o Options, r *board.Rules, legal bool, key string) (*table, error) {
	fen := o.FEN
	if fen == "" {
		fen = board.StartFEN
	}
	p, err := board.ParseFEN(fen, r)
	if err != nil {
		return nil, err
	}
	if err := checkStart(&p, orthodoxMen.withKey(key)); err != nil {
		return nil, err
	}
	t := &table{pos: p, seen: map[string]int{}, legal: legal}
	t.seen[t.key()]++
	return t, nil
}

// armyOf and seatOf translate between seats and the generator's armies.
func armyOf(s Seat) (board.Army, bool) {
	switch s {
	case White:
		return 0, true
	case Black:
		return 1, true
	}
	return 0, false
}

func seatOf(a board.Army) Seat {
	if a == 0 {
		return White
	}
	return Black
}

func other(s Seat) Seat {
	if s == White {
		return Black
	}
	return White
}

// turn is the seat to move, "" once the game is over.
func (t *table) turn() Seat {
	if t.result != "" {
		return ""
	}
	return seatOf(t.pos.ToMove)
}

// moveList lists the moves of the army to move: legal ones when the table
// judges check, pseudo-legal ones otherwise.
func (t *table) moveList() []board.Move {
	if t.legal {
		return t.pos.Legal(nil)
	}
	return t.pos.Generate(nil)
}

// key identifies a position for repetition: the men, the side to move, the
// castling rights and the en passant captures that can be made.
func (t *table) key() string {
	ep := "-"
	if t.pos.EP != board.NoCell {
		for _, m := range t.moveList() {
			if m.Flag == board.EnPassant {
				ep = t.pos.Geo.CellName(m.To)
				break
			}
		}
	}
	return strings.Join([]string{t.pos.Placement(), seatOf(t.pos.ToMove).String(), t.pos.CastlingField(), ep}, " ")
}

// play applies an accepted move and counts the new position.
func (t *table) play(m board.Move) {
	t.pos.Apply(m)
	t.moves = append(t.moves, m)
	t.seen[t.key()]++
}

// end records the end of the game.
func (t *table) end(result, reason string) { t.result, t.reason = result, reason }

// winFor is the result string of a win for seat s.
func winFor(s Seat) string {
	if s == White {
		return "1-0"
	}
	return "0-1"
}

// repeated reports a third occurrence of the current position.
func (t *table) repeated() bool { return t.seen[t.key()] >= 3 }

// fifty reports 100 plies without a capture or a pawn move.
func (t *table) fifty() bool { return t.pos.Halfmove >= 100 }

// insufficient reports that no mate can happen (kriegspiel.md 2.4.2): no
// pawn, rook or queen, and either every minor piece is a bishop on one
// colour of square (none at all counts) or one knight is the only one.
func (t *table) insufficient() bool {
	var knights, bishops [2]int
	for c := board.Cell(0); c < 64; c++ {
		m := t.pos.Cells[c]
		switch m.Kind() {
		case board.NoKind, board.King:
		case board.Knight:
			knights[0]++
		case board.Bishop:
			bishops[(board.FileOf(c)+board.RankOf(c))%2]++
		default:
			return false
		}
	}
	if knights[0] == 0 {
		return bishops[0] == 0 || bishops[1] == 0
	}
	return knights[0] == 1 && bishops[0]+bishops[1] == 0
}

// godBoard is the full board string.
func (t *table) godBoard() string { return t.pos.Placement() }

// cells turns a board string into view cells in a1…h8 order.
func cells(boardString string) []byte {
	rows := strings.Split(boardString, "/")
	out := make([]byte, 64)
	for i, row := range rows {
		for f := 0; f < 8 && f < len(row); f++ {
			out[(7-i)*8+f] = row[f]
		}
	}
	return out
}

// String lets a Seat print itself.
func (s Seat) String() string { return string(s) }
