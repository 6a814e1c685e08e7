package texts

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"umpire/referee"
)

// Catalog holds every text a person reads, by language and message id.
// A text may name arguments in braces: "Capture on {square}." Ids are
// announcement codes ("ann.capture"), refusal reasons ("refused.ambiguous"),
// values ("seat.white") and the bot's own messages ("created").
//
// A text missing in a language falls back to English, then to the id
// itself, so a new announcement code is shown raw rather than lost.
//
// Seats change their form with their role in a sentence: "{seat@gen}"
// names the seat in the genitive ("Ход чёрных"), "{seat@ins}" in the
// instrumental ("Вы играете белыми"), where the language has a text
// "seat.black@gen"; a language without one uses the plain name. A
// placeholder written with a capital ("{Seat}") is capitalised, for a
// seat at the start of a sentence.
type Catalog struct {
	texts map[string]map[string]string
	words map[string]string            // command word in any language → canonical command
	typed map[string]map[string]string // by language, canonical command → the word shown for it
}

// Args are the arguments of a text, already in the reader's words.
type Args map[string]string

// Languages are the languages the catalog speaks, English first.
var Languages = []string{"en", "ru", "eo"}

// DefaultCatalog is the catalog built from the language files of this
// package.
var DefaultCatalog = newCatalog()

func newCatalog() *Catalog {
	c := &Catalog{
		texts: map[string]map[string]string{"en": {}, "ru": {}, "eo": {}},
		words: map[string]string{},
		typed: map[string]map[string]string{},
	}
	for lang, ms := range map[string][]map[string]string{"en": {textsEN, formsEN, chatsEN, paceEN, zonesEN}, "ru": {textsRU, formsRU, chatsRU, paceRU, zonesRU}, "eo": {textsEO, formsEO, chatsEO, paceEO, zonesEO}} {
		for _, m := range ms {
			maps.Copy(c.texts[lang], m)
		}
	}
	for i, group := range [][]map[string][]string{{wordsEN, paceWordsEN}, {wordsRU, paceWordsRU}, {wordsEO, paceWordsEO}} {
		c.typed[Languages[i]] = map[string]string{}
		for _, ws := range group {
			for cmd, list := range ws {
				c.typed[Languages[i]][cmd] = list[0]
				for _, w := range list {
					c.words[strings.ToLower(w)] = cmd
				}
			}
		}
	}
	return c
}

// All are every text of lang and its command words, in no order: what a
// reader of lang may be shown, for checks of a language's words.
func (c *Catalog) All(lang string) []string {
	var out []string
	for _, t := range c.texts[lang] {
		out = append(out, t)
	}
	for _, ws := range wordsOf(lang) {
		out = append(out, ws...)
	}
	return out
}

// wordsOf are the command words of lang.
func wordsOf(lang string) map[string][]string {
	return map[string]map[string][]string{"en": wordsEN, "ru": wordsRU, "eo": wordsEO}[lang]
}

// Has reports whether lang has a text for id.
func (c *Catalog) Has(lang, id string) bool {
	_, ok := c.texts[lang][id]
	return ok
}

// Text returns the text id in lang with args filled in.
func (c *Catalog) Text(lang, id string, args Args) string {
	t, ok := c.texts[lang][id]
	if !ok {
		t, ok = c.texts["en"][id]
	}
	if !ok {
		t = id
	}
	return fill(lang, t, args)
}

// fill replaces {name} by args[name]; {Name} by args[name] capitalised;
// {name#one=…|other=…} by the form lang's plural rules give the number
// args[name] (plural.go); unknown names stay as written. A value that ends
// a sentence of its own ("Alice W.") takes the place of the text's full
// stop after it.
func fill(lang, t string, args Args) string {
	if !strings.Contains(t, "{") {
		return t
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(t, '{')
		j := strings.IndexByte(t[i+1:], '}')
		if i < 0 || j < 0 {
			b.WriteString(t)
			return b.String()
		}
		b.WriteString(t[:i])
		v, ok := placeValue(lang, args, t[i+1:i+1+j])
		if !ok {
			v = t[i : i+2+j]
		}
		b.WriteString(v)
		t = t[i+2+j:]
		if ok && strings.HasSuffix(v, ".") && strings.HasPrefix(t, ".") {
			t = t[1:]
		}
	}
}

// placeValue is the value of a placeholder: a plural form for
// "name#forms", else arg's.
func placeValue(lang string, args Args, name string) (string, bool) {
	if name, forms, ok := strings.Cut(name, "#"); ok {
		n, ok := args[name]
		return countForm(lang, n, forms), ok
	}
	return arg(args, name)
}

// arg is the value of the placeholder name: args[name], or for a
// capitalised name the value of its lower-case name, capitalised.
func arg(args Args, name string) (string, bool) {
	if v, ok := args[name]; ok {
		return v, true
	}
	if low := lowerFirst(name); low != name {
		if v, ok := args[low]; ok {
			return upperFirst(v), true
		}
	}
	return "", false
}

// upperFirst capitalises the first letter of s.
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// lowerFirst puts the first letter of s in lower case.
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}

// forms are the grammatical forms a value may take in a text besides its
// name: genitive, dative, accusative, instrumental, prepositional, and
// the word a player types for it in a command.
var forms = []string{"gen", "dat", "acc", "ins", "pre", "word"}

// Put sets args[key] to the name of the raw value v in lang, and
// args[key@form] to each of its forms.
func (c *Catalog) Put(lang string, args Args, key string, v any) {
	args[key] = c.Value(lang, key, v)
	if s, ok := v.(string); ok && valueDomain[key] != "" {
		c.putForms(lang, args, key, valueDomain[key]+"."+s)
	}
}

// PutSeat sets args[key] to the name of seat s in lang, and args[key@form]
// to its forms.
func (c *Catalog) PutSeat(lang string, args Args, key string, s referee.Seat) {
	args[key] = c.Value(lang, "seat", string(s))
	c.putForms(lang, args, key, "seat."+string(s))
}

// putForms sets args[key@form] to the text id@form for every form, or to
// args[key] where lang has no such text.
func (c *Catalog) putForms(lang string, args Args, key, id string) {
	for _, f := range forms {
		args[key+"@"+f] = args[key]
		if c.Has(lang, id+"@"+f) {
			args[key+"@"+f] = c.Text(lang, id+"@"+f, nil)
		}
	}
}

// Value names one value of an announcement field in lang: a seat, a check
// direction, a piece; a move or list the reader typed ("typed") in its
// letters and words; a marked name (Shown) in its words. Values without a
// name of their own are shown as they are (squares, hashes).
func (c *Catalog) Value(lang, key string, v any) string {
	switch v := v.(type) {
	case string:
		if d := valueDomain[key]; d != "" && c.Has("en", d+"."+v) {
			return c.Text(lang, d+"."+v, nil)
		}
		if key == "typed" { // a move or an attempt list its reader typed, in its letters and words
			return c.itemsTyped(lang, v)
		}
		if strings.Contains(v, nameMark) {
			return c.sayNames(lang, v)
		}
		return v
	case bool:
		return c.Text(lang, fmt.Sprintf("bool.%t", v), nil)
	case []string:
		out := make([]string, len(v))
		for i, s := range v {
			out[i] = c.Value(lang, key, s)
		}
		return c.List(lang, out)
	case []any:
		out := make([]string, len(v))
		for i, s := range v {
			out[i] = c.Value(lang, key, s)
		}
		return c.List(lang, out)
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

// List says items as a sentence lists them in lang: "d4, e5 and f6".
func (c *Catalog) List(lang string, items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	last := len(items) - 1
	return strings.Join(items[:last], ", ") + c.Text(lang, "list-and", nil) + items[last]
}

// valueDomain maps announcement field keys to the catalog prefix of their
// values.
var valueDomain = map[string]string{
	"seat": "seat", "by": "seat", "lord": "seat", "servant": "seat", "actor": "seat", "other": "seat",
	"direction": "dir", "what": "man", "monarch": "man", "holder": "man", "secret": "man",
	"reason": "reason", "piece": "piece", "answer": "answer", "event": "event", "zone": "zone",
}

// Announcement says one announcement in lang. actor is the seat whose
// action caused it. Where the catalog has a text for the code with a
// particular field present ("ann.capture/what"), that text is used; where
// the words depend on the values ("ann.vassal.offer-lord"), the text
// Announcement.Form names.
func (c *Catalog) Announcement(lang string, a referee.Announcement, actor referee.Seat) string {
	args := Args{}
	c.Put(lang, args, "actor", string(actor))
	for _, f := range a.Fields {
		if s, ok := f.Value.(string); ok && f.Key == "secret" {
			f.Value = referee.SecretIn(s, lang) // a growing pawn in the reader's letters
		}
		c.Put(lang, args, f.Key, f.Value)
	}
	if id := "ann." + a.Code + "." + a.Form(); a.Form() != "" && c.Has("en", id) {
		return c.Text(lang, id, args)
	}
	for _, f := range a.Fields {
		if id := "ann." + a.Code + "/" + f.Key; c.Has("en", id) {
			return c.Text(lang, id, args)
		}
	}
	if id := "ann." + a.Code; c.Has("en", id) {
		return c.Text(lang, id, args)
	}
	return c.raw(lang, a)
}

// raw says an announcement the catalog has no text for: its code and
// fields, so that nothing is lost.
func (c *Catalog) raw(lang string, a referee.Announcement) string {
	parts := []string{a.Code}
	for _, f := range a.Fields {
		parts = append(parts, f.Key+"="+c.Value(lang, f.Key, f.Value))
	}
	return strings.Join(parts, " ") + "."
}

// SeatWord reads a seat named by its key or its name in any language; ""
// when it names none.
func (c *Catalog) SeatWord(word string) referee.Seat {
	w := strings.ToLower(word)
	for _, s := range []referee.Seat{referee.White, referee.Black, referee.Red} {
		if string(s) == w {
			return s
		}
		for _, l := range Languages {
			for _, id := range []string{"seat." + string(s), "seat." + string(s) + "@word"} {
				if c.Has(l, id) && strings.ToLower(c.Text(l, id, nil)) == w {
					return s
				}
			}
		}
	}
	return ""
}

// Command returns the canonical command a word names in any language, or
// "".
func (c *Catalog) Command(word string) string { return c.words[strings.ToLower(word)] }

// Supported reports whether lang is a language of the catalog.
func (c *Catalog) Supported(lang string) bool { return slices.Contains(Languages, lang) }

// Arg names a raw argument in lang: seats and variants by their names, a
// variant with its rule set ("kriegspiel/english") as "Kriegspiel
// (english rules)" with the rule set's name in lang; the lists "variants"
// and "rulesets" (VariantKeys, RuleSetKeys), a seek's words ("seek",
// "kriegspiel english 3d") and a command ("cmd", "give 1d") as the
// words a reader types; everything else as it is.
func (c *Catalog) Arg(lang, key, v string) string {
	switch {
	case key == "variants" || key == "rulesets":
		return c.typedList(lang, key, v)
	case key == "seek":
		return c.gameTyped(lang, v)
	case key == "cmd":
		return c.commandTyped(lang, v)
	case key != "variant":
		return c.Value(lang, key, v)
	}
	if variant, rules, ok := strings.Cut(v, "/"); ok && c.Has("en", "variant."+variant) {
		return c.Text(lang, "variant-rules", Args{"variant": c.Text(lang, "variant."+variant, nil), "rules": c.ruleSetName(lang, variant, rules)})
	}
	if c.Has("en", "variant."+v) {
		return c.Text(lang, "variant."+v, nil)
	}
	return v
}
