package bot_test

import (
	"strings"
	"testing"
)

// A word the umpire does not know comes back in its refusal plain and
// short, whatever it held: no terminal escape, no right-to-left override,
// not three thousand characters.
func TestRefusalEchoesPlainWords(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	bad := "xx\u202e\x1b[2Jyy" + strings.Repeat("z", 3000)
	for _, line := range []string{"new " + bad, "rules " + bad, "new kriegspiel " + bad, "новая кригшпиль " + bad} {
		w.say("ann", line)
		if s := w.last("ann"); len(s) > 1500 || strings.ContainsAny(s, "\u202e\x1b") {
			t.Errorf("%.20q answered with %d bytes: %.120q", line, len(s), s)
		}
	}
}
