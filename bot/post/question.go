package post

import (
	"slices"

	"umpire/bot/texts"
	"umpire/referee"
	"umpire/store"
)

// elsewhere is the rule set of g's variant that has question q (as the
// referee writes it, "any?") when g's own rule set does not: the refusal
// of q then names the rules that have it instead of saying only that
// there is no such action ("refused.question"). "" when no other rule set
// of the variant has q, or g's has it.
func elsewhere(g *store.Game, q string) (own, other string) {
	v, ok := referee.Lookup(g.Variant)
	if !ok || slices.Contains(v.AsksIn(g.Options), q) {
		return "", ""
	}
	own, _ = v.RuleSet(g.Options)
	for _, r := range v.RuleSets {
		if slices.Contains(v.Questions[r], q) {
			return own, r
		}
	}
	return "", ""
}

// questionRefusal says why question q is refused in g, where another rule
// set of its variant has it: the game's rules, the rules that have it and
// how to make a game of them; ok is false where no other rule set has it.
func (c *composer) questionRefusal(lang string, g *store.Game, q string) (string, bool) {
	own, other := elsewhere(g, q)
	if other == "" {
		return "", false
	}
	cat := c.o.cat
	return cat.Text(lang, "refused.question", texts.Args{"text": cat.Act(lang, q),
		"rules": cat.Arg(lang, "rulesets", g.Variant+"/"+own), "has": cat.Arg(lang, "rulesets", g.Variant+"/"+other),
		"variants": cat.Arg(lang, "variants", g.Variant)}), true
}
