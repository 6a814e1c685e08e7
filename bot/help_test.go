package bot_test

import (
	"testing"

	"umpire/bot/texts"
)

// TestHelpDiplomacy: `help diplomacy`, in any language, answers each act
// of three-player chess's diplomacy in the reader's language, and when
// Lords may order (the timeline of referee's TestTriadNextOrderTwoLords).
func TestHelpDiplomacy(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("ann", "lang ru")
	w.say("ann", "помощь дипломатия")
	want := texts.DefaultCatalog.Text("ru", "rules-acts.triad", nil) + "\n" + texts.DefaultCatalog.Text("ru", "rules-timeline.triad", nil)
	if got := w.last("ann"); got != want {
		t.Errorf("help diplomacy in Russian says %q; want %q", got, want)
	}
}
