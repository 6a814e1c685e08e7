package bot

import (
	"testing"
	"umpire/bot/texts"
)

func TestSecretWords(t *testing.T) {
	tests := []struct{ in, want string }{
		{"kronu reĝon", "kronu reĝo"},
		{"Kronu Damon", "kronu damo"},
		{"crown queen", "crown dame"},
		{"crown king", "crown king"},
		{"короновать даму", "корона дама"},
		{"корона короля", "корона король"},
		{"вырастить b2 К", "grow b2 К"},
		{"kreskigu g7 Ĉ", "grow g7 Ĉ"},
		{"crown", "crown"},
		{"e2e4", "e2e4"},
		{"crown the king", "crown the king"},
	}
	for _, tt := range tests {
		if got := texts.SecretWords(tt.in); got != tt.want {
			t.Errorf("secretWords(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
	if got := parseCommand(texts.DefaultCatalog, "kronu reĝon").text; got != "kronu reĝo" {
		t.Errorf("parseCommand(kronu reĝon).text = %q", got)
	}
}
