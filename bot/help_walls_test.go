package bot_test

import (
	"strings"
	"testing"
)

// Help that leads into no wall: any? under rules that have no such
// question names the rule set that has it, and how to make a game of it,
// in the asker's words.
func TestAnyElsewhere(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ lang, any, want string }{
		{"en", "any?", "any?: this game, played by the wild16 rules, has no such question. It is one of the english rules: a game of them is made with new kriegspiel english."},
		{"ru", "есть?", "есть?: в этой партии, по правилам «wild16», такого вопроса нет. Он есть в правилах «английские»: партию по ним создаёт команда новая кригшпиль английские."},
		{"eo", "ĉu?", "ĉu?: ĉi tiu ludo, laŭ la regularo wild16, ne havas tian demandon. Ĝi apartenas al la regularo angla: ludon laŭ ĝi kreas nova kriegspiel angla."},
	} {
		t.Run(tt.lang, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			w.say("ann", "lang "+tt.lang)
			w.say("ann", "new kriegspiel")
			w.say("bob", "join "+tokenOf(t, w, 1, "black"))
			w.say("ann", tt.any)
			if s := w.last("ann"); !strings.Contains(s, tt.want) {
				t.Errorf("%s under wild16 is answered\n%s\nwant %q", tt.any, s, tt.want)
			}
		})
	}
}

// decline with no draw offered says that nobody offers one, and how to
// offer one oneself, in the writer's words.
func TestDeclineNothing(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ lang, decline, want string }{
		{"en", "decline", "decline: nobody offers you a draw in this game now; decline answers an offer made to you. To offer one yourself, write draw."},
		{"ru", "отклонить", "отклонить: в этой партии вам сейчас никто не предлагает ничью; отклонить — ответ на предложение соперника. Чтобы предложить ничью самому, напишите ничья."},
		{"eo", "rifuzi", "rifuzi: neniu proponas al vi remizon en ĉi tiu ludo nun; rifuzi respondas al propono farita al vi. Por mem proponi remizon, skribu remizo."},
	} {
		t.Run(tt.lang, func(t *testing.T) {
			t.Parallel()
			w := twoPlayer(t, "chess")
			w.say("ann", "lang "+tt.lang)
			w.say("ann", tt.decline)
			if s := w.last("ann"); !strings.Contains(s, tt.want) {
				t.Errorf("%s with no offer is answered\n%s\nwant %q", tt.decline, s, tt.want)
			}
		})
	}
}
