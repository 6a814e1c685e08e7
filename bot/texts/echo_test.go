package texts

import (
	"strings"
	"testing"
)

// TestEcho: an echo of a user's text holds no control or format
// character (a right-to-left override would turn the sentence around
// it), and no more than maxEcho characters.
func TestEcho(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"e2e4", "e2e4"},
		{"e2\u202ee4", "e2e4"},
		{"Nf3\u200b\u2066x\u2069", "Nf3x"},
		{"line\nbreak", "line break"},
		{strings.Repeat("я", 70), strings.Repeat("я", 64) + "…"},
	} {
		if got := Echo(c.in); got != c.want {
			t.Errorf("Echo(%q) = %q; want %q", c.in, got, c.want)
		}
	}
}

// TestEchoWord: a word a refusal repeats is plain and short.
func TestEchoWord(t *testing.T) {
	t.Parallel()
	if got := EchoWord("xx\u202e\x1b[2Jyy" + strings.Repeat("z", 3000)); len(got) > 32 || strings.ContainsAny(got, "\u202e\x1b") {
		t.Errorf("EchoWord = %q", got)
	}
}
