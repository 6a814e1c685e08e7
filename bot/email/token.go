package email

import (
	"regexp"
	"strings"
)

// A seat's token is the secret the bot made when the game was created
// ("12-0123456789abcdef": the game's number and a random part). The
// umpire's mails about a game carry the recipient's token twice: in the
// reply address, umpire+TOKEN@example.org, so that a plain Reply brings it
// back, and in a tag at the end of the subject, [TOKEN], for the clients
// that answer the From address instead. The token is the recipient's own
// secret, the only thing of the kind in any header.

// tokenPattern is the shape of a token; tagPattern finds one in a subject.
var (
	tokenPattern = regexp.MustCompile(`^[0-9]{1,19}-[0-9a-z]{4,64}$`)
	tagPattern   = regexp.MustCompile(`\[([0-9]{1,19}-[0-9a-zA-Z]{4,64})\]`)
)

// validToken reports whether s has the shape of a token.
func validToken(s string) bool { return tokenPattern.MatchString(s) }

// replyAddress is the bot's address with tok after a "+":
// umpire+12-0123456789abcdef@example.org.
func replyAddress(self, tok string) string {
	local, domain, ok := strings.Cut(self, "@")
	if !ok || tok == "" {
		return self
	}
	if i := strings.IndexByte(local, '+'); i >= 0 {
		local = local[:i]
	}
	return local + "+" + tok + "@" + domain
}

// subjectTag is the tag that ends a subject: " [TOKEN]".
func subjectTag(tok string) string {
	if tok == "" {
		return ""
	}
	return " [" + tok + "]"
}

// tokenOf finds the token a mail carries: in a recipient address that is
// self with a "+" part, else in the subject's last tag. It returns "" when
// there is none.
func tokenOf(m *Mail, self string) string {
	local, domain, _ := strings.Cut(strings.ToLower(self), "@")
	for _, to := range m.To {
		l, d, ok := strings.Cut(to, "@")
		base, tok, plus := strings.Cut(l, "+")
		if ok && plus && base == local && d == domain && validToken(tok) {
			return tok
		}
	}
	tags := tagPattern.FindAllStringSubmatch(m.Subject, -1)
	if len(tags) > 0 {
		return strings.ToLower(tags[len(tags)-1][1])
	}
	return ""
}

// stripTag takes the token tags out of a subject, for showing it.
func stripTag(subject string) string {
	return strings.TrimSpace(tagPattern.ReplaceAllString(subject, ""))
}
