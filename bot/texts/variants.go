package texts

import (
	"strings"

	"umpire/referee"
)

// Variants and rule sets as a reader names them. A variant has a name
// ("variant.dark": "тёмные шахматы") and a word a player types for it,
// one word ("variant.dark@word": "тёмные"; a language without one types
// the name, or else the key); a rule set has a name a player types
// ("ruleset.kriegspiel.english": "английские"). Every name and word of
// every language reads back to its key, and so does the key itself, the
// one word that works everywhere.

// VariantWord is the variant a word names in any language: its key, its
// name or the word typed for it; nil when it names none.
func (c *Catalog) VariantWord(word string) *referee.Variant {
	w := strings.ToLower(word)
	for _, v := range referee.Variants() {
		if v.Key == w {
			return v
		}
		for _, l := range Languages {
			for _, id := range []string{"variant." + v.Key, "variant." + v.Key + "@word"} {
				if c.Has(l, id) && strings.ToLower(c.Text(l, id, nil)) == w {
					return v
				}
			}
		}
	}
	return nil
}

// RuleSetWord is the rule set of v a word names in any language: its key,
// or "" when it names none.
func (c *Catalog) RuleSetWord(v *referee.Variant, word string) string {
	w := strings.ToLower(word)
	for _, r := range v.RuleSets {
		if r == w {
			return r
		}
		for _, l := range Languages {
			if id := "ruleset." + v.Key + "." + r; c.Has(l, id) && strings.ToLower(c.Text(l, id, nil)) == w {
				return r
			}
		}
	}
	return ""
}

// variantTyped is the word a reader of lang types for variant key.
func (c *Catalog) variantTyped(lang, key string) string {
	if id := "variant." + key + "@word"; c.Has(lang, id) {
		return c.Text(lang, id, nil)
	}
	return key
}

// ruleSetName is the name of rule set r of variant key in lang.
func (c *Catalog) ruleSetName(lang, key, r string) string {
	if id := "ruleset." + key + "." + r; c.Has("en", id) {
		return c.Text(lang, id, nil)
	}
	return r
}

// VariantKeys is the raw value of the argument "variants" (Arg): the
// keys of vs, which a reader sees as the words it types for them.
func VariantKeys(vs []*referee.Variant) string {
	keys := make([]string, len(vs))
	for i, v := range vs {
		keys[i] = v.Key
	}
	return strings.Join(keys, ",")
}

// RuleSetKeys is the raw value of the argument "rulesets" (Arg): v's
// rule sets, which a reader sees by their names in its language.
func RuleSetKeys(v *referee.Variant) string {
	keys := make([]string, len(v.RuleSets))
	for i, r := range v.RuleSets {
		keys[i] = v.Key + "/" + r
	}
	return strings.Join(keys, ",")
}

// typedList says the raw value of "variants" or "rulesets" in lang.
func (c *Catalog) typedList(lang, key, v string) string {
	var out []string
	for _, k := range strings.Split(v, ",") {
		if variant, r, ok := strings.Cut(k, "/"); ok && key == "rulesets" {
			out = append(out, c.ruleSetName(lang, variant, r))
		} else if key == "variants" {
			out = append(out, c.variantTyped(lang, k))
		}
	}
	return strings.Join(out, ", ")
}

// gameTyped says the words of a game as `new` and `seek` read them in
// English ("kriegspiel english 3d": a variant key, a rule set, a clock
// in d or h) as a reader of lang types them: "кригшпиль английские 3д",
// "kriegspiel angla 3t". A word it does not know stays as it is.
func (c *Catalog) gameTyped(lang, v string) string {
	f := strings.Fields(v)
	variant := ""
	for i, w := range f {
		switch n := strings.TrimRight(w, "dh"); {
		case i == 0:
			variant, f[i] = w, c.variantTyped(lang, w)
		case n != w && n != "" && strings.Trim(n, "0123456789") == "":
			f[i] = c.Text(lang, "clock-typed."+w[len(n):], Args{"n": n})
		default:
			f[i] = c.ruleSetName(lang, variant, w)
		}
	}
	return strings.Join(f, " ")
}
