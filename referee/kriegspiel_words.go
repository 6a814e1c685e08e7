package referee

import "umpire/referee/board"

// KriegWords are the words of a Kriegspiel rule set's umpire on a position
// of the caller's own: what both seats would hear of a move, what english
// any? would be answered. The house asks them of the positions it imagines
// the enemy's men to stand in, to keep those that explain what its seat
// was told; they are the umpire's own rules, so the two never disagree.
type KriegWords struct{ r *kriegRules }

// KriegspielWords returns the words of a rule set ("" for the default).
func KriegspielWords(ruleSet string) (KriegWords, error) {
	r, err := kriegRulesOf(Options{Rules: ruleSet})
	return KriegWords{r}, err
}

// Move is what both seats hear when the side to move plays m on p, in the
// order the umpire says it: the capture, the promotion, the checks, the
// pawn-try information of the seat then to move. It leaves out the end of
// the game, which a caller reads from the position itself.
func (w KriegWords) Move(p *board.Position, m board.Move) []Announcement {
	said := w.r.moveWords(p, m)
	q := *p
	q.Apply(m)
	said = append(said, checks(&q, Both())...)
	news, _ := w.r.pawnNews(&q)
	return append(said, news...)
}

// Any is the answer to english any? on p: "yes" when the side to move has
// a pawn try, else "no".
func (w KriegWords) Any(p *board.Position) string {
	if len(pawnTries(p)) > 0 {
		return "yes"
	}
	return "no"
}
