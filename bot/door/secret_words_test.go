package door

import (
	"testing"

	"umpire/bot/texts"
	"umpire/referee"
)

// TestIsSecretEveryLanguage: the referee reads a crown in every language
// (korona.md 2.2), so the bot must know every one of them for a secret:
// else it draws no salt (the choice is refused as unreadable) and lets it
// be made in a group chat. A secret anywhere in an attempt list counts.
func TestIsSecretEveryLanguage(t *testing.T) {
	t.Parallel()
	for text, want := range map[string]bool{
		"корона король": true, "КОРОНА дама": true, "krono reĝo": true, "kronu damo": true,
		"crown king": true, "grow b2 N": true, "S@c3": true,
		"e4, crown king": true, "Ke2; корона король": true,
		"e2e4": false, "Кр e2": false, "e4, Nf3": false, "kronado": false,
	} {
		if got := Parse(texts.DefaultCatalog, text).Line.Has(referee.ItemSecret); got != want {
			t.Errorf("the line %q is secret: %v; want %v", text, got, want)
		}
	}
}

// A crown in the writer's own words reaches the referee in its words.
func TestSecretWordsParsed(t *testing.T) {
	t.Parallel()
	if got := Parse(texts.DefaultCatalog, "kronu reĝon").Line.Text(); got != "kronu reĝo" {
		t.Errorf("Parse(kronu reĝon).text = %q", got)
	}
}
