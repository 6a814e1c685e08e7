package referee

import "umpire/referee/board"

// Promotions are the kinds a pawn may become on its last rank in variant v
// under a rule set, for a player that asks which one (a page's choice).
func Promotions(v *Variant, ruleSet string) []board.Kind {
	switch {
	case v.Moves != nil:
		return v.Moves(ruleSet).Promotions
	case v == Korona || v == Korona2:
		return KoronaRules.Promotions
	case v == Krono:
		return KronoRules.Promotions
	case v == Progressive:
		return ProgressiveRules.Promotions
	}
	return board.ChessRules.Promotions
}
