package email

import "testing"

// forgedFrom trusts the topmost Authentication-Results header of the
// operator's server only, and reads DMARC (else SPF and DKIM) from it.
func TestForgedFrom(t *testing.T) {
	const us = "mx.example.net"
	for _, tt := range []struct {
		name   string
		id     string
		values []string
		want   bool
	}{
		{"dmarc fail", us, []string{us + "; dmarc=fail (p=reject) header.from=example.org"}, true},
		{"comment after the id", us, []string{us + " (Postfix); dmarc=fail header.from=example.org"}, true},
		{"version after the id", us, []string{us + " 1; dmarc=fail header.from=example.org"}, true},
		{"id in another case", us, []string{"MX.Example.NET; dmarc=fail header.from=example.org"}, true},
		{"dmarc pass", us, []string{us + "; spf=fail smtp.mailfrom=example.org; dmarc=pass header.from=example.org"}, false},
		{"dmarc fail of another domain", us, []string{us + "; dmarc=fail header.from=other.example"}, false},
		{"no operator id: nothing trusted", "", []string{us + "; dmarc=fail header.from=example.org"}, false},
		{"another server's header", us, []string{"evil.example; dmarc=fail header.from=example.org"}, false},
		{"the sender's header further down", us, []string{
			us + "; dmarc=fail header.from=example.org",
			us + "; dmarc=pass header.from=example.org"}, true},
		{"a forged pass under the server's fail, other id on top", us, []string{
			"relay.example; dmarc=pass",
			us + "; dmarc=fail header.from=example.org",
			us + "; dmarc=pass header.from=example.org"}, true},
		{"spf and dkim fail, no dmarc", us, []string{us + "; spf=fail smtp.mailfrom=bounce@example.org; dkim=fail header.d=example.org"}, true},
		{"spf fails, dkim passes", us, []string{us + "; spf=fail smtp.mailfrom=example.org; dkim=pass header.d=example.org"}, false},
		{"spf fails for another domain", us, []string{us + "; spf=fail smtp.mailfrom=list.example; dkim=none"}, false},
		{"spf softfail", us, []string{us + "; spf=softfail smtp.mailfrom=example.org; dkim=none"}, false},
		{"unreadable", us, []string{us + "; dmarc"}, false},
		{"none", us, nil, false},
	} {
		if got := forgedFrom(tt.values, tt.id, "alice@example.org"); got != tt.want {
			t.Errorf("%s: forgedFrom = %v; want %v", tt.name, got, tt.want)
		}
	}
}

// verifiedFrom finds a DMARC pass for the From domain in the trusted
// header only.
func TestVerifiedFrom(t *testing.T) {
	const us = "mx.example.net"
	for _, tt := range []struct {
		id     string
		values []string
		want   bool
	}{
		{us, []string{us + "; dmarc=pass header.from=example.org"}, true},
		{us, []string{us + "; dmarc=pass header.from=other.example"}, false},
		{us, []string{us + "; dmarc=fail header.from=example.org", us + "; dmarc=pass header.from=example.org"}, false},
		{us, []string{"evil.example; dmarc=pass header.from=example.org"}, false},
		{"", []string{us + "; dmarc=pass header.from=example.org"}, false},
		{us, []string{us + "; dmarc=pass"}, false},               // a pass for no named domain
		{us, []string{us + "; dmarc=pass header.from= "}, false}, // nor for an empty one
		{us, []string{us + "; dmarc=pass header.from=EXAMPLE.org"}, true},
	} {
		if got := verifiedFrom(tt.values, tt.id, "alice@example.org"); got != tt.want {
			t.Errorf("verifiedFrom(%q, %q) = %v; want %v", tt.values, tt.id, got, tt.want)
		}
	}
}
