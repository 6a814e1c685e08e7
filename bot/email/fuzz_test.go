package email

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzReadMail reads arbitrary mails: ReadMail never panics, and the
// command it reads is at most a few lines of valid UTF-8 with no quoted
// line, no attribution and no signature in it; the operator's server
// (mx.example.net) never both vouches for a mail's From and finds it
// forged.
func FuzzReadMail(f *testing.F) {
	f.Add([]byte("From: a@b\r\n\r\ne4\r\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		m, err := ReadMail(bytes.NewReader(raw))
		if err != nil {
			return
		}
		if verifiedFrom(m.AuthResults, "mx.example.net", m.From) && forgedFrom(m.AuthResults, "mx.example.net", m.From) {
			t.Fatalf("Authentication-Results %q both vouch for %s and find it forged", m.AuthResults, m.From)
		}
		c := m.Command
		if !utf8.ValidString(c) {
			t.Fatalf("Command %q is not UTF-8", c)
		}
		lines := strings.Split(c, "\n")
		if len(lines) > maxCommandLines {
			t.Fatalf("Command has %d lines", len(lines))
		}
		for i, l := range lines {
			if c != "" && (l == "" || isQuote(l) || isSignature(l) || isSeparator(l) || attribution(lines[i:]) > 0) {
				t.Fatalf("Command %q has line %q", c, l)
			}
		}
		again, _ := ReadMail(bytes.NewReader(raw))
		if again.Command != c || again.MessageID != m.MessageID {
			t.Fatalf("ReadMail is not deterministic: %q then %q", c, again.Command)
		}
	})
}
