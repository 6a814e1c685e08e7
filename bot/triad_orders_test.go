package bot_test

import (
	"regexp"
	"strings"
	"testing"
)

// englishActWords are the referee's words of diplomacy, which no Russian
// or Esperanto reader reads in an echo of its own act.
var englishActWords = regexp.MustCompile(`(?i)\b(vassal|lord|offer|accept|decline|order|pass|choose|declare|white|red|black)\b`)

// TestTriadOrdersTold: Black serves White and Red (White reads Esperanto,
// Red Russian, Black Esperanto). Every refusal of an order or a choice
// says the Servant's move on which the writer's bonds let an order come,
// and the reason that is true of the writer; every echo of an act is in
// the writer's words.
func TestTriadOrdersTold(t *testing.T) {
	t.Parallel()
	w := servantTable(t, tableWorld(t))
	w.playServants()
	w.say("p0", "lingvo eo") // after the script's English letters
	w.say("p1", "язык ru")
	w.say("p2", "lingvo eo")
	for _, st := range []struct {
		who, where, text string
		want             []string // lines of the writer's private answer
	}{ // Black's move 3: both Lords may order
		{"p1", "group", "приказ чёрным zz9", []string{"приказ чёрным zz9: не могу прочитать", "Вы можете приказать чёрным сейчас, на 3-м ходу чёрных."}},
		{"p2", "group", "elekti blankaj", []string{"elekti blankaj: neeble.", "La blankaj povas ordoni al vi en ĉi tiu movo, via 3-a, ĝis vi movos."}},
		{"p0", "private", "ordoni nigraj d3", []string{"Vi ordonis al la nigraj: d3.", "la ordono atendas, kaj la nigraj povas preni ĝin (elekti blankaj)."}},
		{"p1", "group", "слуга принять белых", []string{"вассал принять белых: невозможно."}},
		{"p1", "group", "приказ пас", nil}, // White's order is played: Black's move 4
		{"p0", "group", "a4", nil},
		{"p1", "group", "c4", nil},
		{"p0", "group", "ordoni nigraj g3", []string{"ordoni nigraj g3: neeble.", "Ne ĉi-vice: sinjoro ordonas plej ofte ĉiun duan vicon",
			"Vi povos ordoni al la nigraj en ilia 6-a movo, ne en ilia venonta, la 4-a."}},
		{"p0", "group", "ordoni ruĝaj g3", []string{"ordoni ruĝaj g3: nur sinjoro ordonas"}},
	} {
		w.tr.Reset()
		if st.where == "group" {
			w.group("table", st.who, st.text)
		} else {
			w.say(st.who, st.text)
		}
		got := w.tr.To(st.who)
		for _, m := range got {
			if bad := englishActWords.FindString(m.Text); bad != "" {
				t.Errorf("%s %q: %s reads the English %q in %q", st.who, st.text, st.who, bad, m.Text)
			}
		}
		if st.want == nil {
			continue
		}
		if len(got) != 1 {
			t.Errorf("%s %q: %d answers %q; want one", st.who, st.text, len(got), textsOf(got))
			continue
		}
		for _, line := range st.want {
			if !strings.Contains(got[0].Text, line) {
				t.Errorf("%s %q was answered\n%s\nwant a line with %q", st.who, st.text, got[0].Text, line)
			}
		}
	}
}
