package referee

import (
	"fmt"
	"slices"
	"strings"

	"umpire/referee/board"
)

// Progressive chess (rules/progressive.md): each side has a king and fifteen
// pawns, and one pawn of each side is always secretly growing into the piece
// its owner chose, which takes 3 to 10 of the owner's turns. A growing pawn
// neither moves nor attacks, and an enemy king stepping next to it exposes
// it. A pawn reaching the last rank becomes a terminator (A). A side with no
// legal move passes; there is no stalemate.
//
// The umpire keeps a growing pawn on its board as a stone of its army: a man
// that never moves, attacks nothing and blocks like any other. Board strings
// write it P, like any pawn.

// Progressive is progressive chess.
var Progressive = &Variant{Key: "progressive", Seats: TwoSeats, New: newProgressive}

// ProgressiveStart is the start of progressive.md 1.1.
const ProgressiveStart = "ppppkppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPKPPP w KQkq - 0 1"

// progressiveGeometry is the 8×8 board on which a pawn on its first rank
// may also step two squares (progressive.md 2.1).
var progressiveGeometry = func() *board.Geometry {
	g := *board.Standard
	for a, rank := range []struct{ from, to int }{{0, 2}, {7, 5}} {
		g.PawnDouble[a] = slices.Clone(g.PawnDouble[a])
		for f := range 8 {
			g.PawnDouble[a][board.Sq(f, rank.from)] = board.Sq(f, rank.to)
		}
	}
	return &g
}()

// ProgressiveRules: FIDE moves with check, promotion to the terminator only,
// and castling with a rook on its corner (progressive.md §5).
var ProgressiveRules = &board.Rules{
	Armies:       2,
	Promotions:   []board.Kind{board.Amazon},
	Castlings:    board.ChessRules.Castlings,
	EnPassant:    true,
	SafeCastling: true,
	Royal:        board.King,
}

// progressiveLetters add the terminator, A, to ParseMove's letters.
var progressiveLetters = []fairyLetter{{'A', board.Amazon}}

// growTurns is how many of its owner's turns a pawn takes to grow (3.2).
var growTurns = map[board.Kind]int{board.Knight: 3, board.Bishop: 3, board.Rook: 5, board.Queen: 10}

// growth is a seat's growing pawn.
type growth struct {
	cell  board.Cell
	piece board.Kind
	count int // turns of the owner ended since the choice
	note  int
}

// progressive is one game.
type progressive struct {
	duel
	notes sealBook
	seen  map[string]int

	grow     [2]*growth // the growing pawn of each seat, nil when none
	latest   [2]int     // each seat's latest grow note, -1 before the first
	since    [2]uint64  // cells of the seat's pawns that have not moved since its latest note
	lastPass bool       // the turn before was a pass made while no pawn grew (6.2)
	turns    int        // moves and passes made
}

func newProgressive(o Options) (Game, error) {
	fen := o.FEN
	if fen == "" {
		fen = ProgressiveStart
	}
	p, err := board.ParseFEN(fen, ProgressiveRules)
	if err != nil {
		return nil, err
	}
	p.Geo = progressiveGeometry
	dropCastlings(&p, func(int) board.Kind { return board.King })
	for i, c := range p.Rules.Castlings {
		if corner := p.Cells[c.Rook]; corner != board.NewMan(c.Army, board.Pawn) && corner != board.NewMan(c.Army, board.Rook) {
			p.Rights &^= 1 << i
		}
	}
	if err := progressiveMen(&p); err != nil {
		return nil, err
	}
	g := &progressive{duel: duel{t: &table{pos: p, seen: map[string]int{}, legal: true}}, seen: map[string]int{}, latest: [2]int{-1, -1}}
	g.seen[g.key()]++
	g.j.add(Action{}, Ruling{Verdict: Accepted, Said: g.settle()})
	return g, nil
}

// progressiveMen checks a -fen position: one king a side, no men foreign to
// the game, no pawn on its last rank (checkStart), and the side not to move
// not in check.
func progressiveMen(p *board.Position) error {
	if err := checkStart(p, progressiveStart); err != nil {
		return err
	}
	q := *p
	q.ToMove = 1 - q.ToMove
	if q.InCheck() {
		return fmt.Errorf("progressive: the side not to move is in check")
	}
	return nil
}

// Board is the god's board, growing pawns written P (progressive.md 7.1).
func (g *progressive) Board() string { return growingAsPawns(g.t.godBoard()) }

// growingAsPawns writes the stones that stand for growing pawns as P.
func growingAsPawns(b string) string {
	return strings.NewReplacer("S", "P", "s", "p").Replace(b)
}

// Play rules on one action: `grow SQUARE PIECE` with a salt when the seat
// owes a choice, else a move, or a game command.
func (g *progressive) Play(a Action) Ruling { return g.record(a, g.rule) }

func (g *progressive) rule(a Action) Ruling {
	us, refused := g.notes.seated(a)
	if refused != nil {
		return *refused
	}
	if isCommand(a.Text) {
		r := g.offers.command(g.t, a)
		if r.Verdict == Accepted && g.t.result != "" {
			r.Said = append(g.openAll(), r.Said...)
		}
		return r
	}
	if r, bad := refuseOutOfTurn(g.t, a.Seat); bad {
		return r
	}
	text := strings.TrimSpace(a.Text)
	verb, _, _ := strings.Cut(text, " ")
	switch {
	case strings.EqualFold(verb, "grow") && !g.owes(us):
		return Refuse(ReasonBadSecret)
	case strings.EqualFold(verb, "grow"):
		return g.growAction(a, us)
	case g.owes(us):
		return Refuse(ReasonSecretFirst)
	}
	return g.move(a.Seat, us, text, a.Notation)
}

// owes reports whether an army must choose a growing pawn before it moves:
// it has a pawn and none is growing (progressive.md 3.3).
func (g *progressive) owes(a board.Army) bool {
	if g.grow[a] != nil {
		return false
	}
	p := &g.t.pos
	for c := range p.Geo.Len() {
		if p.Cells[c] == board.NewMan(a, board.Pawn) {
			return true
		}
	}
	return false
}

// openAll opens every sealed note, for the end of the game (3.11).
func (g *progressive) openAll() []Announcement {
	var out []Announcement
	for _, i := range g.notes.sealed() {
		out = append(out, g.notes.open(i)...)
	}
	return out
}

// ending opens the sealed notes and says `end`.
func (g *progressive) ending() []Announcement { return append(g.openAll(), endSaid(g.t)) }

// key identifies a position for repetition (6.3): the men, growing pawns
// included, side to move, castling, en passant captures that can be made,
// and each side's growing pawn with its piece and count.
func (g *progressive) key() string {
	k := g.t.key()
	for _, gr := range g.grow {
		if gr != nil {
			k += fmt.Sprintf(" %d=%c/%d", gr.cell, gr.piece.Letter(), gr.count)
		} else {
			k += " -"
		}
	}
	return k
}
