package texts_test

import (
	"slices"
	"strings"
	"testing"

	"umpire/bot/door"
	"umpire/bot/texts"
	"umpire/referee"
)

// diplomacyActs are the acts of triad.md 6.5 in the referee's words.
var diplomacyActs = []string{"vassal offer black", "vassal accept white", "vassal decline red", "lord offer white",
	"lord accept black", "lord decline red", "order black e2e4", "order pass", "choose white", "declare Rbe3"}

// englishWords are the referee's words of those acts, which a Russian or
// Esperanto reader never reads in them.
var englishWords = []string{"vassal", "lord", "offer", "accept", "decline", "order", "pass", "choose", "declare", "white", "red", "black"}

// Every act of diplomacy said in a language (Catalog.Act) reads back
// through the parser as the same act, and a Russian or Esperanto one
// holds no English word; other text is said as it is.
func TestActInReadersWords(t *testing.T) {
	t.Parallel()
	cat := texts.DefaultCatalog
	for _, lang := range texts.Languages {
		for _, act := range diplomacyActs {
			got := cat.Act(lang, act)
			if back := door.Parse(cat, got).Line.Text(); back != act {
				t.Errorf("%s: Act(%q) = %q, which reads back as %q", lang, act, got, back)
			}
			for _, w := range strings.Fields(got) {
				if lang != "en" && slices.Contains(englishWords, strings.ToLower(w)) {
					t.Errorf("%s: Act(%q) = %q holds the English %q", lang, act, got, w)
				}
			}
		}
	}
	for _, text := range []string{"e2e4", "order purple e4", ""} {
		if got := cat.Act("ru", text); got != text && text != "order purple e4" {
			t.Errorf("Act(ru, %q) = %q; want it as it is", text, got)
		}
	}
	for text, want := range map[string]string{"resign": "сдаюсь", "any?": "есть?", "decline": "отклонить"} {
		if got := cat.Act("ru", text); got != want {
			t.Errorf("Act(ru, %q) = %q; want the reader's word %q", text, got, want)
		}
	}
}

// The verdict on an act of diplomacy echoes it in the writer's words:
// "вассал принять белых: невозможно.", not the English form.
func TestVerdictEchoesActs(t *testing.T) {
	t.Parallel()
	cat := texts.DefaultCatalog
	for _, tc := range []struct {
		lang, text string
		ru         referee.Ruling
		want       string
	}{
		{"ru", "vassal accept white", referee.Ruling{Verdict: referee.Impossible}, "вассал принять белых: невозможно"},
		{"eo", "order red c1b2", referee.Ruling{Verdict: referee.Accepted}, "Vi ordonis al la ruĝaj: c1b2."},
		{"ru", "order black Кf3", referee.Ruling{Verdict: referee.Accepted}, "Вы приказали чёрным: Кf3."},
		{"eo", "choose white", referee.Ruling{Verdict: referee.Impossible}, "elekti blankaj: neeble"},
	} {
		a := referee.Action{Seat: referee.Black, Text: tc.text}
		got := cat.Entry(tc.lang, true, a, tc.ru, referee.Black)
		if len(got) == 0 || !strings.HasPrefix(got[0], tc.want) {
			t.Errorf("%s: the verdict on %q says %q; want it to begin %q", tc.lang, tc.text, got, tc.want)
		}
	}
}

// A command in the umpire's words (the argument "cmd") is said as its
// reader writes it; a user's quoted text (a confirmation's "command")
// stays as written.
func TestCommandInReadersWords(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ lang, key, v, want string }{
		{"ru", "cmd", "give 1д", "дать 1д"},
		{"ru", "cmd", "resign", "сдаюсь"},
		{"eo", "cmd", "Nf3", "Ĉf3"},
		{"eo", "cmd", "draw", "remizo"},
		{"ru", "cmd", "choose white", "выбрать белых"},
		{"en", "cmd", "give 1d", "give 1d"},
		{"ru", "command", "new chess", "new chess"},
	} {
		if got := texts.DefaultCatalog.Arg(c.lang, c.key, c.v); got != c.want {
			t.Errorf("Arg(%s, %s, %q) = %q; want %q", c.lang, c.key, c.v, got, c.want)
		}
	}
}
