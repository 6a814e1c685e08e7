package referee

import (
	"fmt"
	"strings"

	"umpire/referee/board"
)

// Korona, Korona-2 and Krono (rules/korona.md): the queen is a dame that
// steps like a king, and each seat secretly crowns its king or its dame in a
// sealed note before the first move. There is no check; taking the crowned
// monarch wins, taking the other opens the note and play goes on. Korona-2
// adds three stones a seat may place once one of its monarchs has fallen,
// one of them secretly mined; Krono is Korona in Esperanto, where a pawn may
// also become an uncrowned monarch.
//
// Everything but the crowns and the mine is public: a try that breaks a rule
// is impossible, never illegal.

// Korona and Korona2 are Korona chess and Korona-2, the crowns hidden.
var (
	Korona  = &Variant{Key: "korona", Seats: TwoSeats, Fog: true, NoCheck: true, Perft: koronaPerft, New: koronaNew(koronaPlain)}
	Korona2 = &Variant{Key: "korona2", Seats: TwoSeats, Fog: true, NoCheck: true, New: koronaNew(koronaStones)}
)

// KoronaStart is the start of the korona family: the dame on the queen's
// square, and every castling of korona.md 3.4 allowed.
const KoronaStart = "rnbdkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBDKBNR w KQAHkqah - 0 1"

// koronaCastlings are the castlings of korona.md 3.4 in FEN letter order:
// for each army the king's O-O and O-O-O, then the dame's.
func koronaCastlings() []board.Castling {
	var out []board.Castling
	for a, letters := range []string{"KQAH", "kqah"} {
		army := board.Army(a)
		for i, c := range []board.Castling{
			board.StdCastling(army, 4, 7, 6, 5, letters[0]),
			board.StdCastling(army, 4, 0, 2, 3, letters[1]),
			board.StdCastling(army, 3, 0, 1, 2, letters[2]),
			board.StdCastling(army, 3, 7, 5, 4, letters[3]),
		} {
			c.Long = i%2 == 1
			out = append(out, c)
		}
	}
	return out
}

// castlingMonarch is the monarch of castling i of koronaCastlings.
func castlingMonarch(i int) board.Kind {
	if i%4 < 2 {
		return board.King
	}
	return board.Dame
}

// KoronaRules are the generator rules of korona and korona2: pseudo-legal
// moves, no royal man, promotion to generalissimo, rook, bishop or knight.
var KoronaRules = &board.Rules{
	Armies:     2,
	Promotions: []board.Kind{board.General, board.Rook, board.Bishop, board.Knight},
	Castlings:  koronaCastlings(),
	EnPassant:  true,
	Royal:      board.NoKind,
}

// koronaKind is what tells the three games apart.
type koronaKind struct {
	key     string
	rules   *board.Rules
	stones  bool               // korona2: stones, and a total blockade is a draw
	letters []fairyLetter      // the variant's own piece letters beside ParseMove's
	kinds   map[board.Kind]int // men a -fen position may hold beyond the orthodox ones: 1 if allowed
}

var koronaPlain = &koronaKind{
	key: "korona", rules: KoronaRules, letters: koronaLetters,
	kinds: map[board.Kind]int{board.Dame: 1, board.General: 1},
}

var koronaStones = &koronaKind{
	key: "korona2", rules: KoronaRules, stones: true, letters: koronaLetters,
	kinds: map[board.Kind]int{board.Dame: 1, board.General: 1, board.Stone: 1, board.Mine: 1},
}

// koronaPerft counts pseudo-legal korona moves (rules/README.md): both
// monarchs castle, pawns promote to G, R, B or N, and taking a monarch does
// not end the line.
func koronaPerft(o Options, depth int) (int64, error) {
	p, err := koronaPosition(o, koronaPlain)
	if err != nil {
		return 0, err
	}
	return board.Perft(&p, depth, false), nil
}

// koronaPosition reads the options' FEN (or the start) and checks that it
// holds only men of the variant, at most one king and one dame a seat, and
// at least one of them (korona.md 2.7), no pawn on its first or last rank,
// and stones only of a seat that has lost a monarch (5.2).
func koronaPosition(o Options, k *koronaKind) (board.Position, error) {
	fen := o.FEN
	if fen == "" {
		fen = KoronaStart
	}
	p, err := board.ParseFEN(fen, k.rules)
	if err != nil {
		return p, err
	}
	dropCastlings(&p, castlingMonarch)
	var count [2][16]int
	for c := range p.Geo.Len() {
		m := p.Cells[c]
		if m.Empty() {
			continue
		}
		kind := m.Kind()
		if kind > board.Pawn && k.kinds[kind] == 0 {
			return p, fmt.Errorf("%s: no %c in this variant", k.key, kind.Letter())
		}
		if kind == board.Queen {
			return p, fmt.Errorf("%s: no Q in this variant (the dame is D, the generalissimo G)", k.key)
		}
		if kind == board.Pawn {
			if err := checkPawnRank(&p, board.Cell(c), m.Army(), startMen{key: k.key}); err != nil {
				return p, err
			}
		}
		count[m.Army()][kind]++
	}
	for a, n := range count {
		switch {
		case n[board.King] > 1 || n[board.Dame] > 1:
			return p, fmt.Errorf("%s: %s has more than one king or dame", k.key, seatOf(board.Army(a)))
		case n[board.King]+n[board.Dame] == 0:
			return p, fmt.Errorf("%s: %s has neither king nor dame", k.key, seatOf(board.Army(a)))
		case n[board.Stone]+n[board.Mine] > 3 || n[board.Mine] > 1:
			return p, fmt.Errorf("%s: %s has more than three stones or more than one mine", k.key, seatOf(board.Army(a)))
		case n[board.Stone] == 3:
			return p, fmt.Errorf("%s: %s placed all three stones and none is mined", k.key, seatOf(board.Army(a)))
		case n[board.Stone]+n[board.Mine] > 0 && n[board.King]+n[board.Dame] == 2:
			return p, fmt.Errorf("%s: %s has stones on the board while both its monarchs stand", k.key, seatOf(board.Army(a)))
		}
	}
	return p, nil
}

// dropCastlings clears the castling letters of a FEN whose monarch (of
// the kind monarch(i) names for castling i) is not on its square: a rule
// may not be given to a man that cannot have it, such as a C on e1. While
// a letter stands its monarch cannot have left, so this holds for the
// whole game.
func dropCastlings(p *board.Position, monarch func(i int) board.Kind) {
	for i, c := range p.Rules.Castlings {
		if p.Cells[c.Monarch] != board.NewMan(c.Army, monarch(i)) {
			p.Rights &^= 1 << i
		}
	}
}

// korona is one game of korona, korona2 or krono. While the crowns are
// being chosen, Turn names the seat that will make the first move (korona.md
// 2.3); the god's Board shows mined stones as X.
type korona struct {
	kind *koronaKind
	duel
	notes sealBook
	seen  map[string]int // repetition counts by key()

	crown   [2]int        // each seat's crown note, -1 until crowned
	holder  [2]board.Kind // King or Dame once crowned
	fallen  [2]bool       // a monarch of the seat was captured: stones are free (5.2)
	fellAt  [2]int        // the journal entry that freed them (0: the start)
	reserve [2]int        // korona2: stones not yet placed
	mine    [2]int        // korona2: the note that placed the seat's mine, -1 if none
	mined   [2]bool       // korona2: the seat's mine is placed (from a note or a -fen X)
	turns   int           // moves and placements made
}

func koronaNew(k *koronaKind) func(Options) (Game, error) {
	return func(o Options) (Game, error) { return newKorona(o, k) }
}

func newKorona(o Options, k *koronaKind) (*korona, error) {
	p, err := koronaPosition(o, k)
	if err != nil {
		return nil, err
	}
	t := &table{pos: p, seen: map[string]int{}}
	g := &korona{kind: k, duel: duel{t: t}, seen: map[string]int{}, crown: [2]int{-1, -1}, mine: [2]int{-1, -1}}
	for a := range 2 {
		var monarchs, stones int
		for c := range p.Geo.Len() {
			m := p.Cells[c]
			switch {
			case m.Empty() || m.Army() != board.Army(a):
			case m.Kind() == board.King || m.Kind() == board.Dame:
				monarchs++
			case m.Kind() == board.Stone || m.Kind() == board.Mine:
				stones++
				g.mined[a] = g.mined[a] || m.Kind() == board.Mine
			}
		}
		g.fallen[a] = monarchs < 2
		if k.stones {
			g.reserve[a] = 3 - stones
		}
	}
	g.seen[g.key()]++
	g.j.add(Action{}, Ruling{Verdict: Accepted})
	return g, nil
}

// Play rules on one action: `crown king` or `crown dame` with a salt before
// the first move, a move, a stone placement (korona2) or a game command.
func (g *korona) Play(a Action) Ruling { return g.record(a, g.rule) }

func (g *korona) rule(a Action) Ruling {
	us, refused := g.notes.seated(a)
	if refused != nil {
		return *refused
	}
	if isCommand(a.Text) {
		return g.command(a)
	}
	if g.t.result != "" {
		return Refuse(ReasonGameOver)
	}
	text := strings.TrimSpace(a.Text)
	switch {
	case isCrownAction(text):
		return g.crownAction(a, us)
	case strings.Contains(text, "@"):
		return g.place(a, us)
	case g.t.turn() != a.Seat:
		return Refuse(ReasonNotYourTurn)
	case !g.crowned():
		return Refuse(g.uncrowned(us))
	}
	return g.move(a.Seat, us, text, a.Notation)
}

// uncrowned is why army us may not move while a crown is not sealed: its
// own (ReasonSecretFirst), or the other side's (ReasonSecretAwaited).
func (g *korona) uncrowned(us board.Army) string {
	if g.crown[us] < 0 {
		return ReasonSecretFirst
	}
	return ReasonSecretAwaited
}

// command plays resign, draw, decline or the umpire's timeout (before the
// crowns are sealed: crownTimeout); a game they end opens every sealed
// note before `end`.
func (g *korona) command(a Action) Ruling {
	r, ok := g.crownTimeout(a)
	if !ok {
		r = g.offers.command(g.t, a)
	}
	if r.Verdict == Accepted && g.t.result != "" {
		r.Said = append(g.openAll(), r.Said...)
	}
	return r
}

// crowned reports whether both seats have sealed their crowns.
func (g *korona) crowned() bool { return g.crown[0] >= 0 && g.crown[1] >= 0 }

// crownVerbs and crownHolder are the words a crown action may use, in the rules' languages.
var (
	crownVerbs  = []string{"crown", "корона", "krono", "kronu"}
	crownHolder = map[string]board.Kind{
		"king": board.King, "k": board.King, "король": board.King, "кр": board.King, "reĝo": board.King, "rego": board.King, "r": board.King,
		"dame": board.Dame, "d": board.Dame, "дама": board.Dame, "королева": board.Dame, "д": board.Dame, "damo": board.Dame,
	}
)

// isCrownAction reports whether text is meant as a crown action.
func isCrownAction(text string) bool {
	verb, _, _ := strings.Cut(text, " ")
	for _, v := range crownVerbs {
		if strings.EqualFold(verb, v) {
			return true
		}
	}
	return false
}

// crownAction seals a seat's crown (korona.md 2.2–2.3): refused when the
// seat crowned already or the first move has been made; impossible when
// the monarch named is not on the board (a -fen start).
func (g *korona) crownAction(a Action, us board.Army) Ruling {
	body, salt, err := splitSalt(a.Text, a.Salt)
	if err != nil {
		return Refuse(ReasonUnreadable)
	}
	f := strings.Fields(body)
	if len(f) != 2 {
		return Refuse(ReasonUnreadable)
	}
	holder, ok := crownHolder[strings.ToLower(f[1])]
	switch {
	case !ok:
		return Refuse(ReasonUnreadable)
	case g.crown[us] >= 0 || g.turns > 0:
		return Refuse(ReasonBadSecret)
	case g.monarchCell(us, holder) == board.NoCell:
		return impossibleFor(a.Seat)
	}
	secret := "king"
	if holder == board.Dame {
		secret = "dame"
	}
	i, said := g.notes.seal(a.Seat, "crown", secret, salt)
	g.crown[us], g.holder[us] = i, holder
	r := Ruling{Verdict: Accepted, Said: []Announcement{said}}
	if g.crowned() && g.judge() {
		r.Said = append(r.Said, g.ending()...)
	}
	return r
}

// monarchCell finds the army's king or dame, or NoCell.
func (g *korona) monarchCell(a board.Army, k board.Kind) board.Cell {
	p := &g.t.pos
	for c := range p.Geo.Len() {
		if p.Cells[c] == board.NewMan(a, k) {
			return board.Cell(c)
		}
	}
	return board.NoCell
}

// impossible is the ruling on a try the seat could know to break a rule:
// heard by the seat alone.
func impossibleFor(s Seat) Ruling {
	return Ruling{Verdict: Impossible, Said: []Announcement{Say("impossible", Only(s))}}
}

// openAll opens every note still sealed, for the end of the game: `reveal`,
// and for a crown `crown-revealed` after it.
func (g *korona) openAll() []Announcement {
	var out []Announcement
	for _, i := range g.notes.sealed() {
		out = append(out, g.openNote(i)...)
	}
	return out
}

// openNote opens note i: `reveal`, and `crown-revealed` for a crown.
func (g *korona) openNote(i int) []Announcement {
	out := g.notes.open(i)
	if len(out) > 0 && g.notes.list[i].kind == "crown" {
		x := g.notes.list[i]
		out = append(out, Say("crown-revealed", Both(), "seat", string(x.seat), "holder", x.secret))
	}
	return out
}

// ending opens the sealed notes and says `end`, once the table has a result.
func (g *korona) ending() []Announcement {
	return append(g.openAll(), endSaid(g.t))
}
