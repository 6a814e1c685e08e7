package board

import (
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the usual start of chess.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// ParseFEN reads a Forsyth–Edwards string into an 8×8 position under the
// given rules. Castling letters are those of rules.Castlings; the half-move
// and move counters may be left out.
func ParseFEN(fen string, r *Rules) (Position, error) {
	p := NewPosition(Standard, r)
	f := strings.Fields(fen)
	if len(f) < 2 {
		return p, fmt.Errorf("fen: want at least placement and side to move")
	}
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 8 {
		return p, fmt.Errorf("fen: want 8 ranks, have %d", len(ranks))
	}
	for i, row := range ranks {
		file := 0
		for _, ch := range []byte(row) {
			switch {
			case ch >= '1' && ch <= '8':
				file += int(ch - '0')
			case file < 8 && KindOf(upper(ch)) != NoKind:
				army := Army(0)
				if ch >= 'a' {
					army = 1
				}
				p.Cells[Sq(file, 7-i)] = NewMan(army, KindOf(upper(ch)))
				file++
			default:
				return p, fmt.Errorf("fen: bad rank %q", row)
			}
		}
		if file != 8 {
			return p, fmt.Errorf("fen: rank %q has %d files", row, file)
		}
	}
	switch f[1] {
	case "w":
		p.ToMove = 0
	case "b":
		p.ToMove = 1
	default:
		return p, fmt.Errorf("fen: side to move %q", f[1])
	}
	if len(f) > 2 && f[2] != "-" {
		for _, ch := range []byte(f[2]) {
			i := castlingIndex(r, ch)
			if i < 0 {
				return p, fmt.Errorf("fen: castling letter %q", ch)
			}
			p.Rights |= 1 << i
		}
	}
	if len(f) > 3 && f[3] != "-" {
		c, ok := Standard.Lookup(f[3])
		if !ok || (RankOf(c) != 2 && RankOf(c) != 5) {
			return p, fmt.Errorf("fen: en passant square %q", f[3])
		}
		victim := Sq(FileOf(c), map[int]int{2: 3, 5: 4}[RankOf(c)])
		start := Sq(FileOf(c), map[int]int{2: 1, 5: 6}[RankOf(c)])
		// The square must be one the last move can have made: the side not
		// to move stepped a pawn two squares over it, from an empty start
		// square to the square beyond.
		passed := RankOf(c) == map[Army]int{0: 5, 1: 2}[p.ToMove] && p.Cells[c].Empty() &&
			p.Cells[start].Empty() && p.Cells[victim] == NewMan(p.Next(p.ToMove), Pawn)
		if !passed {
			return p, fmt.Errorf("fen: en passant square %s: no last move could have made it", f[3])
		}
		if r.EnPassant {
			p.EP, p.EPVictim = c, victim
		}
	}
	var err error
	if len(f) > 4 {
		if p.Halfmove, err = strconv.Atoi(f[4]); err != nil || p.Halfmove < 0 {
			return p, fmt.Errorf("fen: half-move clock %q", f[4])
		}
	}
	if len(f) > 5 {
		if p.Fullmove, err = strconv.Atoi(f[5]); err != nil || p.Fullmove < 1 {
			return p, fmt.Errorf("fen: move number %q", f[5])
		}
	}
	p.FindKings()
	return p, nil
}

func upper(ch byte) byte {
	if ch >= 'a' && ch <= 'z' {
		return ch - 'a' + 'A'
	}
	return ch
}

func castlingIndex(r *Rules, letter byte) int {
	for i, c := range r.Castlings {
		if c.Letter == letter {
			return i
		}
	}
	return -1
}

// Placement writes the men of an 8×8 position as a board string: ranks 8
// to 1 separated by '/', one letter a square, '.' for empty.
func (p *Position) Placement() string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			b.WriteByte(p.Cells[Sq(f, r)].Letter())
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// FEN writes an 8×8 position as a Forsyth–Edwards string.
func (p *Position) FEN() string {
	var b strings.Builder
	for i, row := range strings.Split(p.Placement(), "/") {
		if i > 0 {
			b.WriteByte('/')
		}
		empty := 0
		for _, ch := range []byte(row) {
			if ch == '.' {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(ch)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
	}
	side := "w"
	if p.ToMove == 1 {
		side = "b"
	}
	fmt.Fprintf(&b, " %s %s %s %d %d", side, p.CastlingField(), p.Geo.CellName(p.EP), p.Halfmove, p.Fullmove)
	return b.String()
}

// CastlingField writes the castling rights as FEN letters, "-" for none.
func (p *Position) CastlingField() string {
	var s []byte
	for i, c := range p.Rules.Castlings {
		if p.Rights&(1<<i) != 0 {
			s = append(s, c.Letter)
		}
	}
	if len(s) == 0 {
		return "-"
	}
	return string(s)
}
