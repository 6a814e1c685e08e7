package post

import (
	"strings"

	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/referee"
)

// menus are the commands a transport offers in its menu: in private chats
// and in groups. Each has its description "menu.NAME" in the catalog.
var menus = map[bool][]string{
	false: {"new", "games", "board", "resign", "draw", "tell", "rules", "lang", "name", "help"},
	true:  {"new", "games", "watch", "rules", "lang", "help"},
}

// transportWords are the catalog's words for transports (wire.Words).
type transportWords struct {
	cat   *texts.Catalog
	langs []string
}

// Words are the words of cat in langs (the default first; nil: Languages)
// that a transport shows by itself: its command menu and its alerts.
func Words(cat *texts.Catalog, langs []string) wire.Words {
	if len(langs) == 0 {
		langs = texts.Languages
	}
	return transportWords{cat, langs}
}

func (w transportWords) Langs() []string { return w.langs }

func (w transportWords) Say(lang, id string, kv ...string) string {
	if !w.cat.Supported(lang) {
		lang = w.langs[0]
	}
	return strings.Join(noteLines(w.cat, lang, Say(id, kv...)), "\n")
}

func (w transportWords) Menu(lang string, group bool) []wire.Command {
	var out []wire.Command
	for _, name := range menus[group] {
		out = append(out, wire.Command{Name: name, Description: w.Say(lang, "menu."+name)})
	}
	return out
}

// VariantList lists the variants, for the argument "variants" of the
// usage texts that name them: each reader sees the words it types.
func VariantList() string { return texts.VariantKeys(referee.Variants()) }
