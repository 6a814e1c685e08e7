package house

import (
	"runtime"
	"umpire/referee"
	"umpire/referee/board"
)

// Name is how the house player is named to people, in every language: a
// name that says it is a program.
const Name = "House (a program)"

// minds is how the house plays each variant, by the variant's stable key.
// Written out, like the referee's list of variants: a variant missing here
// has no house player (Plays reports it).
var minds = map[string]func(v referee.View, seed uint64, l Level) []string{
	"chess":       (&eight{rules: fixed(board.ChessRules), royal: kingRoyal}).choose,
	"kriegspiel":  (&eight{rules: fixed(board.ChessRules), royal: kingRoyal, fogged: true}).choose,
	"dark":        (&eight{rules: ruleSetRules, royal: kingRoyal}).choose,
	"korona":      koronaMind(referee.KoronaRules),
	"korona2":     koronaMind(referee.KoronaRules),
	"krono":       koronaMind(referee.KronoRules),
	"progressive": (&eight{rules: fixed(referee.ProgressiveRules), royal: kingRoyal, secret: grow, frozen: growing, unsure: inert}).choose,
	"triad":       triad,
}

// Plays reports whether the house has a player for a variant.
func Plays(variant string) bool { _, ok := minds[variant]; return ok }

// Choose returns what the house would send now for the seat whose view v
// is, best first, given its seed; nil when it has nothing to say (not its
// turn and nothing to answer, the game over, a variant it does not play).
// It reads nothing but v and seed, so two games the seat cannot tell apart
// get the same answer.
//
// The caller sends the actions in order until one is not refused. Secret
// choices (crown, grow) are to be sealed with a salt the caller gives.
func Choose(v referee.View, seed uint64) []string { return ChooseAt(v, seed, Level1) }

// ChooseAt is Choose at a level of play.
func ChooseAt(v referee.View, seed uint64, l Level) []string {
	mind, ok := minds[v.Variant]
	if !ok || v.Over() {
		return nil
	}
	thinking <- struct{}{}
	defer func() { <-thinking }()
	return mind(v, seed, l)
}

// thinking holds a slot per core for each choice under way: however many
// games the house plays at once, it thinks on no more cores than there
// are, and slows no person's game.
var thinking = make(chan struct{}, runtime.GOMAXPROCS(0))

// Level is how well the house plays, each level a step above the one
// below it on the ladder (`umpire ladder`). Level1 judges each move on the
// board it sees and its belief (fast; the baseline), and in Kriegspiel
// steps around a draw by repetition. Level2 reads its moves where it sees the
// board (two plies in plain chess; in dark chess its own moves and the
// captures after, in three imagined worlds) and in Kriegspiel imagines a
// few whole positions the enemy's men could stand in from its score sheet
// (worlds.go), judges each try in all of them, and knows where the hidden
// king can be, to hunt a lone one. Level3 keeps many more worlds, reads
// the enemy's replies and a move further, and in Kriegspiel counts a pawn
// near its last rank as more than a pawn. DefaultLevel is what `vs house`
// plays without a number.
type Level int

// The levels.
const (
	Level1 Level = 1 + iota
	Level2
	Level3
	DefaultLevel = Level2
)

// ValidLevel reports whether l is a level the house plays.
func ValidLevel(l Level) bool { return l >= Level1 && l <= Level3 }

// fixed is the rules of a variant with one rule set.
func fixed(r *board.Rules) func(referee.View) *board.Rules {
	return func(referee.View) *board.Rules { return r }
}

// ruleSetRules are the generator rules of the view's variant under the
// game's rule set (referee.Variant.Moves).
func ruleSetRules(v referee.View) *board.Rules {
	vt, _ := referee.Lookup(v.Variant)
	return vt.Moves(v.Rules)
}

// kingRoyal: the king is the man whose capture (or mate) loses.
func kingRoyal(s *sight, c board.Cell) bool { return s.pos.At(c).Kind() == board.King }
