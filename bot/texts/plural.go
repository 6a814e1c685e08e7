package texts

import (
	"strconv"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// Plurals. A text that counts something names the forms of its counted
// words in a placeholder of their own, after the name of the number:
//
//	"… and {n} older finished {n#one=game|other=games}."
//	"… и ещё {n} {n#one=оконченная партия|few=оконченные партии|many=оконченных партий|other=оконченной партии}."
//
// The form is the one CLDR's cardinal plural rules give the number in the
// text's language (golang.org/x/text/feature/plural): English and
// Esperanto tell one from other, Russian one (1, 21, 31…), few (2–4,
// 22–24…) and many (0, 5–20, 25–30…) among whole numbers, other for
// fractions. A form the text leaves out falls back to other; a value that
// is not a whole number takes other.

// pluralForms are the names of the CLDR categories in texts.
var pluralForms = map[plural.Form]string{
	plural.Zero: "zero", plural.One: "one", plural.Two: "two",
	plural.Few: "few", plural.Many: "many", plural.Other: "other",
}

// Category is the CLDR cardinal plural category of the whole number n in
// lang: "one", "few", "many", "other"…
func Category(lang string, n int) string {
	tag, err := language.Parse(lang)
	if err != nil {
		return "other"
	}
	if n < 0 {
		n = -n
	}
	return pluralForms[plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0)]
}

// countForm picks the form of a plural placeholder's body
// ("one=game|other=games") for the number v in lang.
func countForm(lang, v, body string) string {
	forms := map[string]string{}
	for _, f := range strings.Split(body, "|") {
		if k, text, ok := strings.Cut(f, "="); ok {
			forms[k] = text
		}
	}
	cat := "other"
	if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
		cat = Category(lang, n)
	}
	if text, ok := forms[cat]; ok {
		return text
	}
	return forms["other"]
}
