package referee

import (
	"strings"

	"umpire/referee/board"
	"umpire/referee/tri"
)

// Move text in triad (triad.md §6). Cells have their own names: a full
// name (`rd4`) anywhere, a bare one (`d4`) in the own third, that of the
// seat whose move it is. Piece letters are those of every other game
// (kriegspiel.md §6.2): Russian letters always, Latin ones in the seat's
// notation language; castling may be written with the Cyrillic О, and a
// pawn capture by files (`gf`) as in the seeds (§6.6). triParse turns a
// text into every reading it has without looking at the board; resolve matches the readings against the
// moves by pattern: exactly one legal match is played, several are refused
// as ambiguous, none is impossible.

// triReading is one way to read a move text.
type triReading struct {
	castle  int        // 1 O-O, 2 O-O-O; 0 otherwise
	piece   board.Kind // SAN: the kind named (Pawn without a letter); NoKind for coordinates
	from    board.Cell // coordinates, or a SAN from-cell; NoCell when absent
	file    int        // SAN from-file 1–8, 0 when absent
	rank    int        // SAN from-rank 1–4, 0 when absent
	to      board.Cell
	promo   board.Kind // NoKind when not written
	capture bool       // SAN wrote x
	toFile  int        // a capture by files (`gf`): the target file 1–8; 0 otherwise
}

// triParse reads a move text for the seat whose third is own, Latin piece
// letters in the notation language lang. It returns no readings when no
// notation reads the text.
func triParse(text string, own int, lang string) []triReading {
	s := strings.TrimRight(strings.TrimSpace(text), "+#")
	if from, to, ok := readFileCapture(s); ok {
		return []triReading{{piece: board.Pawn, from: board.NoCell, to: board.NoCell, file: from + 1, toFile: to + 1, capture: true}}
	}
	switch strings.ToUpper(strings.NewReplacer("0", "O", "О", "O", "о", "O").Replace(s)) {
	case "O-O":
		return []triReading{{castle: 1, from: board.NoCell, to: board.NoCell}}
	case "O-O-O":
		return []triReading{{castle: 2, from: board.NoCell, to: board.NoCell}}
	}
	if r, ok := triCoords(s, own); ok {
		return []triReading{r}
	}
	return triSAN(s, own, lang)
}

// triCell reads a full cell name, or a bare one in third own.
func triCell(s string, own int) (board.Cell, bool) {
	c, ok := tri.Lookup(s)
	if len(s) == 2 {
		c, ok = tri.Bare(s, own)
	}
	return c.Cell(), ok
}

// cutPromo splits a promotion suffix, `=Q` (any case) or, when bare is
// set, a lone `q`, `r`, `b` or `n` after a rank digit.
func cutPromo(s string, bare bool) (string, board.Kind) {
	n := len(s)
	switch {
	case n > 2 && s[n-2] == '=':
		if k := promoKind(s[n-1]); k != board.NoKind {
			return s[:n-2], k
		}
		return s, board.King // unreadable: not a promotion kind
	case bare && n > 2 && s[n-2] >= '1' && s[n-2] <= '4':
		if k := promoKind(s[n-1]); k != board.NoKind {
			return s[:n-1], k
		}
	}
	return s, board.NoKind
}

func promoKind(ch byte) board.Kind {
	if ch >= 'a' && ch <= 'z' {
		ch -= 'a' - 'A'
	}
	switch k := board.KindOf(ch); k {
	case board.Queen, board.Rook, board.Bishop, board.Knight:
		return k
	}
	return board.NoKind
}

// triCoords reads FROM TO with an optional `-` or `x` between and an
// optional promotion: `e2e4`, `wd4xrd4`, `rc2rc1=N`.
func triCoords(s string, own int) (triReading, bool) {
	body, promo := cutPromo(s, true)
	if promo == board.King {
		return triReading{}, false
	}
	for _, n := range []int{2, 3} {
		if len(body) <= n {
			continue
		}
		from, ok1 := triCell(body[:n], own)
		rest := body[n:]
		if rest[0] == '-' || rest[0] == 'x' {
			rest = rest[1:]
		}
		to, ok2 := triCell(rest, own)
		if ok1 && ok2 {
			return triReading{from: from, to: to, promo: promo}, true
		}
	}
	return triReading{}, false
}

// triSAN reads [piece] [from] [x] TO [=P]: every split of the text into a
// from part and a full or bare TO gives a reading, for each of the triad
// kinds the piece letter names in lang (a pawn without one).
func triSAN(s string, own int, lang string) []triReading {
	kinds, rest := pieceLetter(s, lang)
	if kinds == nil {
		kinds = []board.Kind{board.Pawn}
	}
	var out []triReading
	for _, k := range kinds {
		if strings.IndexByte("KQRBNP", k.Letter()) >= 0 {
			out = append(out, triSANBody(k, strings.TrimLeft(rest, " "), own)...)
		}
	}
	return out
}

// triSANBody reads what follows the piece letter of a man of kind k.
func triSANBody(k board.Kind, s string, own int) []triReading {
	base := triReading{piece: k, from: board.NoCell}
	s, base.promo = cutPromo(s, false)
	if base.promo == board.King {
		return nil
	}
	var out []triReading
	for _, n := range []int{3, 2} {
		if len(s) < n {
			continue
		}
		r := base
		to, ok := triCell(s[len(s)-n:], own)
		if !ok {
			continue
		}
		r.to = to
		prefix := s[:len(s)-n]
		for _, mark := range []string{"x", ":"} { // ":" the Russian capture mark
			if p, cut := strings.CutSuffix(prefix, mark); cut {
				prefix, r.capture = p, true
			}
		}
		if r, ok = sanFrom(r, prefix, own); ok {
			out = append(out, r)
		}
	}
	return out
}

// sanFrom reads a SAN from part: nothing, a file, a rank, a bare or a full
// cell.
func sanFrom(r triReading, s string, own int) (triReading, bool) {
	switch {
	case s == "":
		return r, true
	case len(s) == 1 && s[0] >= 'a' && s[0] <= 'h':
		r.file = int(s[0]-'a') + 1
		return r, true
	case len(s) == 1 && s[0] >= '1' && s[0] <= '4':
		r.rank = int(s[0] - '0')
		return r, true
	}
	c, ok := triCell(s, own)
	r.from = c
	return r, ok
}

// matches reports whether a move of army own's seat fits the reading.
func (r triReading) matches(p *board.Position, m board.Move, own int) bool {
	if r.castle != 0 {
		c := p.Rules.Castlings[m.Castle]
		return m.Flag == board.Castle && int(c.Army) == own && c.Long == (r.castle == 2)
	}
	if r.toFile != 0 {
		return tri.At(m.To).F == r.toFile && m.Flag != board.Castle && r.sanFits(p, m)
	}
	if m.To != r.to || !r.promoFits(m) {
		return false
	}
	if r.piece == board.NoKind {
		return m.From == r.from
	}
	return m.Flag != board.Castle && r.sanFits(p, m)
}

// promoFits: a promotion written must be the move's; none written means a
// queen (1.12).
func (r triReading) promoFits(m board.Move) bool {
	if m.Promo == board.NoKind {
		return r.promo == board.NoKind
	}
	return m.Promo == r.promo || (r.promo == board.NoKind && m.Promo == board.Queen)
}

// sanFits checks the piece, the from part and the capture mark; a pawn
// capture must name where it comes from (6.2).
func (r triReading) sanFits(p *board.Position, m board.Move) bool {
	from := tri.At(m.From)
	takes := p.Captured(m) != board.NoCell
	switch {
	case p.Cells[m.From].Kind() != r.piece:
		return false
	case r.from != board.NoCell && m.From != r.from:
		return false
	case r.file != 0 && from.F != r.file, r.rank != 0 && from.R != r.rank:
		return false
	case r.capture && !takes:
		return false
	}
	named := r.from != board.NoCell || r.file != 0 || r.rank != 0
	return r.piece != board.Pawn || !takes || named
}

// resolve finds the move a text names among the candidates of the seat
// whose third is own; sender hears the notices. ok is false with the
// ruling to give instead: refused (unreadable, ambiguous) or impossible
// (no legal match; `neutral` when a match is forbidden only by neutrality).
func (g *triad) resolve(text, lang string, own, sender int, cands []triCand) (triCand, Ruling, bool) {
	readings := triParse(text, own, lang)
	if len(readings) == 0 {
		return triCand{}, Refuse(ReasonUnreadable), false
	}
	var legal, neutral []triCand
	for _, c := range cands {
		if !anyMatch(readings, &g.st.pos, c.m, own) {
			continue
		}
		switch c.v {
		case triLegal:
			legal = append(legal, c)
		case triNeutral:
			neutral = append(neutral, c)
		}
	}
	switch {
	case len(legal) == 1:
		return legal[0], Ruling{}, true
	case len(legal) > 1:
		r := Refuse(ReasonAmbiguous)
		for _, c := range legal {
			r.Readings = append(r.Readings, c.m.Coord(tri.Geometry))
		}
		return triCand{}, r, false
	case len(neutral) > 0:
		return triCand{}, impossible(sender, neutral[0].b), false
	}
	return triCand{}, impossible(sender, noSeat), false
}

func anyMatch(rs []triReading, p *board.Position, m board.Move, own int) bool {
	for _, r := range rs {
		if r.matches(p, m, own) {
			return true
		}
	}
	return false
}
