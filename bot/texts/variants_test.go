package texts_test

import (
	"testing"

	"umpire/bot/texts"
)

// A seek's words ("kriegspiel english 3d", the argument "seek") are said
// as a reader of each language types them: its variant word, its rule
// set's name and its clock's unit.
func TestSeekInReadersWords(t *testing.T) {
	t.Parallel()
	cases := []struct{ lang, seek, want string }{
		{"en", "kriegspiel english 3d", "kriegspiel english 3d"},
		{"ru", "kriegspiel english 3d", "кригшпиль английские 3д"},
		{"eo", "kriegspiel english 3d", "kriegspiel angla 3t"},
		{"ru", "dark fog 12h", "тёмные туман 12ч"},
		{"eo", "dark", "malluma"},
		{"ru", "progressive", "прогрессивные"},
	}
	for _, c := range cases {
		if got := texts.DefaultCatalog.Arg(c.lang, "seek", c.seek); got != c.want {
			t.Errorf("%s %q: %q, want %q", c.lang, c.seek, got, c.want)
		}
	}
}
