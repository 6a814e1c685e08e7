package bot

import (
	"testing"

	"umpire/bot/texts"
)

// TestIsSecretEveryLanguage: the referee reads a crown in every language
// (korona.md 2.2), so the bot must know every one of them for a secret:
// else it draws no salt (the choice is refused as unreadable) and lets it
// be made in a group chat. A secret anywhere in an attempt list counts.
func TestIsSecretEveryLanguage(t *testing.T) {
	for text, want := range map[string]bool{
		"корона король": true, "КОРОНА дама": true, "krono reĝo": true, "kronu damo": true,
		"crown king": true, "grow b2 N": true, "S@c3": true,
		"e4, crown king": true, "Ke2; корона король": true,
		"e2e4": false, "Кр e2": false, "e4, Nf3": false, "kronado": false,
	} {
		if got := isSecret(text); got != want {
			t.Errorf("isSecret(%q) = %v; want %v", text, got, want)
		}
	}
}

// A crown in the writer's own words reaches the referee in its words.
func TestSecretWordsParsed(t *testing.T) {
	if got := parseCommand(texts.DefaultCatalog, "kronu reĝon").text; got != "kronu reĝo" {
		t.Errorf("parseCommand(kronu reĝon).text = %q", got)
	}
}
