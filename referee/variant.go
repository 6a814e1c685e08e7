package referee

import (
	"fmt"
	"slices"

	"umpire/referee/board"
)

// Options are what a game is created with and stored with: the rule set
// (empty for the variant's default) and an optional start position.
type Options struct {
	Rules string `json:"rules,omitempty"`
	FEN   string `json:"fen,omitempty"`
}

// Action is what a seat sends: the text as typed, for secret choices a salt
// chosen outside the referee (which holds no randomness) to seal them, and
// the notation language its Latin piece letters are read in
// (NotationEnglish, NotationEsperanto; empty in logs older than the field,
// which read both), kept so that a replay rules the same.
type Action struct {
	Seat     Seat   `json:"seat"`
	Text     string `json:"text"`
	Salt     string `json:"salt,omitempty"`
	Notation string `json:"notation,omitempty"`
}

// Game is one game in play. Its methods are not safe for concurrent use.
type Game interface {
	// Start returns what is said before the first action: pawn-try
	// information, a check due at a -fen start, commitments.
	Start() []Announcement
	// Play adjudicates one action; a Ruling that is not Refused is to be
	// appended to the game's log. Play never panics on any input text.
	Play(a Action) Ruling
	// View returns what a seat (or God, or Spectator) may know now.
	View(s Seat) View
	// Turn is the seat to move, "" once the game is over.
	Turn() Seat
	// Result and reason once the game is over, "" before.
	Result() (result, reason string)
	// Board is the god's board string.
	Board() string
}

// Variant is a rule set with a stable key, stored with every game and never
// renamed.
type Variant struct {
	Key      string
	Seats    []Seat   // in turn order
	RuleSets []string // the first is the default; nil when there is only one
	// HiddenMoves: a seat's moves are hidden from the others (Kriegspiel,
	// dark chess), so a move must never be sent where others can read it.
	HiddenMoves bool
	// InGroup: the game is played at one table in the group chat it was
	// made in (three-player chess, where nothing is hidden): moves and
	// diplomacy written there are played, and it cannot be made in a
	// private chat.
	InGroup bool
	// Fog: a seat cannot see the whole position, so a picture for the
	// public (a group, a spectator) would show fog: it gets none before
	// the end (Kriegspiel, dark chess, the Korona family).
	Fog bool
	// Sight: a seat sees the enemy men on the squares its own men reach
	// (dark chess), so it may act on what it sees (a conditional move's
	// `seen e5`).
	Sight bool
	// NoCheck: there is no check, and nobody is told of one: a king may
	// stand attacked and is captured (dark chess, the Korona family), so a
	// conditional move's `check` can never hold.
	NoCheck bool
	// Beasts: pictures draw the men as the variant's beasts (Krono).
	Beasts bool
	// Questions are the questions a seat may ask the umpire on its turn
	// besides moving, as typed ("any?"), for buttons and help, by the rule
	// set that has them ("" for every rule set): see AsksIn.
	Questions map[string][]string
	// Moves are the move generator's rules under a rule set (a View's
	// Rules), for a player that plans its moves on the 8×8 board as the
	// variant makes them; nil where the variant has one generator or none.
	Moves func(ruleSet string) *board.Rules
	// Perft counts the leaves of the move tree from the options' position
	// as rules/README.md defines it for the variant; nil when unsupported.
	Perft func(o Options, depth int) (int64, error)
	New   func(o Options) (Game, error)
}

// variants are all the variants, in key order: the list is written out,
// each declared in its own file.
var variants = []*Variant{Chess, Dark, Korona, Korona2, Kriegspiel, Krono, Progressive, Triad}

// Lookup finds a variant by key.
func Lookup(key string) (*Variant, bool) {
	for _, v := range variants {
		if v.Key == key {
			return v, true
		}
	}
	return nil, false
}

// Variants lists all variants by key.
func Variants() []*Variant { return slices.Clone(variants) }

// AsksIn lists the questions a seat may ask in a game made with options
// o: Kriegspiel's any? only under the english rule set.
func (v *Variant) AsksIn(o Options) []string {
	r, err := v.RuleSet(o)
	if err != nil {
		return nil
	}
	return append(slices.Clone(v.Questions[""]), v.Questions[r]...)
}

// RuleSet returns the options' rule set, or the variant's default, and an
// error when the variant has no such rule set.
func (v *Variant) RuleSet(o Options) (string, error) {
	if len(v.RuleSets) == 0 {
		if o.Rules != "" {
			return "", fmt.Errorf("variant %s has no rule sets (asked for %q)", v.Key, o.Rules)
		}
		return "", nil
	}
	if o.Rules == "" {
		return v.RuleSets[0], nil
	}
	for _, r := range v.RuleSets {
		if r == o.Rules {
			return r, nil
		}
	}
	return "", fmt.Errorf("variant %s has no rule set %q (have %v)", v.Key, o.Rules, v.RuleSets)
}

// Replay rebuilds a game from its log.
func Replay(v *Variant, o Options, log []Action) (Game, error) {
	g, err := v.New(o)
	if err != nil {
		return nil, err
	}
	if r, ok := g.(journaled); ok {
		r.journal().reserve(len(log))
	}
	for i, a := range log {
		if r := g.Play(a); r.Verdict == Refused {
			return nil, fmt.Errorf("replay: action %d (%s %q) refused: %s", i+1, a.Seat, a.Text, r.Reason)
		}
	}
	return g, nil
}

// Perft counts leaf nodes for `umpire perft`.
func Perft(key string, o Options, depth int) (int64, error) {
	v, ok := Lookup(key)
	if !ok {
		return 0, fmt.Errorf("unknown variant %q", key)
	}
	if v.Perft == nil {
		return 0, fmt.Errorf("variant %s has no perft", key)
	}
	if depth < 1 || depth > 12 {
		return 0, fmt.Errorf("depth %d: want 1 to 12", depth)
	}
	return v.Perft(o, depth)
}

// perft8x8 counts on the 8×8 board under generator rules r.
func perft8x8(r *board.Rules, endAtKing bool) func(Options, int) (int64, error) {
	return func(o Options, depth int) (int64, error) {
		fen := o.FEN
		if fen == "" {
			fen = board.StartFEN
		}
		p, err := board.ParseFEN(fen, r)
		if err != nil {
			return 0, err
		}
		return board.Perft(&p, depth, endAtKing), nil
	}
}
