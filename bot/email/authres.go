package email

import (
	"strings"

	"github.com/emersion/go-msgauth/authres"
)

// A mail's From is only claimed. The receiving mail server checks it
// (SPF, DKIM, DMARC) and writes what it found in an Authentication-Results
// header (RFC 8601) on top of the mail. A sender may write such headers
// too, further down, with any verdict; so the umpire trusts only the
// topmost header that names the operator's own server (its authserv-id,
// Config.AuthservID, MAIL_AUTHSERV_ID), and none at all when the operator
// named none: then seat keys alone protect the games. This holds only if
// the operator's server stamps every mail it delivers with its own header
// and strips, on the way in, any Authentication-Results header that
// carries its authserv-id (RFC 8601 §5): else a sender's own header, with
// the server's name and a made-up pass, would be the topmost one named.
//
// In the trusted header, a mail is not from its From address when
//   - dmarc=fail, or
//   - there is no DMARC verdict, SPF failed for an envelope sender of the
//     From domain, and no DKIM signature of that domain passed: the
//     domain's own records say the mail is not its.
//
// Such a mail is refused without acting and without using its key.
//
// The header is read through go-msgauth's parsed results (authres), but
// not handed to it whole: its parser splits at every ';' and reads a
// comment as words, so a quoted envelope local part that the server
// copied ("a;dmarc=pass"@evil.example) would add a result, and a '(' in
// one would swallow the results after it. lexResults first splits the
// value into its results as RFC 8601 writes them (quoted strings and
// comments taken as such), and each result is parsed on its own; a
// header with a result the parser cannot read vouches for nothing. Every
// property is compared whole: a DMARC verdict counts only for the From's
// own domain, named as header.from.
//
// Servers also copy the envelope sender into their comments, quoted as
// SMTP quotes it: "spf=pass (mx: domain of "a(b"@evil.example designates
// 192.0.2.1 as permitted sender)". To RFC 5322 a '"' in a comment is a
// character like any other, so there the local part's '(' opens a comment
// that swallows the rest of the header, and a ')' closes the server's
// comment early and shows the words after it as results. So each header
// is read twice (readings): as RFC 5322 reads comments, and with quoted
// strings kept whole inside them as the server wrote them. A result
// either reading finds failing refuses the mail; a pass vouches only when
// both readings find it, every result of both readable. No '(' or ')'
// in a quoted local part then hides a fail or shows a pass.

// verifiedFrom reports whether the operator's server found a DMARC pass
// for the domain of from, in the header forgedFrom trusts. A pass vouches
// only when it names the header.from it passed and that is from's domain,
// when no result of the header is unreadable and none is a DMARC fail for
// that domain. from is the one address of the mail's From: a mail with
// several From addresses is never vouched for (the caller gives "").
func verifiedFrom(values []string, authservID, from string) bool {
	for _, quotes := range readings {
		results, ok := trusted(values, authservID, quotes)
		if !ok || !strings.Contains(from, "@") || !vouches(results, from) {
			return false
		}
	}
	return true
}

// readings are the two readings of a header: a quoted string inside a
// comment taken as RFC 5322 takes it (as plain characters), and whole.
var readings = []bool{false, true}

// vouches reports whether results hold a DMARC pass for from's domain,
// no fail for it and nothing unreadable.
func vouches(results []authres.Result, from string) bool {
	pass := false
	for _, r := range results {
		switch r := r.(type) {
		case nil:
			return false // unreadable: vouches for nothing
		case *authres.DMARCResult:
			switch {
			case !sameDomain(r.From, domainOf(from)):
			case r.Value == authres.ResultPass:
				pass = true
			default:
				return false
			}
		}
	}
	return pass
}

// trusted are the results of the topmost header naming authservID, a nil
// Result for each one the parser could not read, in one of the readings
// (quotes: quoted strings whole inside comments).
func trusted(values []string, authservID string, quotes bool) ([]authres.Result, bool) {
	if authservID == "" {
		return nil, false
	}
	for _, v := range values {
		id, parts := lexResults(v, quotes)
		if !strings.EqualFold(id, authservID) {
			continue
		}
		var results []authres.Result
		for _, p := range parts {
			_, rs, err := authres.Parse(id + "; " + p)
			if err != nil || len(rs) != 1 {
				results = append(results, nil)
				continue
			}
			results = append(results, rs[0])
		}
		return results, true
	}
	return nil, false
}

// forgedFrom reports whether the operator's server found that a mail
// from address from, whose Authentication-Results headers are values
// (topmost first), is not from that address.
func forgedFrom(values []string, authservID, from string) bool {
	for _, quotes := range readings {
		if results, ok := trusted(values, authservID, quotes); ok && fails(results, domainOf(from)) {
			return true
		}
	}
	return false
}

// fails reports whether results say a mail of domain is not its: a DMARC
// fail for the domain, or, without a DMARC verdict for it, an SPF fail of
// an envelope sender of the domain and no DKIM pass of it. A verdict for
// another domain says nothing of this one.
func fails(results []authres.Result, domain string) bool {
	spf, dkim, verdict := false, false, false
	for _, r := range results {
		switch r := r.(type) {
		case *authres.DMARCResult:
			if !sameDomain(r.From, domain) && strings.TrimSpace(r.From) != "" {
				continue // another domain's verdict
			}
			if r.Value == authres.ResultFail {
				return true
			}
			verdict = verdict || r.Value != authres.ResultNone
		case *authres.SPFResult:
			spf = spf || (r.Value == authres.ResultFail && aligned(domainOf(r.From), domain))
		case *authres.DKIMResult:
			dkim = dkim || (r.Value == authres.ResultPass && aligned(r.Domain, domain))
		}
	}
	return !verdict && spf && !dkim
}

// sameDomain reports whether a checked domain, as the header names it, is
// the From's domain: the whole name, in any case.
func sameDomain(checked, from string) bool {
	checked = strings.TrimSpace(checked)
	return checked != "" && strings.EqualFold(checked, from)
}

// aligned reports whether a checked domain is the From domain or one
// above or below it by whole labels (relaxed alignment, for the SPF and
// DKIM fallback that refuses); an empty one is the From's, so a fail that
// names no domain still refuses.
func aligned(checked, from string) bool {
	checked, from = strings.ToLower(strings.TrimSpace(checked)), strings.ToLower(from)
	return checked == "" || checked == from ||
		strings.HasSuffix(checked, "."+from) || strings.HasSuffix(from, "."+checked)
}

// domainOf is the part of an address after its last "@" (all of it when
// it has none, as smtp.mailfrom=example.org may be written).
func domainOf(addr string) string {
	return addr[strings.LastIndexByte(addr, '@')+1:]
}

// lexResults splits an Authentication-Results value into its authserv-id
// and its results as RFC 8601 (with RFC 5322's lexical tokens) writes
// them: results end at a ';' outside quoted strings and comments;
// comments, nested or not, are dropped; a quoted string becomes "q",
// since nothing the umpire reads is quoted (a quoted local part of
// smtp.mailfrom keeps its domain, which follows the quotes); a
// backslash escapes the next character in both. With quotes set, a
// quoted string inside a comment is read whole too, so that its '(' and
// ')' neither open nor close a comment. A value left inside a comment or
// a quoted string gains an unreadable result.
func lexResults(v string, quotes bool) (id string, results []string) {
	l := lexer{quotes: quotes}
	for _, r := range v {
		l.step(r)
	}
	parts := append(l.parts, l.cur.String())
	if l.quoted || l.depth > 0 {
		parts = append(parts, "(unclosed") // unreadable: vouches for nothing
	}
	id = strings.TrimSpace(parts[0])
	if f := strings.Fields(id); len(f) > 0 {
		id = f[0] // "mx.example.org 1": the version
	}
	for _, p := range parts[1:] {
		if p = strings.TrimSpace(p); p != "" && p != "none" {
			results = append(results, p)
		}
	}
	return id, results
}

// lexer is lexResults' state: the parts ended so far and the one being
// read, the depth of comments, and whether a quoted string is open and
// the next character escaped.
type lexer struct {
	quotes          bool // quoted strings inside comments are read whole
	parts           []string
	cur             strings.Builder
	depth           int
	quoted, escaped bool
}

// step reads one character.
func (l *lexer) step(r rune) {
	switch {
	case l.escaped:
		l.escaped = false
	case (l.quoted || l.depth > 0) && r == '\\':
		l.escaped = true
	case l.quoted:
		if r == '"' {
			l.quoted = false
			if l.depth == 0 {
				l.cur.WriteString(`q"`)
			}
		}
	case l.depth > 0:
		switch r {
		case '(':
			l.depth++
		case ')':
			l.depth--
		case '"':
			l.quoted = l.quotes
		}
	case r == '(':
		l.depth++
		l.cur.WriteByte(' ')
	case r == '"':
		l.quoted = true
		l.cur.WriteByte('"')
	case r == ';':
		l.parts = append(l.parts, l.cur.String())
		l.cur.Reset()
	default:
		l.cur.WriteRune(r)
	}
}
