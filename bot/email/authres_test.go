package email

import (
	"context"
	"log/slog"
	"strings"
	"testing"
)

// forgedFrom trusts the topmost Authentication-Results header of the
// operator's server only, and reads DMARC (else SPF and DKIM) from it.
func TestForgedFrom(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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

// The three forms strangers used to read a failing mail as vouched or not
// forged, each in the trusted header as the operator's server would
// write it, copying the sender's envelope address and comments.
func TestAuthResultsInjection(t *testing.T) {
	t.Parallel()
	const us = "mx.example.net"
	for _, tt := range []struct {
		name           string
		value          string
		forged, vouche bool
	}{
		// a ';' in a quoted envelope local part injects a result
		{"quoted ';' adds a pass", us + `; spf=pass smtp.mailfrom="x;dmarc=pass header.from=example.org"@evil.example; dmarc=fail header.from=example.org`, true, false},
		{"quoted ';' alone", us + `; spf=pass smtp.mailfrom="x;dmarc=pass header.from=example.org"@evil.example`, false, false},
		// a '(' in a quoted string hides the results after it
		{"quoted '(' hides a fail", us + `; spf=pass smtp.mailfrom="a(b"@evil.example; dmarc=fail header.from=example.org`, true, false},
		{"a quote in a comment opens no string", us + ` (helo "x); dmarc=fail header.from=example.org`, true, false},
		{"escaped quote in a quoted string", us + `; spf=pass smtp.mailfrom="a\";dmarc=pass header.from=example.org"@evil.example; dmarc=fail header.from=example.org`, true, false},
		{"nested comments", us + ` (a (b; dmarc=pass header.from=example.org) c); dmarc=fail header.from=example.org`, true, false},
		// the envelope sender copied, quoted, into the server's comment
		{"quoted '(' in a comment hides no fail", us + `; spf=pass (mx.example.net: domain of "a(b"@evil.example designates 192.0.2.1 as permitted sender) smtp.mailfrom="a(b"@evil.example; dmarc=fail header.from=example.org`, true, false},
		{"quoted ')' in a comment shows no pass", us + `; spf=pass (mx.example.net: domain of "x); dmarc=pass header.from=example.org; (y"@evil.example designates 192.0.2.1 as permitted sender) smtp.mailfrom="x); dmarc=pass header.from=example.org; (y"@evil.example`, false, false},
		{"a quoted local part in a comment, a pass", us + `; spf=pass (domain of "a(b)"@example.org designates 192.0.2.1) smtp.mailfrom="a(b)"@example.org; dmarc=pass header.from=example.org`, false, true},
		// a verdict for another domain says nothing of this one
		{"pass for another domain", us + "; dmarc=pass header.from=evil.example; spf=fail smtp.mailfrom=example.org; dkim=none", true, false},
		{"pass for a subdomain vouches nothing", us + "; dmarc=pass header.from=mail.example.org", false, false},
		{"pass for the domain", us + "; dmarc=pass header.from=example.org", false, true},
		{"pass beside an unreadable result", us + "; dmarc=pass header.from=example.org; dkim", false, false},
		{"unclosed quote", us + `; dmarc=pass header.from=example.org; x="`, false, false},
	} {
		v := []string{tt.value}
		if got := forgedFrom(v, us, "alice@example.org"); got != tt.forged {
			t.Errorf("%s: forgedFrom = %v; want %v", tt.name, got, tt.forged)
		}
		if got := verifiedFrom(v, us, "alice@example.org"); got != tt.vouche {
			t.Errorf("%s: verifiedFrom = %v; want %v", tt.name, got, tt.vouche)
		}
	}
}

// A mail whose From names several addresses is never vouched for, even by
// a pass for the first one's domain.
func TestSeveralFromNeverVouched(t *testing.T) {
	t.Parallel()
	const us = "mx.example.net"
	for _, tt := range []struct {
		from string
		want bool
	}{
		{"Alice <alice@example.org>", true},
		{"Alice <alice@example.org>, Mallory <mallory@evil.example>", false},
	} {
		raw := "From: " + tt.from + "\r\nTo: umpire@example.net\r\nMessage-ID: <1@example.org>\r\n" +
			"Authentication-Results: " + us + "; dmarc=pass header.from=example.org\r\n\r\nhelp\r\n"
		m, err := ReadMail(strings.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		r := newRecorder()
		tr := &Transport{Config: Config{AuthservID: us, Log: slog.New(slog.DiscardHandler)}, self: "umpire@example.net"}
		if err := tr.handle(context.Background(), m, r); err != nil {
			t.Fatal(err)
		}
		if in := r.next(t); in.Verified != tt.want {
			t.Errorf("From: %s: Verified = %v; want %v", tt.from, in.Verified, tt.want)
		}
	}
}
