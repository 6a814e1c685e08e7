package bot_test

import (
	"strings"
	"testing"

	"umpire/bot/texts"
	"umpire/bot/wire"
)

// TestRefusedMailEventsCapped: a flood of forged mails (DMARC fail) or of
// oversized ones in a player's name brings that player at most
// DefaultRefusalCap.N notices, the last saying the umpire falls silent,
// like any other refusal by mail; a readable message ends the silence.
func TestRefusedMailEventsCapped(t *testing.T) {
	t.Parallel()
	for _, ev := range []wire.Event{wire.Unverified, wire.TooLarge} {
		w := newWorld(t)
		w.say("ann", "help")
		w.flush()
		before := len(w.tr.To("ann"))
		for range 3 * wire.DefaultRefusalCap.N {
			in := w.tr.Private("ann", "")
			in.Event, in.Forgeable = ev, true
			w.do(in)
		}
		w.flush()
		got := w.tr.To("ann")[before:]
		if len(got) != wire.DefaultRefusalCap.N {
			t.Errorf("event %v: %d notices for %d mails; want %d", ev, len(got), 3*wire.DefaultRefusalCap.N, wire.DefaultRefusalCap.N)
			continue
		}
		paused := texts.DefaultCatalog.Text("en", "err.refusals-paused", texts.Args{"n": "5"})
		if !strings.Contains(got[len(got)-1].Text, paused[:40]) {
			t.Errorf("event %v: the last notice does not say the umpire falls silent:\n%s", ev, got[len(got)-1].Text)
		}
		in := w.tr.Private("ann", "help")
		in.Forgeable = true
		w.do(in)
		w.flush()
		if n := len(w.tr.To("ann")) - before; n != wire.DefaultRefusalCap.N+1 {
			t.Errorf("event %v: help after the silence brought %d messages in all; want the help too", ev, n)
		}
	}
}
