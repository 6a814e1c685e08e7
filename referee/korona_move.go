package referee

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"umpire/referee/board"
)

// A fairyLetter is a piece letter a variant adds to ParseMove's: G and Ф
// for korona's generalissimo, C for krono's uncrowned monarch, A for
// progressive chess's terminator. As a piece letter it is matched exactly
// at the start of a move; as a promotion letter, at its end, in any case.
type fairyLetter struct {
	text rune
	kind board.Kind
}

// koronaLetters are the letters of the korona family: G and Ф for the
// generalissimo, C for krono's uncrowned monarch. Korona reads C too, so
// that a promotion to it is impossible (3.7) rather than unreadable. With C,
// `Cxf3` is both the Esperanto knight (ParseMove's Cx) and a C taking on
// f3; the board decides (6.1).
var koronaLetters = []fairyLetter{{'G', board.General}, {'Ф', board.General}, {'C', board.Crownless}}

// readFairy reads a move text with ParseMove, in the notation language
// lang, and with the variant's own letters: every reading of either. A fairy letter is read by putting a
// letter ParseMove knows in its place (N for a piece, B for a promotion)
// and changing the kind of the readings that come from it. Readings of a
// kind in drop are left out. It returns ErrUnreadable when nothing reads.
func readFairy(text, lang string, letters []fairyLetter, drop board.Kind) ([]Reading, error) {
	s := strings.TrimRightFunc(strings.TrimSpace(text), isMoveTrailer)
	var out []Reading
	add := func(r Reading) {
		if r.Piece == drop && drop != board.NoKind || r.Promo == drop && drop != board.NoKind {
			return
		}
		for _, x := range out {
			if x == r {
				return
			}
		}
		out = append(out, r)
	}
	plain, _ := ParseMove(s, lang)
	for _, r := range plain {
		add(r)
	}
	first, n := utf8.DecodeRuneInString(s)
	last, m := utf8.DecodeLastRuneInString(s)
	for _, l := range letters {
		if n > 0 && first == l.text {
			rs, _ := ParseMove("N"+s[n:], lang)
			for _, r := range rs {
				if r.Piece == board.Knight {
					r.Piece = l.kind
					add(r)
				}
			}
		}
		if m > 0 && unicode.ToUpper(last) == l.text && len(s) > m {
			rs, _ := ParseMove(strings.TrimSuffix(s[:len(s)-m], "=")+"=B", lang)
			for _, r := range rs {
				if r.Promo == board.Bishop {
					r.Promo = l.kind
					add(r)
				}
			}
		}
	}
	if len(out) == 0 {
		return nil, ErrUnreadable
	}
	return out, nil
}

// matchPromo returns the moves of list that the tries name. A try without
// a promotion letter matches a promotion only to def, the variant's
// default piece; a castling try matches only a castling.
func matchPromo(tries []Try, list []board.Move, def board.Kind) []board.Move {
	var out []board.Move
	for _, m := range list {
		for _, t := range tries {
			promo := t.Promo == m.Promo || t.Promo == board.NoKind && m.Promo == def
			if t.From == m.From && t.To == m.To && promo && (t.Castle == 0 || m.Flag == board.Castle) {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

// koronaCastle reads castling as korona.md 3.6 writes it: O-O or O-O-O
// (or with zeros), the monarch in brackets after it or, in Esperanto, as a
// letter before it; spaces anywhere. A Latin letter is read in the notation
// language lang (korona.md 1.3): K is the king in English, R in Esperanto.
// It reports whether the text is a castling, whether it is long, and the
// monarch named (NoKind when none).
func koronaCastle(text, lang string) (long bool, monarch board.Kind, ok bool) {
	s := strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, strings.TrimRightFunc(text, isMoveTrailer))
	if open := strings.IndexByte(s, '('); open >= 0 {
		if !strings.HasSuffix(s, ")") {
			return false, 0, false
		}
		monarch, ok = koronaMonarchLetter(s[open+1:len(s)-1], lang)
		if !ok {
			return false, 0, false
		}
		s = s[:open]
	} else {
		for _, prefix := range []string{"Кр", "Д", "K", "R", "D"} {
			if rest, found := strings.CutPrefix(s, prefix); found {
				if monarch, ok = koronaMonarchLetter(prefix, lang); !ok {
					return false, 0, false
				}
				s = rest
				break
			}
		}
	}
	rs := readCastling(s)
	if len(rs) != 1 {
		return false, 0, false
	}
	return rs[0].Castle == 2, monarch, true
}

// koronaMonarchLetter reads the monarch named in a castling, a Latin K or
// R in the notation language lang.
func koronaMonarchLetter(s, lang string) (board.Kind, bool) {
	switch {
	case s == "Кр", s == "K" && lang != NotationEsperanto, s == "R" && lang != NotationEnglish:
		return board.King, true
	case s == "D", s == "Д":
		return board.Dame, true
	}
	return board.NoKind, false
}

// tries turns a move text into the seat's tries (korona.md 1.3, 1.4, 3.6,
// 3.7). Any Latin Q makes the text unreadable: Q is no letter of these
// variants.
func (g *korona) tries(text string, us board.Army, lang string) ([]Try, error) {
	if strings.ContainsAny(text, "Qq") {
		return nil, ErrUnreadable
	}
	p := &g.t.pos
	if long, monarch, ok := koronaCastle(text, lang); ok {
		var out []Try
		for i, c := range p.Rules.Castlings {
			if c.Army == us && c.Long == long && (monarch == board.NoKind || castlingMonarch(i) == monarch) {
				out = append(out, Try{From: c.Monarch, To: c.MonarchTo, Castle: 1 + koronaB2I(long)})
			}
		}
		return out, nil
	}
	rs, err := readFairy(text, lang, g.kind.letters, board.Queen)
	return fullViewTries(p, us, rs, err, text)
}

func koronaB2I(b bool) int {
	if b {
		return 1
	}
	return 0
}

// move rules on a move try. The board is public, so a try that matches no
// pseudo-legal move is impossible; several matches are refused with their
// readings (a bare O-O that both monarchs could make, say).
func (g *korona) move(s Seat, us board.Army, text, lang string) Ruling {
	tries, err := g.tries(text, us, lang)
	if err != nil && namesQueen(text) {
		return Refuse(ReasonQueenLetter)
	}
	if err != nil {
		return Refuse(ReasonUnreadable)
	}
	p := &g.t.pos
	found := matchPromo(tries, p.Generate(nil), board.General)
	switch len(found) {
	case 0:
		return impossibleFor(s)
	case 1:
		return g.accept(s, found[0])
	}
	return Ruling{Verdict: Refused, Reason: ReasonAmbiguous, Readings: coords(p.Geo, found)}
}

// isMonarch reports whether a man is a king or a dame: only they can hold
// the crown (korona.md 1.1).
func isMonarch(m board.Man) bool {
	return !m.Empty() && (m.Kind() == board.King || m.Kind() == board.Dame)
}

// accept plays a move and says what it did, in the order of korona.md 4.1
// and 5.10: capture, explosion, monarch-captured, the mine's reveal, the
// crown's reveal and crown-revealed; then the end of the game, if any.
func (g *korona) accept(s Seat, m board.Move) Ruling {
	p := &g.t.pos
	r := Ruling{Verdict: Accepted, Move: m.Coord(p.Geo)}
	victim := p.Captured(m)
	var taken board.Man
	if victim != board.NoCell {
		taken = p.Cells[victim]
	}
	mover := p.Cells[m.From]
	r.Said = captureSaid(p, m, Both(), false)
	g.t.play(m)
	g.offers.moved(s)
	g.turns++
	lost, loser := board.Man(0), board.Army(0)
	exploded := taken.Kind() == board.Mine
	if exploded {
		p.Cells[m.To] = 0
		r.Said = append(r.Said, Say("explosion", Both(), "square", p.Geo.CellName(m.To)))
		if isMonarch(mover) {
			lost, loser = mover, mover.Army()
		}
	} else if isMonarch(taken) {
		lost, loser = taken, taken.Army()
	}
	if lost != 0 {
		name := map[board.Kind]string{board.King: "king", board.Dame: "dame"}[lost.Kind()]
		r.Said = append(r.Said, Say("monarch-captured", Both(), "square", p.Geo.CellName(m.To),
			"monarch", name, "crowned", g.holder[loser] == lost.Kind()))
	}
	if exploded {
		r.Said = append(r.Said, g.openNote(g.mine[taken.Army()])...)
	}
	if lost != 0 {
		r.Said = append(r.Said, g.openNote(g.crown[loser])...)
		if !g.fallen[loser] {
			g.fallen[loser], g.fellAt[loser] = true, len(g.j.entries) // the entry this ruling becomes
		}
		if g.holder[loser] == lost.Kind() {
			g.t.end(winFor(seatOf(1-loser)), "crown-captured")
		}
	}
	g.seen[g.key()]++
	if g.t.result != "" || g.judge() {
		r.Said = append(r.Said, g.ending()...)
	}
	return r
}

// judge applies the automatic ends of korona.md 4.4 and 4.6 to the seat to
// move: no legal action (a loss, a draw when stones made it), bare king-movers,
// threefold repetition, fifty moves. It reports whether the game ended.
func (g *korona) judge() bool {
	t := g.t
	switch {
	case !g.canAct(t.pos.ToMove) && g.stonesBlock(t.pos.ToMove):
		t.end("1/2-1/2", "stalemate")
	case !g.canAct(t.pos.ToMove):
		t.end(winFor(seatOf(1-t.pos.ToMove)), "stalemate-loss")
	case g.bare():
		t.end("1/2-1/2", "insufficient-material")
	case g.seen[g.key()] >= 3:
		t.end("1/2-1/2", "repetition")
	case t.pos.Halfmove >= 100:
		t.end("1/2-1/2", "fifty-move")
	default:
		return false
	}
	return true
}

// canAct reports whether an army has a move or may place a stone.
func (g *korona) canAct(a board.Army) bool {
	p := g.t.pos
	p.ToMove = a
	if len(p.Generate(nil)) > 0 {
		return true
	}
	if !g.kind.stones || !g.fallen[a] || g.reserve[a] == 0 {
		return false
	}
	for c := range p.Geo.Len() {
		if p.Cells[c].Empty() {
			return true
		}
	}
	return false
}

// stonesBlock reports whether the stones made army a's blockade (korona.md
// 4.4, seed 000): with every stone, mined or not, taken off the board, a
// would have a move. Only korona2 has stones.
func (g *korona) stonesBlock(a board.Army) bool {
	if !g.kind.stones {
		return false
	}
	p := g.t.pos
	p.ToMove = a
	for c := range p.Geo.Len() {
		if k := p.Cells[c].Kind(); k == board.Stone || k == board.Mine {
			p.Cells[c] = 0
		}
	}
	return len(p.Generate(nil)) > 0
}

// bare reports that each seat has exactly one man, a king-mover, and no
// stone in reserve (korona.md 4.6c).
func (g *korona) bare() bool {
	var men [2]int
	p := &g.t.pos
	for c := range p.Geo.Len() {
		m := p.Cells[c]
		if m.Empty() {
			continue
		}
		if !m.Kind().Steps() || m.Kind().Slides(true) || m.Kind().Leaps() {
			return false
		}
		men[m.Army()]++
	}
	return men[0] == 1 && men[1] == 1 && g.reserve[0] == 0 && g.reserve[1] == 0
}

// key identifies a position for repetition (korona.md 4.6a): the men with
// mines as X, side to move, castling letters, en passant when a capture
// there is possible, and the stones in reserve.
func (g *korona) key() string {
	t := g.t
	ep := "-"
	if t.pos.EP != board.NoCell {
		for _, m := range t.pos.Generate(nil) {
			if m.Flag == board.EnPassant {
				ep = t.pos.Geo.CellName(m.To)
				break
			}
		}
	}
	return strings.Join([]string{t.pos.Placement(), seatOf(t.pos.ToMove).String(), t.pos.CastlingField(), ep,
		string(rune('0' + g.reserve[0])), string(rune('0' + g.reserve[1]))}, " ")
}

// ReasonQueenLetter refuses a move of the Korona family written with the
// queen's letter Q, which these variants do not have (korona.md 1.4): the
// dame is D, the generalissimo G.
const ReasonQueenLetter = "queen-letter"

// namesQueen reports whether a move text starts with the queen's letter,
// as in Qd7 or Qxd7.
func namesQueen(text string) bool {
	t := strings.TrimSpace(text)
	return len(t) >= 3 && t[0] == 'Q' && t[1] != '-'
}
