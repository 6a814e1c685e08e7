package referee

import (
	"fmt"
	"strings"

	"umpire/referee/board"
	"umpire/referee/tri"
)

// Triad is three-player chess with diplomacy (rules/triad.md) on the
// 96-cell board of package tri. Nothing is hidden: every view is the god's
// view. Seats move in turn, white, red, black, skipping seats whose king has
// left the board; a seat moves the men of every army it controls, its own
// and those whose Throne it holds.
//
// The diplomacy lives beside the board: the neutrality rule (who may take
// whose men, from the seats' last captures), Lords and Servants (offers and
// answers, orders, declared checks that open a window), thrones, exits and
// the score. triState (triad_state.go) decides legal moves; this file and
// its neighbours turn actions into rulings.

// Triad is three-player chess, played at one table in a group chat.
var Triad = &Variant{Key: "triad", Seats: triSeats, InGroup: true, Perft: triadPerft, New: newTriad}

// triSeats are the seats in turn order; a seat's index is its army's.
var triSeats = []Seat{White, Red, Black}

// triAll addresses an announcement to every seat (triad.md 4.2).
func triAll() []Seat { return []Seat{White, Red, Black} }

// triSeat is the index of a seat, or noSeat.
func triSeat(s Seat) int {
	for i, t := range triSeats {
		if t == s {
			return i
		}
	}
	return noSeat
}

// triName is the seat name of an index, "" for noSeat.
func triName(i int) string {
	if i == noSeat {
		return ""
	}
	return string(triSeats[i])
}

type triad struct {
	st             triState
	turn           int // the seat to move; noSeat once over
	result, reason string
	j              journal
	ply            int
	lastMove       string

	exits  [3]triExit
	seq    int    // counts exits, to order them
	holder [3]int // the controller last announced for each army

	offers []triOffer
	orders triOrders
	draws  [3]bool
	passes int            // passes in a row (stalemate)
	seen   map[string]int // positions at the start of a turn (repetition)
}

// triExit is a seat's current exit from the game (3.21): its order among
// exits (0: still in the game) and its cause.
type triExit struct {
	seq   int
	cause string
}

// newTriad starts a game. Options.FEN may give a start position as a triad
// board string (tri.String), optionally followed by the seat to move; every
// army needs its king, castling is allowed where king and rook stand on
// their start cells.
func newTriad(o Options) (Game, error) {
	g := &triad{st: newTriState(), holder: [3]int{0, 1, 2}, seen: map[string]int{}}
	if o.Rules != "" {
		return nil, fmt.Errorf("triad has no rule sets")
	}
	first := 0
	if o.FEN != "" {
		var err error
		if first, err = g.setPosition(o.FEN); err != nil {
			return nil, err
		}
	}
	g.turn = first
	said := g.begin(first)
	g.j.add(Action{}, Ruling{Verdict: Accepted, Said: said})
	return g, nil
}

// setPosition reads a start position; it returns the seat to move.
func (g *triad) setPosition(s string) (int, error) {
	first := 0
	for i, seat := range triSeats {
		if rest, ok := strings.CutSuffix(s, " "+string(seat)); ok {
			s, first = rest, i
		}
	}
	p := &g.st.pos
	if err := tri.Parse(s, p); err != nil {
		return 0, err
	}
	kings := [3]int{}
	for c := 0; c < tri.Cells; c++ {
		if err := triStartMan(p.Cells[c], board.Cell(c)); err != nil {
			return 0, err
		}
		if m := p.Cells[c]; m.Kind() == board.King {
			kings[m.Army()]++
		}
	}
	if kings != [3]int{1, 1, 1} {
		return 0, fmt.Errorf("triad: want one king in every army, have %v", kings)
	}
	p.Rights = 0
	for i, c := range triRules.Castlings {
		if p.Cells[c.Monarch] == board.NewMan(c.Army, board.King) && p.Cells[c.Rook] == board.NewMan(c.Army, board.Rook) {
			p.Rights |= 1 << i
		}
	}
	return first, nil
}

// triStartMan refuses a man no triad game can have on cell c (rules/README.md,
// `-fen`): a kind other than K, Q, R, B, N, P, or a pawn on a rank 1 (its own
// it never stands on; another third's it would have promoted on).
func triStartMan(m board.Man, c board.Cell) error {
	switch {
	case m.Empty():
	case !strings.ContainsRune("KQRBNP", rune(m.Kind().Letter())):
		return fmt.Errorf("triad: a %c on %s, a man this game does not have", m.Kind().Letter(), tri.Geometry.CellName(c))
	case m.Kind() == board.Pawn && tri.At(c).R == 1:
		return fmt.Errorf("triad: a pawn on %s, a rank 1, where no pawn can stand", tri.Geometry.CellName(c))
	}
	return nil
}

func (g *triad) Start() []Announcement { return g.j.entries[0].ruling.Said }

func (g *triad) Turn() Seat {
	if g.result != "" {
		return ""
	}
	return triSeats[g.turn]
}

func (g *triad) Result() (string, string) { return g.result, g.reason }

func (g *triad) Board() string { return tri.String(&g.st.pos) }

// Play rules on one action (triad.md §5.2): refused when it cannot be read
// or comes at the wrong time, impossible when the rules forbid it, else
// accepted.
func (g *triad) Play(a Action) Ruling {
	before := g.st
	r := g.rule(a)
	if r.Logged() {
		g.j.addMove(a, r, before.san)
	}
	return r
}

func (g *triad) rule(a Action) Ruling {
	s := triSeat(a.Seat)
	switch {
	case s == noSeat:
		return Refuse(ReasonNotSeated)
	case g.result != "" || !g.st.hasKing(s):
		return Refuse(ReasonGameOver)
	}
	text := strings.TrimSpace(a.Text)
	word, rest, _ := strings.Cut(text, " ")
	rest = strings.TrimSpace(rest)
	switch strings.ToLower(word) {
	case cmdResign:
		return g.resign(s, rest)
	case cmdTimeout:
		return g.timeout(s, strings.Fields(strings.ToLower(rest)))
	case cmdDraw:
		return g.draw(s, rest)
	case "vassal", "lord":
		return g.diplomacy(s, strings.ToLower(word), strings.Fields(strings.ToLower(rest)))
	case "order":
		return g.order(s, rest, a.Notation)
	case "choose":
		return g.choose(s, rest)
	case "declare":
		return g.declare(s, rest, a.Notation)
	}
	return g.moveTry(s, text, a.Notation)
}

// impossible is the ruling on a try the rules forbid; with a seat b it
// adds `neutral` (3.5). Both go to the sender alone.
func impossible(s int, b int) Ruling {
	said := []Announcement{Say("impossible", Only(triSeats[s]))}
	if b != noSeat {
		said = append(said, Say("neutral", Only(triSeats[s]), "seat", triName(b)))
	}
	return Ruling{Verdict: Impossible, Said: said}
}

// moveTry plays a move of seat s on its own turn.
func (g *triad) moveTry(s int, text, lang string) Ruling {
	if g.turn != s {
		return Refuse(ReasonNotYourTurn)
	}
	c, r, ok := g.resolve(text, lang, s, s, g.candidates(s, false))
	if !ok {
		return r
	}
	if g.orders.pending() {
		return heldImpossible(s)
	}
	return g.play(s, c.m, false, nil)
}

// triCand is a move by pattern with its verdict for the seat that would
// make it: triLegal, triNeutral (with the seat b whose man it may not take)
// or triIllegal; for a declared check, the partners it would open windows on.
type triCand struct {
	m     board.Move
	v, b  int
	opens []int
}

// candidates lists the moves by pattern of seat s with their verdicts.
func (g *triad) candidates(s int, ordered bool) []triCand {
	var out []triCand
	for _, m := range g.st.pseudo(s, nil) {
		v, b := g.st.judge(s, m, ordered)
		out = append(out, triCand{m: m, v: v, b: b})
	}
	return out
}

// play applies an accepted move of seat s: its announcements, the turn
// passing on, and everything judged when the next turn begins.
func (g *triad) play(s int, m board.Move, ordered bool, opens []int) Ruling {
	before := g.st
	r := Ruling{Verdict: Accepted, Move: m.Coord(tri.Geometry)}
	r.Said = g.captureSaid(m)
	g.st.move(s, m, ordered)
	g.markMoved(s)
	for _, p := range opens {
		g.st.openWindow(s, p)
		r.Said = append(r.Said, g.windowSaid(s, p, "suspended"))
	}
	r.Said = append(r.Said, g.aftermath(&before, "king-captured", s)...)
	r.Said = append(r.Said, g.checkSaid()...)
	g.ply++
	g.lastMove = r.Move
	g.draws, g.passes = [3]bool{}, 0
	g.orders.clear()
	r.Said = append(r.Said, g.settle()...)
	if g.result == "" {
		r.Said = append(r.Said, g.advance(s)...)
	}
	r.Said = g.dropStaleChecks(r.Said)
	return r
}

// dropStaleChecks keeps a ruling's announcements true of the state after
// the whole ruling (3.15): a `check` on a king still on the board that no
// longer stands (a window closed as the next turn began and its relation is
// restored, or the checker's army changed hands) is left out.
func (g *triad) dropStaleChecks(said []Announcement) []Announcement {
	now := map[string]bool{}
	for _, a := range g.checkSaid() {
		now[a.String()] = true
	}
	out := said[:0]
	for _, a := range said {
		if x := triSeat(Seat(a.Str("seat"))); a.Code == "check" && !now[a.String()] && x != noSeat && g.st.hasKing(x) {
			continue
		}
		out = append(out, a)
	}
	return out
}

// captureSaid announces the man a move takes, if any.
func (g *triad) captureSaid(m board.Move) []Announcement {
	c := g.st.pos.Captured(m)
	if c == board.NoCell {
		return nil
	}
	what := "piece"
	if g.st.pos.Cells[c].Kind() == board.Pawn {
		what = "pawn"
	}
	return []Announcement{Say("capture", triAll(), "square", tri.Name(c), "what", what)}
}

// checkSaid announces every check on the board after a move (2.9): for
// each seat in turn order, one per hostile man attacking its king. A check
// that stands while other seats move is announced again after each move.
func (g *triad) checkSaid() []Announcement {
	var out []Announcement
	for x := 0; x < tri.Armies; x++ {
		k := g.st.pos.King[x]
		if k == board.NoCell {
			continue
		}
		for _, at := range g.st.hostileAttackers(k, x) {
			man := g.st.pos.Cells[at]
			by := g.st.controller(int(man.Army()))
			out = append(out, Say("check", triAll(), "seat", triName(x), "by", triName(by),
				"direction", triDirection(k, at, man.Kind())))
		}
	}
	return out
}

// triDirection names the line from a checking man to the king (2.9): rank
// (inside a third), file (across the seam too), diagonal or knight.
func triDirection(king, from board.Cell, k board.Kind) string {
	switch {
	case k == board.Knight:
		return "knight"
	case k == board.Pawn || !onRay(tri.Geometry.Orth[king], from):
		return "diagonal"
	}
	a, b := tri.At(king), tri.At(from)
	if a.T == b.T && a.R == b.R {
		return "rank"
	}
	return "file"
}

// onRay reports whether cell c lies on one of the rays.
func onRay(rays []board.Ray, c board.Cell) bool {
	for _, r := range rays {
		for _, x := range r {
			if x == c {
				return true
			}
		}
	}
	return false
}
