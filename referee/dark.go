package referee

import (
	"fmt"

	"umpire/referee/board"
)

// Dark chess, or Fog of War (rules/dark.md): each seat sees its own men and
// every square they could move to now. There is no check; whoever takes the
// enemy king wins. The rule set `fog` (the default) follows the seed;
// `nielsen` is the 1989 original, where men also see the squares they
// attack and there is no en passant.
//
// Every move a seat can make goes to a square it sees, so a seat always
// knows its own pseudo-legal list: a try outside it is impossible, and
// there is no illegal verdict.

// darkRuleSets are dark chess's rule sets, the default first.
var darkRuleSets = []string{darkFog, darkNielsen}

// Dark is dark chess: each side sees only the squares its men reach.
var Dark = &Variant{Key: "dark", Seats: TwoSeats, RuleSets: darkRuleSets,
	HiddenMoves: true, Fog: true, Sight: true, NoCheck: true, Moves: darkMoves, Perft: darkPerft, New: newDark}

// darkMoves are the generator rules of a dark rule set.
func darkMoves(ruleSet string) *board.Rules {
	if ruleSet == darkNielsen {
		return NielsenRules
	}
	return DarkRules
}

// The dark rule sets.
const (
	darkFog     = "fog"
	darkNielsen = "nielsen"
)

// DarkRules are the generator rules of dark chess (`fog`): chess moves with
// no check, castling through attacked squares, en passant. Generate lists
// the moves a seat may make, king captures included.
var DarkRules = &board.Rules{
	Armies:     2,
	Promotions: board.ChessRules.Promotions,
	Castlings:  board.ChessRules.Castlings,
	EnPassant:  true,
	Royal:      board.NoKind,
}

// NielsenRules are DarkRules without en passant (`nielsen`).
var NielsenRules = &board.Rules{
	Armies:     2,
	Promotions: board.ChessRules.Promotions,
	Castlings:  board.ChessRules.Castlings,
	Royal:      board.NoKind,
}

// darkRules returns the rule set the options name and its generator rules.
func darkRules(o Options) (string, *board.Rules, error) {
	rs, err := (&Variant{Key: "dark", RuleSets: darkRuleSets}).RuleSet(o) // not Dark, which needs darkRules
	if err != nil {
		return "", nil, err
	}
	return rs, darkMoves(rs), nil
}

// darkPerft counts pseudo-legal moves; taking a king ends its line (dark.md §7).
func darkPerft(o Options, depth int) (int64, error) {
	_, r, err := darkRules(o)
	if err != nil {
		return 0, err
	}
	return perft8x8(r, true)(o, depth)
}

type dark struct {
	rules string // darkFog or darkNielsen
	duel
	// before is the position before the last accepted move, nil before
	// the first: a seat's view of it, beside its view now, shows what it
	// saw of that move (dark_view.go, seen).
	before *board.Position
}

// newDark sets up a game. A -fen position must have one king of each
// colour: the game is won by taking it.
func newDark(o Options) (Game, error) {
	rs, r, err := darkRules(o)
	if err != nil {
		return nil, err
	}
	t, err := newTable(o, r, false, "dark")
	if err != nil {
		return nil, err
	}
	if err := darkOneKingEach(&t.pos); err != nil {
		return nil, err
	}
	g := &dark{rules: rs, duel: duel{t: t}}
	var said []Announcement
	if g.judge() {
		said = []Announcement{endSaid(t)}
	}
	g.j.add(Action{}, Ruling{Verdict: Accepted, Said: said})
	return g, nil
}

// darkOneKingEach refuses a position without exactly one king of each army.
func darkOneKingEach(p *board.Position) error {
	var kings [2]int
	for c := range p.Geo.Len() {
		if m := p.Cells[c]; !m.Empty() && m.Kind() == board.King {
			kings[m.Army()]++
		}
	}
	if kings[0] != 1 || kings[1] != 1 {
		return fmt.Errorf("dark: want one king of each colour, have %d white and %d black", kings[0], kings[1])
	}
	return nil
}

// Play rules on one action (dark.md §6). A move try is matched against the
// seat's pseudo-legal list, which the seat itself knows: no match is
// impossible (to the mover only), one is played, several are refused with
// the readings. `any?` is refused; resign, draw and decline are the shared
// game commands.
func (g *dark) Play(a Action) Ruling { return g.record(a, g.rule) }

func (g *dark) rule(a Action) Ruling {
	if r, done := g.opening(a); done {
		return r
	}
	if isAny(a.Text) {
		return Refuse(ReasonNotHere)
	}
	rs, err := ParseMove(a.Text, a.Notation)
	if err != nil {
		return Refuse(ReasonUnreadable)
	}
	p := &g.t.pos
	found := darkMatch(Expand(p, p.ToMove, rs), p.Generate(nil))
	switch len(found) {
	case 0:
		return Ruling{Verdict: Impossible, Said: []Announcement{Say("impossible", Only(a.Seat))}}
	case 1:
		return g.accept(a.Seat, found[0])
	}
	return Ruling{Verdict: Refused, Reason: ReasonAmbiguous, Readings: coords(p.Geo, found)}
}

// darkMatch returns the moves of list that the tries name exactly: a try
// without a promotion piece matches no promotion (dark.md 1.6), and a
// castling try only a castling.
func darkMatch(tries []Try, list []board.Move) []board.Move {
	var out []board.Move
	for _, m := range list {
		for _, t := range tries {
			if t.From == m.From && t.To == m.To && t.Promo == m.Promo && (t.Castle == 0 || m.Flag == board.Castle) {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

// accept plays a move. Taking the king ends the game with `end` alone
// (dark.md 3.5); otherwise the victim of a capture hears `vanished` when it
// no longer sees the square (3.2), and the draws of §4 are judged.
func (g *dark) accept(s Seat, m board.Move) Ruling {
	p := &g.t.pos
	r := Ruling{Verdict: Accepted, Move: m.Coord(p.Geo)}
	victim := p.Captured(m)
	kingTaken := victim != board.NoCell && p.Cells[victim].Kind() == board.King
	before := *p
	g.before = &before
	g.t.play(m)
	g.offers.moved(s)
	if kingTaken {
		g.t.end(winFor(s), "king-captured")
		r.Said = []Announcement{endSaid(g.t)}
		return r
	}
	loser := other(s)
	if victim != board.NoCell && !g.visible(loser)[victim] {
		r.Said = append(r.Said, Say("vanished", Only(loser), "square", p.Geo.CellName(victim)))
	}
	if g.judge() {
		r.Said = append(r.Said, endSaid(g.t))
	}
	return r
}

// judge applies the draws of dark.md §4 in their order: stalemate (no
// pseudo-legal move at all), repetition, fifty moves. There is no
// insufficient material. It reports whether the game ended.
func (g *dark) judge() bool {
	switch {
	case len(g.t.pos.Generate(nil)) == 0:
		g.t.end("1/2-1/2", "stalemate")
	case g.t.repeated():
		g.t.end("1/2-1/2", "repetition")
	case g.t.fifty():
		g.t.end("1/2-1/2", "fifty-move")
	default:
		return false
	}
	return true
}
