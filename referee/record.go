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
// that is over: they tell what each hidden move was. A seat's View carries
// the same names on its score sheet, only where it may see the move
// (SheetLine.SAN), to be written in each reader's letters.
func SAN(v *Variant, o Options, log []Action) ([]string, error) {
	ws, err := writtenLog(v, o, log)
	out := make([]string, len(ws))
	for i, w := range ws {
		if !w.IsZero() {
			out[i] = w.String()
		}
	}
	return out, err
}

// SANIn is SAN in the letters of the reader's language lang (Written.In):
// for the words of a replay or a record meant for that reader, never for
// a PGN.
func SANIn(v *Variant, o Options, log []Action, lang string) ([]string, error) {
	ws, err := writtenLog(v, o, log)
	out := make([]string, len(ws))
	for i, w := range ws {
		if !w.IsZero() {
			out[i] = w.In(lang)
		}
	}
	return out, err
}

// writtenLog is SAN in parts: the zero Written for an entry that is no
// accepted move.
func writtenLog(v *Variant, o Options, log []Action) ([]Written, error) {
	g, err := v.New(o)
	if err != nil {
		return nil, err
	}
	for i, a := range log {
		if r := g.Play(a); r.Verdict == Refused {
			return nil, fmt.Errorf("san: action %d (%s %q) refused: %s", i+1, a.Seat, a.Text, r.Reason)
		}
	}
	out := make([]Written, len(log))
	for i, l := range g.View(God).Sheet { // God's sheet has a line for every entry
		out[i] = l.SAN
	}
	return out, nil
}

// sanOn names the move coord of the army to move on the two-player
// position p (legal: whether its moves must leave the king safe, and so
// whether it has check marks): Raw for a move SAN cannot name, korona2's
// stones included.
func sanOn(p *board.Position, legal bool, coord string) Written {
	if strings.Contains(coord, "@") {
		return Written{Raw: coord, Stones: true} // korona2's stones are written as placed
	}
	var list []board.Move
	if legal {
		list = p.Legal(nil)
	} else {
		list = p.Generate(nil)
	}
	m, ok := findCoord(p.Geo, list, coord)
	if !ok {
		return Written{Raw: coord}
	}
	w := sanMove(p, list, m)
	if p.Rules.Royal == board.NoKind || !legal {
		return w
	}
	next := *p
	next.Apply(m)
	if next.InCheck() { // only a check can be mate: no move list otherwise
		w.Mark = checkMark(true, len(next.Legal(nil)) == 0)
	}
	return w
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
func sanMove(p *board.Position, list []board.Move, m board.Move) Written {
	if m.Flag == board.Castle {
		c := p.Rules.Castlings[m.Castle]
		w := Written{Castle: 1}
		if c.Long {
			w.Castle = 2
		}
		if castlers(p.Rules, c) > 1 { // korona: the king or the dame (korona.md 3.6)
			w.Monarch = p.At(c.Monarch).Kind()
		}
		return w
	}
	g := p.Geo
	w := Written{Piece: p.At(m.From).Kind(), Capture: p.Captured(m) != board.NoCell, To: g.CellName(m.To), Promo: m.Promo}
	switch {
	case w.Piece != board.Pawn:
		w.From = disambiguation(p, list, m)
	case w.Capture:
		w.From = g.CellName(m.From)[:1]
	}
	return w
}

// castlers counts the castlings of the rules for c's army on c's side:
// more than one when two monarchs may castle that way.
func castlers(r *board.Rules, c board.Castling) int {
	n := 0
	for _, o := range r.Castlings {
		if o.Army == c.Army && o.Long == c.Long {
			n++
		}
	}
	return n
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
