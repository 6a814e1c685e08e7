package referee

import (
	"errors"
	"slices"

	"umpire/referee/board"
)

// Kriegspiel (rules/kriegspiel.md): chess in which each seat sees only its
// own men. The umpire plays FIDE chess on its own board and tells each seat
// what the rule set lets it know. A try is judged twice: first on the
// trying seat's own board (its men, its castling rights, the umpire's
// announcements; kriegspiel_impossible.go), where it may be impossible,
// then on the umpire's board, where it is accepted or illegal. Views are in
// kriegspiel_view.go.

// Kriegspiel is chess with the opponent's men unseen, the umpire telling.
var Kriegspiel = &Variant{Key: "kriegspiel", Seats: TwoSeats, RuleSets: kriegRuleSetNames(), HiddenMoves: true, Fog: true,
	Questions: map[string][]string{"english": {"any?"}}, New: newKriegspiel}

// kriegRules is one rule set: a column of the policy table of
// kriegspiel.md 2.1.
type kriegRules struct {
	name          string
	illegalToBoth bool     // illegal is heard by both seats, not only the mover
	impossible    bool     // tries of I1–I7 are impossible (wild16: illegal)
	checkLines    bool     // I9: rand's check lines
	anyQuestion   bool     // english: any? once a turn, with its duty (2.3, I8, I10)
	what          bool     // capture says pawn or piece
	info          string   // pawn-try information: pawn-tries, pawn-capture, try-squares or ""
	promotion     bool     // a promotion is announced
	epLanding     bool     // english: en passant is en-passant on the landing square
	ends          endRules // stalemate loses (rand); no repetition nor fifty-move (berkeley)
}

// kriegRuleSets are the rule sets, the default first.
var kriegRuleSets = []*kriegRules{
	{name: "wild16", what: true, info: "pawn-tries"},
	{name: "english", illegalToBoth: true, impossible: true, anyQuestion: true, epLanding: true},
	{name: "cincinnati", illegalToBoth: true, impossible: true, what: true, info: "pawn-capture"},
	{name: "berkeley", illegalToBoth: true, impossible: true, ends: endRules{noRepetition: true}},
	{name: "rand", illegalToBoth: true, impossible: true, checkLines: true, what: true,
		info: "try-squares", promotion: true, ends: endRules{stalemateLoses: true}},
}

func kriegRuleSetNames() []string {
	var out []string
	for _, r := range kriegRuleSets {
		out = append(out, r.name)
	}
	return out
}

// kriegRulesOf finds the options' rule set; wild16 when none is named.
func kriegRulesOf(o Options) (*kriegRules, error) {
	v := Variant{Key: "kriegspiel", RuleSets: kriegRuleSetNames()}
	name, err := v.RuleSet(o)
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(kriegRuleSets, func(r *kriegRules) bool { return r.name == name })
	return kriegRuleSets[i], nil
}

// kriegspiel is one game. Everything a seat's view or ruling depends on is
// either on its own board or was announced to it.
type kriegspiel struct {
	rules *kriegRules
	duel
	now   turnKnowledge   // what the seat to move knows of its turn
	marks map[Seat]string // the square where the seat last lost a man, until it moves
	own   ownCache        // the mover's own board, kept while no move is made
}

// ownCache keeps the own board of the army that moves: every try of a
// turn reads it (a turn may have hundreds), and it changes only when a
// move is made.
type ownCache struct {
	moves int // the table's moves when it was made
	army  board.Army
	pos   board.Position
	ok    bool
}

// turnKnowledge is what the seat to move has been told or has tried in the
// current turn; an accepted move starts a new one.
type turnKnowledge struct {
	checks    []string     // the check directions announced for it (I9)
	limited   bool         // its pawn captures are limited to capturers (I8)
	capturers []board.Cell // the pawns that may capture while limited
	rebuffed  []Try        // tries ruled illegal this turn (I7)
	asked     bool         // english: any? was answered this turn (I10)
	duty      bool         // english: after yes, a pawn capture must be tried first
}

func newKriegspiel(o Options) (Game, error) {
	rules, err := kriegRulesOf(o)
	if err != nil {
		return nil, err
	}
	t, err := newTable(o, board.ChessRules, true, "kriegspiel")
	if err != nil {
		return nil, err
	}
	if err := kriegPlayable(&t.pos); err != nil {
		return nil, err
	}
	dropStrayRights(&t.pos)
	t.seen = map[string]int{t.key(): 1}
	g := &kriegspiel{rules: rules, duel: duel{t: t}, marks: map[Seat]string{}}
	said := g.afterMove()
	g.j.add(Action{}, Ruling{Verdict: Accepted, Said: said})
	return g, nil
}

// kriegPlayable refuses a start position a Kriegspiel game cannot be played
// from: each seat needs one king, and the seat not to move may not stand in
// check.
func kriegPlayable(p *board.Position) error {
	var kings [2]int
	for c := range p.Geo.Len() {
		if m := p.Cells[c]; m.Kind() == board.King {
			kings[m.Army()]++
		}
	}
	if kings != [2]int{1, 1} {
		return errors.New("kriegspiel: each seat needs exactly one king")
	}
	q := *p
	q.ToMove = p.Next(p.ToMove)
	if q.InCheck() {
		return errors.New("kriegspiel: the seat not to move is in check")
	}
	return nil
}

// dropStrayRights clears castling rights whose king or rook is not on its
// square: a seat sees that its rook is gone, so the right must be gone on
// the umpire's board too, whatever the opponent does later on that square.
func dropStrayRights(p *board.Position) {
	for i, c := range p.Rules.Castlings {
		if p.Cells[c.Monarch] != board.NewMan(c.Army, board.King) || p.Cells[c.Rook] != board.NewMan(c.Army, board.Rook) {
			p.Rights &^= 1 << i
		}
	}
}

// Play rules on one action: a game command, english any?, or a move try.
// Every ruling but Refused is added to the game's journal.
func (g *kriegspiel) Play(a Action) Ruling { return g.record(a, g.rule) }

func (g *kriegspiel) rule(a Action) Ruling {
	us, ok := armyOf(a.Seat)
	switch {
	case !ok:
		return Refuse(ReasonNotSeated)
	case isCommand(a.Text):
		return g.offers.command(g.t, a)
	case isAny(a.Text) && !g.rules.anyQuestion:
		return Refuse(ReasonNotHere)
	}
	if r, bad := refuseOutOfTurn(g.t, a.Seat); bad {
		return r
	}
	own := g.ownBoard(us)
	if isAny(a.Text) {
		return g.ask(&own, a.Seat)
	}
	rs, err := ParseMove(a.Text, a.Notation)
	if err != nil {
		return Refuse(ReasonUnreadable)
	}
	all := Expand(&own, us, rs)
	tries := possibleTries(&own, us, all)
	switch len(tries) {
	case 0:
		return g.rebuff(a.Seat, whyNone(&own, us, append(all, looseTries(&own, us, rs)...)))
	case 1:
		return g.try(&own, a.Seat, tries[0])
	}
	var readings []string
	for _, t := range tries {
		readings = append(readings, t.Coord())
	}
	return Ruling{Verdict: Refused, Reason: ReasonAmbiguous, Readings: readings}
}

// ownBoard is ownBoard of the table's position for army us, kept until a
// move is made. The caller only reads it.
func (g *kriegspiel) ownBoard(us board.Army) board.Position {
	c := &g.own
	if !c.ok || c.army != us || c.moves != len(g.t.moves) {
		*c = ownCache{moves: len(g.t.moves), army: us, pos: ownBoard(&g.t.pos, us), ok: true}
	}
	return c.pos
}

// ownBoard is the board of one army as its seat knows it: its own men, its
// own castling rights, nobody else's men and no en passant.
func ownBoard(p *board.Position, us board.Army) board.Position {
	own := board.NewPosition(p.Geo, p.Rules)
	for c := range p.Geo.Len() {
		if m := p.Cells[c]; !m.Empty() && m.Army() == us {
			own.Cells[c] = m
		}
	}
	for i, c := range p.Rules.Castlings {
		if c.Army == us {
			own.Rights |= p.Rights & (1 << i)
		}
	}
	own.ToMove = us
	own.FindKings()
	return own
}

// try rules on the one try left of a move text: impossible by what the
// seat was told (I7–I10), else accepted or illegal on the umpire's board.
func (g *kriegspiel) try(own *board.Position, s Seat, t Try) Ruling {
	if why := g.ruledOut(own, t); g.rules.impossible && why != "" {
		return g.rebuff(s, why)
	}
	found := match([]Try{t}, g.t.pos.Legal(nil))
	if len(found) != 1 {
		g.now.rebuffed = append(g.now.rebuffed, t)
		if isPawnCapture(own, t) {
			g.now.duty = false
		}
		to := Only(s)
		if g.rules.illegalToBoth {
			to = Both()
		}
		return Ruling{Verdict: Illegal, Said: []Announcement{Say("illegal", to)}}
	}
	return g.accept(s, found[0])
}

// rebuff rules a try the seat's own knowledge excludes for reason why:
// impossible, heard by the mover only, with the reason (which rests on the
// seat's own men and what it was told alone); in wild16, which has no such
// class, illegal.
func (g *kriegspiel) rebuff(s Seat, why string) Ruling {
	if !g.rules.impossible {
		return Ruling{Verdict: Illegal, Said: []Announcement{Say("illegal", Only(s))}}
	}
	return Ruling{Verdict: Impossible, Reason: why, Said: []Announcement{Say("impossible", Only(s))}}
}

// ask answers english any?: impossible a second time in a turn or from a
// seat without pawns (I10); otherwise both seats hear the answer, and it
// binds the rest of the turn (2.3).
func (g *kriegspiel) ask(own *board.Position, s Seat) Ruling {
	if g.now.asked || !hasPawn(own) {
		return g.rebuff(s, ReasonAnyAgain)
	}
	g.now.asked = true
	answer := "no"
	if len(pawnTries(&g.t.pos)) > 0 {
		answer = "yes"
		g.now.duty = true
	} else {
		g.now.limited, g.now.capturers = true, nil
	}
	return Ruling{Verdict: Accepted, Said: []Announcement{Say("any", Both(), "answer", answer)}}
}

// accept plays a legal move and says, in the order of 2.2: the capture (or
// english en-passant), the promotion (rand), the checks, then the pawn-try
// information for the seat now to move, or the end.
func (g *kriegspiel) accept(s Seat, m board.Move) Ruling {
	p := &g.t.pos
	r := Ruling{Verdict: Accepted, Move: m.Coord(p.Geo), Said: g.rules.moveWords(p, m)}
	delete(g.marks, s)
	if len(r.Said) > 0 && r.Said[0].Str("square") != "" {
		g.marks[other(s)] = r.Said[0].Str("square")
	}
	g.t.play(m)
	g.offers.moved(s)
	r.Said = append(r.Said, g.afterMove()...)
	return r
}

// moveWords is what is said of a move before it is played: its capture (or
// english en-passant) and its promotion (rand).
func (r *kriegRules) moveWords(p *board.Position, m board.Move) []Announcement {
	var said []Announcement
	if m.Flag == board.EnPassant && r.epLanding {
		said = []Announcement{Say("en-passant", Both(), "square", p.Geo.CellName(m.To))}
	} else {
		said = captureSaid(p, m, Both(), r.what)
	}
	if m.Promo != board.NoKind && r.promotion {
		said = append(said, Say("promotion", Both()))
	}
	return said
}

// afterMove starts the turn of the seat to move: it ends the game if it is
// over, and otherwise returns the checks and the pawn-try information that
// seat is due, remembering them for I8 and I9.
func (g *kriegspiel) afterMove() []Announcement {
	said := checks(&g.t.pos, Both())
	g.now = turnKnowledge{}
	for _, a := range said {
		g.now.checks = append(g.now.checks, a.Str("direction"))
	}
	if judge(g.t, g.rules.ends) {
		return append(said, endSaid(g.t))
	}
	news, capturers := g.rules.pawnNews(&g.t.pos)
	switch g.rules.info {
	case "try-squares":
		g.now.limited, g.now.capturers = true, capturers
	case "pawn-capture":
		g.now.limited = len(capturers) == 0
	}
	return append(said, news...)
}

// pawnNews is the pawn-try information of the rule set for the side to
// move of p, given also when there is none to give (2.2.2), and the cells
// of the pawns that have a try, in order.
func (r *kriegRules) pawnNews(p *board.Position) ([]Announcement, []board.Cell) {
	tries := pawnTries(p)
	var capturers []board.Cell
	for _, m := range tries {
		if !slices.Contains(capturers, m.From) {
			capturers = append(capturers, m.From)
		}
	}
	slices.Sort(capturers)
	switch r.info {
	case "pawn-tries":
		return []Announcement{Say("pawn-tries", Both(), "count", len(tries))}, capturers
	case "pawn-capture":
		return []Announcement{Say("pawn-capture", Both(), "yes", len(tries) > 0)}, capturers
	case "try-squares":
		squares := []string{}
		for _, c := range capturers {
			squares = append(squares, p.Geo.CellName(c))
		}
		return []Announcement{Say("try-squares", Both(), "squares", squares)}, capturers
	}
	return nil, capturers
}

// pawnTries lists the pawn tries of the side to move (2.2.3): its legal
// pawn captures, en passant included, one per pair of from and to cells.
func pawnTries(p *board.Position) []board.Move {
	var out []board.Move
	for _, m := range p.Legal(nil) {
		if p.Cells[m.From].Kind() != board.Pawn || p.Captured(m) == board.NoCell {
			continue
		}
		if !slices.ContainsFunc(out, func(o board.Move) bool { return o.From == m.From && o.To == m.To }) {
			out = append(out, m)
		}
	}
	return out
}

// hasPawn reports whether the army of an own board has a pawn.
func hasPawn(own *board.Position) bool {
	for c := range own.Geo.Len() {
		if m := own.Cells[c]; !m.Empty() && m.Army() == own.ToMove && m.Kind() == board.Pawn {
			return true
		}
	}
	return false
}

// StalemateLoses reports whether a seat stalemated loses in a variant
// under a rule set (Kriegspiel's rand, whose ladder rule it is), for a
// player that plays for stalemate there.
func StalemateLoses(variant, ruleSet string) bool {
	if variant != Kriegspiel.Key {
		return false
	}
	for _, r := range kriegRuleSets {
		if r.name == ruleSet {
			return r.ends.stalemateLoses
		}
	}
	return false
}
