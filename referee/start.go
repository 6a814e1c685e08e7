package referee

import (
	"fmt"
	"strings"

	"umpire/referee/board"
)

// A -fen start must be a position some game of the variant could reach
// (rules/README.md, `-fen`); one that is not is refused before any action,
// with an error that names the fault. board.ParseFEN already refuses an en
// passant square that no last move could have made.

// startMen says what a variant's 8×8 start position may hold.
type startMen struct {
	key       string
	letters   string // the letters of the men the variant has
	pawnFirst bool   // a pawn may stand on its own first rank (progressive)
	oneKing   bool   // exactly one king a side (the korona family counts its monarchs itself)
}

var (
	orthodoxMen      = startMen{key: "chess", letters: "KQRBNP", oneKing: true}
	progressiveStart = startMen{key: "progressive", letters: "KQRBNPA", pawnFirst: true, oneKing: true}
)

// withKey returns the same checks under another variant's name.
func (s startMen) withKey(key string) startMen { s.key = key; return s }

// checkStart refuses a start position that holds a man the variant does
// not have, a pawn on a rank it cannot stand on, or (with oneKing) a side
// without exactly one king.
func checkStart(p *board.Position, s startMen) error {
	var kings [2]int
	for c := range p.Geo.Len() {
		m := p.Cells[c]
		if m.Empty() {
			continue
		}
		if !strings.ContainsRune(s.letters, rune(m.Kind().Letter())) {
			return fmt.Errorf("%s: %s has a %c on %s, a man this game does not have", s.key, seatOf(m.Army()), m.Kind().Letter(), p.Geo.CellName(board.Cell(c)))
		}
		switch m.Kind() {
		case board.King:
			kings[m.Army()]++
		case board.Pawn:
			if err := checkPawnRank(p, board.Cell(c), m.Army(), s); err != nil {
				return err
			}
		}
	}
	for a, n := range kings {
		if s.oneKing && n != 1 {
			return fmt.Errorf("%s: %s has %d kings; a side has exactly one", s.key, seatOf(board.Army(a)), n)
		}
	}
	return nil
}

// checkPawnRank refuses a pawn of army a on its own last rank (where it
// would have promoted) or, unless the variant allows it, its first.
func checkPawnRank(p *board.Position, c board.Cell, a board.Army, s startMen) error {
	first, last := 0, 7
	if a == 1 {
		first, last = 7, 0
	}
	switch r := board.RankOf(c); {
	case r == last:
		return fmt.Errorf("%s: %s has a pawn on %s, its last rank, where it would have promoted", s.key, seatOf(a), p.Geo.CellName(c))
	case r == first && !s.pawnFirst:
		return fmt.Errorf("%s: %s has a pawn on %s, its first rank, where no pawn can stand", s.key, seatOf(a), p.Geo.CellName(c))
	}
	return nil
}
