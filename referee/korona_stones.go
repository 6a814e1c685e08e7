package referee

import (
	"slices"
	"strings"

	"umpire/referee/board"
)

// Korona-2 stones (korona.md §5). A turn may place 1 to 3 stones from the
// reserve instead of a move, once one of the seat's monarchs has fallen:
// `S@c3,S@d4,X@e5 salt=HEX`, X naming the mined stone. The placement is a
// sealed note (its canonical text is the secret); all seats hear the
// `commitment` and `stones` with the squares, never which stone is mined.

// Reasons an impossible placement gives its sender (korona.md 5.2–5.5).
// The board and the sender's own stones are all they rest on: safe to show.
const (
	ReasonStonesLocked = "stones-locked" // no monarch of the seat has fallen yet
	ReasonStonesCount  = "stones-count"  // 1 to 3 stones, and no more than the reserve
	ReasonStonesMine   = "stones-mine"   // one mined stone in all, placed by the time the reserve is empty
	ReasonStonesSquare = "stones-square" // each stone on an empty square of its own
)

// placedStone is one stone of a placement.
type placedStone struct {
	cell  board.Cell
	mined bool
}

// parseStones reads the body of a placement (the salt taken off): items
// `S@sq` or `X@sq`, letters and squares in either case, separated by
// commas, spaces ignored. It reports false when the text is no placement.
func parseStones(body string) ([]placedStone, bool) {
	body = strings.Join(strings.Fields(body), "")
	if body == "" {
		return nil, false
	}
	var out []placedStone
	for _, item := range strings.Split(body, ",") {
		letter, square, ok := strings.Cut(item, "@")
		if !ok || len(letter) != 1 || !strings.ContainsAny(letter, "SsXx") {
			return nil, false
		}
		c, rest, ok := readSquare(square, true)
		if !ok || rest != "" {
			return nil, false
		}
		out = append(out, placedStone{c, letter == "X" || letter == "x"})
	}
	return out, true
}

// canonical writes a placement as its note's secret: `S@c3,X@e5`.
// With public set every stone is written S: what the other seats see.
func canonicalStones(st []placedStone, public bool) string {
	var b strings.Builder
	for i, s := range st {
		if i > 0 {
			b.WriteByte(',')
		}
		if s.mined && !public {
			b.WriteString("X@")
		} else {
			b.WriteString("S@")
		}
		b.WriteString(board.Standard.CellName(s.cell))
	}
	return b.String()
}

// place rules on a stone placement (korona.md 5.2–5.6). In korona and
// krono it is refused: the variant has no stones.
func (g *korona) place(a Action, us board.Army) Ruling {
	switch {
	case !g.kind.stones:
		return Refuse(ReasonNotHere)
	case g.t.turn() != a.Seat:
		return Refuse(ReasonNotYourTurn)
	case !g.crowned():
		return Refuse(g.uncrowned(us))
	}
	body, salt, err := splitSalt(a.Text, a.Salt)
	if err != nil {
		return Refuse(ReasonUnreadable)
	}
	st, ok := parseStones(body)
	if !ok {
		return Refuse(ReasonUnreadable)
	}
	if why := g.placeable(us, st); why != "" {
		r := impossibleFor(a.Seat)
		r.Reason = why
		return r
	}
	return g.acceptStones(a.Seat, us, st, salt)
}

// placeable checks a placement against korona.md 5.2–5.5 and returns why
// it is impossible, "" when it is not: a monarch has fallen; 1 to 3 stones,
// no more than the reserve; at most one mine over the game, and exactly one
// once the reserve is empty; every square empty and named once.
func (g *korona) placeable(us board.Army, st []placedStone) string {
	mines := 0
	if g.mined[us] {
		mines++
	}
	seen := map[board.Cell]bool{}
	square := ""
	for _, s := range st {
		if s.mined {
			mines++
		}
		if seen[s.cell] || !g.t.pos.Cells[s.cell].Empty() {
			square = ReasonStonesSquare
		}
		seen[s.cell] = true
	}
	switch {
	case !g.fallen[us]:
		return ReasonStonesLocked
	case len(st) < 1, len(st) > 3, len(st) > g.reserve[us]:
		return ReasonStonesCount
	case mines > 1, len(st) == g.reserve[us] && mines != 1:
		return ReasonStonesMine
	}
	return square
}

// acceptStones puts the stones down. Nothing moves; the turn passes; the
// fifty-move count goes on (korona.md 4.6b).
func (g *korona) acceptStones(s Seat, us board.Army, st []placedStone, salt string) Ruling {
	p := &g.t.pos
	i, commit := g.notes.seal(s, "stones", canonicalStones(st, false), salt)
	// What others hear names the squares in a1…h8 order, never in the order
	// sent: a habit of writing the mine first or last would give it away.
	st = slices.SortedFunc(slices.Values(st), func(a, b placedStone) int { return int(a.cell) - int(b.cell) })
	var squares []string
	for _, x := range st {
		kind := board.Stone
		if x.mined {
			kind = board.Mine
			g.mine[us], g.mined[us] = i, true
		}
		p.Cells[x.cell] = board.NewMan(us, kind)
		squares = append(squares, p.Geo.CellName(x.cell))
	}
	g.reserve[us] -= len(st)
	p.ToMove = 1 - us
	p.EP, p.EPVictim = board.NoCell, board.NoCell
	p.Halfmove++
	if us == 1 {
		p.Fullmove++
	}
	g.offers.moved(s)
	g.turns++
	r := Ruling{Verdict: Accepted, Move: canonicalStones(st, true),
		Said: []Announcement{commit, Say("stones", Both(), "squares", squares)}}
	g.seen[g.key()]++
	if g.judge() {
		r.Said = append(r.Said, g.ending()...)
	}
	return r
}
