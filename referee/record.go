package referee

import (
	"fmt"
	"strings"

	"umpire/referee/board"
)

// SAN writes the moves of a game's log in standard algebraic notation, as
// a score sheet for after the game: one string per log entry, "" for an
// entry that is not an accepted move. Pieces take the variants' own letters
// (D dame, G generalissimo, C uncrowned monarch, A amazon); korona2's
// stones are written as placed, "S@c3" (several joined by commas, as a
// seat types them; the mined one is never marked). A move that gives check
// ends in "+" and one that mates in "#" only in the variants that have
// check. The names come from the god's position, so they are for a game
// that is over: they tell what each hidden move was.
func SAN(v *Variant, o Options, log []Action) ([]string, error) {
	before, err := v.New(o) // the position before each entry
	if err != nil {
		return nil, err
	}
	after, _ := v.New(o)
	out := make([]string, len(log))
	for i, a := range log {
		r := after.Play(a)
		if r.Verdict == Refused {
			return nil, fmt.Errorf("san: action %d (%s %q) refused: %s", i+1, a.Seat, a.Text, r.Reason)
		}
		if r.Verdict == Accepted && r.Move != "" {
			out[i] = sanOf(before, r.Move)
		}
		before.Play(a)
	}
	return out, nil
}

// notator is a game that can name its next move in SAN.
type notator interface {
	san(coord string) string
}

// sanOf names a move of g, or keeps its coordinates when g cannot name it.
func sanOf(g Game, coord string) string {
	if n, ok := g.(notator); ok {
		if s := n.san(coord); s != "" {
			return s
		}
	}
	return coord
}

// san names the move coord of the army to move on the two-player board.
func (d *duel) san(coord string) string {
	if strings.Contains(coord, "@") {
		return coord // korona2's stones are written as placed
	}
	p := &d.t.pos
	list := d.t.moveList()
	m, ok := findCoord(p.Geo, list, coord)
	if !ok {
		return ""
	}
	s := sanMove(p, list, m)
	if p.Rules.Royal == board.NoKind || !d.t.legal {
		return s
	}
	next := *p
	next.Apply(m)
	return s + checkMark(next.InCheck(), len(next.Legal(nil)) == 0)
}

// findCoord finds the move written coord among list.
func findCoord(g *board.Geometry, list []board.Move, coord string) (board.Move, bool) {
	for _, m := range list {
		if m.Coord(g) == coord {
			return m, true
		}
	}
	return board.Move{}, false
}

// sanMove writes m, one of the moves list of position p, without a check
// mark: castling as O-O or O-O-O, a pawn by its file when it captures, a
// piece by its letter and as much of its cell as tells it from another man
// of its kind that could go to the same cell.
func sanMove(p *board.Position, list []board.Move, m board.Move) string {
	if m.Flag == board.Castle {
		if p.Rules.Castlings[m.Castle].Long {
			return "O-O-O"
		}
		return "O-O"
	}
	g := p.Geo
	man := p.At(m.From)
	capture := p.Captured(m) != board.NoCell
	var b strings.Builder
	from := g.CellName(m.From)
	if man.Kind() == board.Pawn {
		if capture {
			b.WriteString(from[:1] + "x")
		}
	} else {
		b.WriteByte(man.Kind().Letter())
		b.WriteString(disambiguation(p, list, m))
		if capture {
			b.WriteByte('x')
		}
	}
	b.WriteString(g.CellName(m.To))
	if m.Promo != board.NoKind {
		b.WriteString("=" + string(m.Promo.Letter()))
	}
	return b.String()
}

// disambiguation is the part of m's from-cell SAN needs: none when no other
// man of its kind and army can go to m's cell, else the file, the rank, or
// both, the first that is enough.
func disambiguation(p *board.Position, list []board.Move, m board.Move) string {
	from := p.Geo.CellName(m.From)
	file, rank := from[:1], from[1:]
	var rivals []string
	for _, o := range list {
		if o.To == m.To && o.From != m.From && p.At(o.From) == p.At(m.From) && o.Flag != board.Castle {
			rivals = append(rivals, p.Geo.CellName(o.From))
		}
	}
	switch {
	case len(rivals) == 0:
		return ""
	case !anyHas(rivals, file, true):
		return file
	case !anyHas(rivals, rank, false):
		return rank
	}
	return from
}

// anyHas reports whether a cell name of cells starts (file) or ends (rank)
// with part.
func anyHas(cells []string, part string, file bool) bool {
	for _, c := range cells {
		if file && strings.HasPrefix(c, part) || !file && strings.TrimLeft(c, "abcdefghijklmnopqrstuvwxyz") == part {
			return true
		}
	}
	return false
}

// checkMark is "#" for mate, "+" for check, "" otherwise.
func checkMark(check, noMoves bool) string {
	switch {
	case check && noMoves:
		return "#"
	case check:
		return "+"
	}
	return ""
}

// StartFEN is the FEN of a game's start position when it is not chess's
// usual start (a -fen game, or a variant's own men): the SetUp and FEN
// tags of its PGN. It is "" for the usual start and for the triad board,
// which FEN cannot write (its Options.FEN, a triad board string, is
// returned as given).
func StartFEN(v *Variant, o Options) string {
	g, err := v.New(o)
	if err != nil {
		return ""
	}
	d, ok := g.(interface{ startFEN() string })
	if !ok {
		return o.FEN
	}
	if fen := d.startFEN(); fen != board.StartFEN {
		return fen
	}
	return ""
}

// startFEN is the FEN of the table's position, for a game not begun.
func (d *duel) startFEN() string { return d.t.pos.FEN() }
