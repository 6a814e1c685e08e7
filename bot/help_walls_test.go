package bot_test

import (
	"strings"
	"testing"
)

// Help that leads into no wall: any? under rules that have no such
// question names the rule set that has it, and how to make a game of it;
// decline with no draw offered says that nobody offers one, and how to
// offer one; each in the writer's words.
func TestHelpWithoutWalls(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ variant, lang, line, want string }{
		{"kriegspiel", "en", "any?", "any?: this game, played by the wild16 rules, has no such question. It is one of the english rules: a game of them is made with new kriegspiel english."},
		{"kriegspiel", "ru", "есть?", "есть?: в этой партии, по правилам «wild16», такого вопроса нет. Он есть в правилах «английские»: партию по ним создаёт команда новая кригшпиль английские."},
		{"kriegspiel", "eo", "ĉu?", "ĉu?: ĉi tiu ludo, laŭ la regularo wild16, ne havas tian demandon. Ĝi apartenas al la regularo angla: ludon laŭ ĝi kreas nova kriegspiel angla."},
		{"chess", "en", "decline", "decline: nobody offers you a draw in this game now; decline answers an offer made to you. To offer one yourself, write draw."},
		{"chess", "ru", "отклонить", "отклонить: в этой партии вам сейчас никто не предлагает ничью; отклонить — ответ на предложение соперника. Чтобы предложить ничью самому, напишите ничья."},
		{"chess", "eo", "rifuzi", "rifuzi: neniu proponas al vi remizon en ĉi tiu ludo nun; rifuzi respondas al propono farita al vi. Por mem proponi remizon, skribu remizo."},
	} {
		t.Run(tt.variant+"/"+tt.lang, func(t *testing.T) {
			t.Parallel()
			w := twoPlayer(t, tt.variant)
			w.say("ann", "lang "+tt.lang)
			w.say("ann", tt.line)
			if s := w.last("ann"); !strings.Contains(s, tt.want) {
				t.Errorf("%s in %s is answered\n%s\nwant %q", tt.line, tt.variant, s, tt.want)
			}
		})
	}
}
