package bot

import (
	"strings"
	"testing"

	"umpire/bot/door"
	"umpire/bot/texts"
)

// Every example of `help diplomacy` (the last words of each line) reads,
// in its language, as the act its line teaches, in the referee's words.
func TestDiplomacyHelpExamples(t *testing.T) {
	t.Parallel()
	acts := []string{"vassal offer", "lord offer", "vassal accept", "lord decline", "order black", "order pass", "choose white", "declare"}
	for _, lang := range texts.Languages {
		lines := strings.Split(texts.DefaultCatalog.Text(lang, "rules-acts.triad", nil), "\n")[1:]
		if len(lines) != len(acts) {
			t.Fatalf("%s: %d acts in help diplomacy; want %d", lang, len(lines), len(acts))
		}
		for i, l := range lines {
			example := l[strings.LastIndex(l, ". ")+2:]
			got := door.Parse(texts.DefaultCatalog, example)
			if got.Name != "" || !strings.HasPrefix(got.Line.Text(), acts[i]) {
				t.Errorf("%s: the example %q reads %+v; want the act %q", lang, example, got, acts[i])
			}
		}
	}
}
