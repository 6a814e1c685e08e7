package referee

import "testing"

// TestSecretWords: secret choices in the words players write reach the
// referee in its own.
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
		if got := SecretWords(tt.in); got != tt.want {
			t.Errorf("secretWords(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}
