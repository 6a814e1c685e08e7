package texts

import (
	"testing"

	"umpire/referee"
)

// Every reason a ruling may give has a sentence of its own in every
// language: as a refusal ("refused.CODE") or as the why of an impossible
// try ("why.CODE"), so that no refusal falls back to the generic text
// where the referee said which rule it rests on.
func TestEveryReasonSaid(t *testing.T) {
	t.Parallel()
	for _, code := range referee.Reasons() {
		for _, lang := range Languages {
			if !DefaultCatalog.Has(lang, "refused."+code) && !DefaultCatalog.Has(lang, "why."+code) {
				t.Errorf("%s: reason %q has no sentence (refused.%s or why.%s)", lang, code, code, code)
			}
		}
	}
}
