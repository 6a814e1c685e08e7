package bot

import (
	"testing"

	"umpire/bot/texts"
)

// A crown in the writer's own words reaches the referee in its words.
func TestSecretWordsParsed(t *testing.T) {
	if got := parseCommand(texts.DefaultCatalog, "kronu reĝon").text; got != "kronu reĝo" {
		t.Errorf("parseCommand(kronu reĝon).text = %q", got)
	}
}
