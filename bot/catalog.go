package bot

import (
	"fmt"
	"slices"
	"strings"

	"umpire/referee"
)

// Catalog holds every text a person reads, by language and message id.
// A text may name arguments in braces: "Capture on {square}." Ids are
// announcement codes ("ann.capture"), refusal reasons ("refused.ambiguous"),
// values ("seat.white") and the bot's own messages ("created").
//
// A text missing in a language falls back to English, then to the id
// itself, so a new announcement code is shown raw rather than lost.
type Catalog struct {
	texts map[string]map[string]string
	words map[string]string // command word in any language → canonical command
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
		texts: map[string]map[string]string{"en": textsEN, "ru": textsRU, "eo": textsEO},
		words: map[string]string{},
	}
	for _, ws := range []map[string][]string{wordsEN, wordsRU, wordsEO} {
		for cmd, list := range ws {
			for _, w := range list {
				c.words[strings.ToLower(w)] = cmd
			}
		}
	}
	return c
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
	return fill(t, args)
}

// fill replaces {name} by args[name]; unknown names stay as written.
func fill(t string, args Args) string {
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
		name := t[i+1 : i+1+j]
		b.WriteString(t[:i])
		if v, ok := args[name]; ok {
			b.WriteString(v)
		} else {
			b.WriteString(t[i : i+2+j])
		}
		t = t[i+2+j:]
	}
}

// Value names one value of an announcement field in lang: a seat, a check
// direction, a piece. Values without a name of their own are shown as
// they are (squares, hashes).
func (c *Catalog) Value(lang, key string, v any) string {
	switch v := v.(type) {
	case string:
		if d := valueDomain[key]; d != "" && c.Has("en", d+"."+v) {
			return c.Text(lang, d+"."+v, nil)
		}
		return v
	case bool:
		return c.Text(lang, fmt.Sprintf("bool.%t", v), nil)
	case []string:
		out := make([]string, len(v))
		for i, s := range v {
			out[i] = c.Value(lang, key, s)
		}
		return strings.Join(out, ", ")
	case []any:
		out := make([]string, len(v))
		for i, s := range v {
			out[i] = c.Value(lang, key, s)
		}
		return strings.Join(out, ", ")
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

// valueDomain maps announcement field keys to the catalog prefix of their
// values.
var valueDomain = map[string]string{
	"seat": "seat", "by": "seat", "lord": "seat", "servant": "seat", "actor": "seat",
	"direction": "dir", "what": "man", "monarch": "man", "holder": "man",
	"reason": "reason", "piece": "piece", "answer": "answer", "event": "event",
}

// Announcement says one announcement in lang. actor is the seat whose
// action caused it. Where the catalog has a text for the code with a
// particular field present ("ann.capture/what"), that text is used; where
// the words depend on the values ("ann.vassal.offer-lord"), the text
// announcementByValue picks.
func (c *Catalog) Announcement(lang string, a referee.Announcement, actor referee.Seat) string {
	args := Args{"actor": c.Value(lang, "actor", string(actor))}
	for _, f := range a.Fields {
		args[f.Key] = c.Value(lang, f.Key, f.Value)
	}
	if id := announcementByValue(a); id != "" && c.Has("en", id) {
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

// seatWord reads a seat named by its key or its name in any language; ""
// when it names none.
func (c *Catalog) seatWord(word string) referee.Seat {
	w := strings.ToLower(word)
	for _, s := range []referee.Seat{referee.White, referee.Black, referee.Red} {
		if string(s) == w {
			return s
		}
		for _, l := range Languages {
			if strings.ToLower(c.Text(l, "seat."+string(s), nil)) == w {
				return s
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
