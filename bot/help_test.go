package bot_test

import (
	"testing"

	"umpire/bot/texts"
)

// TestHelpDiplomacy: `help diplomacy`, in any language, answers each act
// of three-player chess's diplomacy in the reader's language.
func TestHelpDiplomacy(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("ann", "lang ru")
	w.say("ann", "помощь дипломатия")
	if got, want := w.last("ann"), texts.DefaultCatalog.Text("ru", "rules-acts.triad", nil); got != want {
		t.Errorf("help diplomacy in Russian says %q; want %q", got, want)
	}
}
