package texts

import (
	"regexp"
	"strings"
	"testing"

	"umpire/referee"
)

// TestNoEnglishCommandWords: no Russian or Esperanto text shows an
// English command word, variant key or rule set key that is no word of
// its own language (правила english, ищу dark): a reader is shown the
// words it types. Telegram's commands (/seek) are Latin by Telegram's
// rule, and the names of variants and rule sets (Kriegspiel, wild16,
// berkeley) are names.
func TestNoEnglishCommandWords(t *testing.T) {
	t.Parallel()
	english := map[string]bool{}
	for _, ws := range wordsEN {
		for _, w := range ws {
			english[w] = true
		}
	}
	for _, v := range referee.Variants() {
		english[v.Key] = true
		for _, r := range v.RuleSets {
			english[r] = true
		}
	}
	own := map[string]map[string]bool{"ru": words(wordsRU), "eo": words(wordsEO)}
	skip := regexp.MustCompile(`\{[^}]*\}|/[a-z]+|[a-z]+@`) // placeholders, Telegram's commands, addresses
	word := regexp.MustCompile(`\p{L}[\p{L}\p{N}?]*`)
	for lang, mine := range own {
		for _, v := range referee.Variants() {
			mine[strings.ToLower(DefaultCatalog.Text(lang, "variant."+v.Key, nil))] = true
			mine[DefaultCatalog.variantTyped(lang, v.Key)] = true
			for _, r := range v.RuleSets {
				mine[DefaultCatalog.ruleSetName(lang, v.Key, r)] = true
			}
		}
		for id, text := range DefaultCatalog.texts[lang] {
			for _, w := range word.FindAllString(skip.ReplaceAllString(text, ""), -1) {
				if english[w] && !mine[strings.ToLower(w)] {
					t.Errorf("%s %q shows the English word %q: %s", lang, id, w, text)
				}
			}
		}
	}
}

// words are the command words of one language, in lower case.
func words(ws map[string][]string) map[string]bool {
	out := map[string]bool{}
	for _, list := range ws {
		for _, w := range list {
			out[strings.ToLower(w)] = true
		}
	}
	return out
}
