package texts

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// counted are the texts that count something with a word that agrees with
// the number: each must choose its words by the plural rules in every
// language. (Others say a number without such a word, "1 to {count} of
// them", or only in some languages: Russian's guide.stones.)
var counted = []string{
	"err.too-many-seeks", "list-cut", "err.tries-spent", "err.refusals-paused",
	"err.invite-cap-day", "err.invite-cap-by", "ann.exposed", "games-older",
}

// pluralNumbers are the numbers every counted text is said with.
var pluralNumbers = func() []int {
	var out []int
	for n := 0; n <= 30; n++ {
		out = append(out, n)
	}
	return append(out, 64, 101, 256)
}()

var pluralPlaceholder = regexp.MustCompile(`\{(\w+)#([^{}]*)\}`)

// TestPlurals says every counted text with n = 0…30, 64, 101 and 256 in each
// language and finds in it the form CLDR's category of n names; each
// plural placeholder lists every category its language gives whole
// numbers, and each counted text has one in every language.
func TestPlurals(t *testing.T) {
	t.Parallel()
	for _, lang := range Languages {
		cats := map[string]bool{}
		for n := range 1000 {
			cats[Category(lang, n)] = true
		}
		for id, text := range DefaultCatalog.texts[lang] {
			for _, m := range pluralPlaceholder.FindAllStringSubmatch(text, -1) {
				forms := map[string]string{}
				for _, f := range strings.Split(m[2], "|") {
					k, v, _ := strings.Cut(f, "=")
					forms[k] = v
				}
				for c := range cats {
					if _, ok := forms[c]; !ok {
						t.Errorf("%s %q: no form %q in %s", lang, id, c, m[0])
					}
				}
				for _, n := range pluralNumbers {
					got := DefaultCatalog.Text(lang, id, Args{m[1]: strconv.Itoa(n)})
					if want := forms[Category(lang, n)]; !strings.Contains(got, want) || pluralPlaceholder.MatchString(got) {
						t.Errorf("%s %q, %s=%d (%s): %q; want the form %q", lang, id, m[1], n, Category(lang, n), got, want)
					}
				}
			}
		}
		for _, id := range counted {
			if !pluralPlaceholder.MatchString(DefaultCatalog.texts[lang][id]) {
				t.Errorf("%s %q counts without plural forms: %q", lang, id, DefaultCatalog.texts[lang][id])
			}
		}
	}
}

// TestCategory checks the plural rules against CLDR's examples.
func TestCategory(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		lang string
		want map[string][]int
	}{
		{"ru", map[string][]int{"one": {1, 21, 31, 101}, "few": {2, 3, 4, 22, 24, 64}, "many": {0, 5, 11, 12, 14, 20, 25, 111, 256}}},
		{"en", map[string][]int{"one": {1}, "other": {0, 2, 5, 21, 101}}},
		{"eo", map[string][]int{"one": {1}, "other": {0, 2, 5, 21, 101}}},
	} {
		for cat, ns := range tt.want {
			for _, n := range ns {
				if got := Category(tt.lang, n); got != cat {
					t.Errorf("Category(%s, %d) = %s; want %s", tt.lang, n, got, cat)
				}
			}
		}
	}
	if got := DefaultCatalog.Text("ru", "games-older", Args{"n": "64"}); !strings.Contains(got, "64 оконченные партии") {
		t.Errorf("ru games-older 64: %q", got)
	}
	if got := DefaultCatalog.Text("en", "games-older", Args{"n": "1"}); !slices.Contains(strings.Fields(got), "game.") {
		t.Errorf("en games-older 1: %q", got)
	}
}
