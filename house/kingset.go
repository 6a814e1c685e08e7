package house

import (
	"strings"

	"umpire/referee"
	"umpire/referee/board"
)

// The hidden king. In Kriegspiel the seat never sees the enemy, but its
// score sheet pins the enemy king down: it started on its first cell, it
// moves a step at a time (or castles), never onto the seat's men nor into
// their attack, and the umpire told the seat of each of its own moves
// whether it took a man and whether it gave check (SheetLine.Heard). kingSet replays the sheet on a board of the seat's
// men and keeps every cell the king may stand on: a set that always holds
// it (TestKingSetHoldsTheKing checks this against the god's view). While
// other enemy men stand, they may block the seat's lines, so only the
// checks announced and the seat's own cells narrow the set; once the king
// stands alone, every attack counts, and it must move each turn.

// kingTrack is what the sheet says of the enemy.
type kingTrack struct {
	cells cellSet // where the enemy king may stand now
	men   int     // the enemy's men but its king, as the captures told
	pos   board.Position
	// seen counts how often each placement of the seat's men stood after
	// its own moves: a move back to one risks a draw by repetition.
	seen map[[64]board.Man]int
	// quiet counts the plies since the last capture or pawn move the seat
	// knows of: never fewer than the referee's count towards the
	// fifty-move rule (an enemy pawn's move, which the seat does not hear
	// of, only restarts that one sooner).
	quiet int
}

// trackKing replays v's sheet; ok is false when the sheet cannot be read
// so (a game from a set-up position, a move the seat wrote otherwise).
func trackKing(v referee.View, rules *board.Rules) (kingTrack, bool) {
	us := armyOf(v.Seat)
	start, err := board.ParseFEN(board.StartFEN, rules)
	if err != nil {
		return kingTrack{}, false
	}
	pos := start
	home := board.NoCell
	for c := range board.Cell(64) {
		m := pos.At(c)
		if m.Empty() || m.Army() == us {
			continue
		}
		if m.Kind() == board.King {
			home = c
		}
		pos.Put(c, board.Man(0))
	}
	k := kingTrack{pos: pos, seen: map[[64]board.Man]int{}}
	k.cells.Set(home)
	enemy := 16
	for _, l := range v.Sheet {
		if l.Seat != v.Seat {
			k.enemyMoved(l.Text, enemy == 1, us)
			k.quiet++
			if strings.HasPrefix(l.Text, "?x") {
				k.quiet = 0
			}
			continue
		}
		if l.Verdict != referee.Accepted || !isMove(l.Text) || l.SAN.Stones {
			continue
		}
		took, checked := heard(l.Heard)
		if took {
			enemy--
		}
		k.quiet++
		if from, ok := board.Standard.Lookup(strings.ToLower(l.Text[:2])); took || ok && k.pos.At(from).Kind() == board.Pawn {
			k.quiet = 0
		}
		if !k.ourMove(l, us, checked, enemy == 1) {
			return kingTrack{}, false
		}
		k.seen[placement(&k.pos, us)]++
	}
	k.men = enemy - 1
	if !sameOwn(&k.pos, v, us) {
		return kingTrack{}, false
	}
	return k, true
}

// sameOwn reports whether the seat's men on p stand as the view shows them.
func sameOwn(p *board.Position, v referee.View, us board.Army) bool {
	if len(v.Cells) != 64 {
		return false
	}
	for c := range board.Cell(64) {
		m := p.At(c)
		mine := !m.Empty() && m.Army() == us
		if mine != ownLetter(v.Cells[c], us) {
			return false
		}
	}
	return true
}

// ownLetter reports whether a view's cell letter is a man of army us:
// upper case white's, lower case black's.
func ownLetter(ch byte, us board.Army) bool {
	return ch >= 'A' && ch <= 'Z' && us == 0 || ch >= 'a' && ch <= 'z' && us == 1
}

// ourMove plays one of the seat's accepted moves on the board of its men
// and narrows the set: not on its men, and on the cells it attacks after a
// check, off them after none (only once the king is alone, or where no
// man could block the attack: before, a man may block a line).
func (k *kingTrack) ourMove(l referee.SheetLine, us board.Army, checked, alone bool) bool {
	k.pos.ToMove = us
	text := strings.ToLower(l.Text)
	played := false
	for _, m := range k.pos.Generate(nil) {
		if m.Coord(board.Standard) == text {
			k.pos.Apply(m)
			played = true
			break
		}
	}
	if !played && !k.pawnCapture(text, us) {
		return false
	}
	for c := range board.Cell(64) {
		if !k.cells.Has(c) {
			continue
		}
		m := k.pos.At(c)
		attacked := k.pos.Attacked(c, us^1)
		if !m.Empty() && m.Army() == us || checked && !attacked || !checked && attacked && (alone || surely(&k.pos, c, us)) {
			k.cells.Clear(c)
		}
	}
	return true
}

// heard reads what the seat was told of its own move: that it took a man,
// that it gave check.
func heard(said []referee.Announcement) (took, checked bool) {
	for _, a := range said {
		switch a.Code {
		case "capture", "en-passant":
			took = true
		case "check":
			checked = true
		}
	}
	return took, checked
}

// pawnCapture plays a pawn's capture, which a board without the enemy's
// men does not generate: the pawn goes to the cell (and becomes what the
// text names on the last rank).
func (k *kingTrack) pawnCapture(text string, us board.Army) bool {
	if len(text) < 4 {
		return false
	}
	from, ok1 := board.Standard.Lookup(text[:2])
	to, ok2 := board.Standard.Lookup(text[2:4])
	if !ok1 || !ok2 || k.pos.At(from).Kind() != board.Pawn || k.pos.At(from).Army() != us ||
		abs(board.FileOf(from)-board.FileOf(to)) != 1 {
		return false
	}
	m := k.pos.At(from)
	if len(text) == 5 {
		m = board.NewMan(us, board.KindOf(text[4]-'a'+'A'))
	}
	k.pos.Put(from, board.Man(0))
	k.pos.Put(to, m)
	k.pos.EP, k.pos.EPVictim = board.NoCell, board.NoCell
	return true
}

// enemyMoved spreads the set by the enemy's move: a lone king must step,
// any other move may leave it where it was; a capture on a cell takes the
// seat's man there (and is the king's own when it is alone). The king
// never ends its move on the seat's men, nor, alone, in their attack.
func (k *kingTrack) enemyMoved(text string, alone bool, us board.Army) {
	var next cellSet
	sq, captured := strings.CutPrefix(text, "?x")
	at, onBoard := board.Standard.Lookup(sq)
	if captured && onBoard {
		k.pos.Put(k.takenFrom(at, us), board.Man(0))
	}
	for c := range board.Cell(64) {
		if !k.cells.Has(c) {
			continue
		}
		if !alone {
			next.Set(c)
		}
		for _, n := range board.Standard.King[c] {
			next.Set(n)
		}
		if f := board.FileOf(c); f == 4 && (board.RankOf(c) == 0 || board.RankOf(c) == 7) {
			next.Set(c - 2) // castling
			next.Set(c + 2)
		}
	}
	if captured && onBoard && alone {
		next = 0
		next.Set(at)
	}
	for c := range board.Cell(64) {
		m := k.pos.At(c)
		if !m.Empty() && m.Army() == us || k.pos.Attacked(c, us^1) && (alone || surely(&k.pos, c, us)) {
			next.Clear(c)
		}
	}
	k.cells = next
}

// takenFrom is the cell of the seat's man the enemy took by a capture
// said to be on at: that cell, unless none of the seat's men stands there,
// when it was a pawn taken en passant, which stands a step behind at from
// the enemy's side (the english rules name the cell the taker lands on).
func (k *kingTrack) takenFrom(at board.Cell, us board.Army) board.Cell {
	if m := k.pos.At(at); !m.Empty() && m.Army() == us {
		return at
	}
	behind := board.RankOf(at) + 1 // the enemy is black: it takes downwards
	if us == 1 {
		behind = board.RankOf(at) - 1
	}
	if behind < 0 || behind > 7 {
		return at
	}
	return board.Sq(board.FileOf(at), behind)
}

// surely reports whether a man of the seat attacks c so that no enemy man
// could stand between: a knight, a pawn, the king, or any man next to c.
// Such an attack keeps the enemy king off c even while other enemy men
// stand, after the enemy's move (it may not move into check) and after a
// move of the seat's that gave no check.
func surely(p *board.Position, c board.Cell, us board.Army) bool {
	for _, a := range p.Attackers(c, us^1) {
		switch k := p.At(a).Kind(); {
		case k == board.Knight, k == board.Pawn, k == board.King,
			kingSteps(a, c) == 1:
			return true
		}
	}
	return false
}

// cellSet is a set of the 64 cells.
type cellSet uint64

func (s *cellSet) Set(c board.Cell)     { *s |= 1 << c }
func (s *cellSet) Clear(c board.Cell)   { *s &^= 1 << c }
func (s cellSet) Has(c board.Cell) bool { return s&(1<<c) != 0 }

// Len is the number of cells in the set.
func (s cellSet) Len() int {
	n := 0
	for ; s != 0; s &= s - 1 {
		n++
	}
	return n
}

// placement is where the seat's men stand on p.
func placement(p *board.Position, us board.Army) [64]board.Man {
	var out [64]board.Man
	for c := range board.Cell(64) {
		if m := p.At(c); !m.Empty() && m.Army() == us {
			out[c] = m
		}
	}
	return out
}

// repeats is how often the placement after m stood before.
func (k *kingTrack) repeats(p *board.Position, us board.Army, m board.Move) int {
	q := *p
	q.Apply(m)
	return k.seen[placement(&q, us)]
}
