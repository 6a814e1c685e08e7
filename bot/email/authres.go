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

// verifiedFrom reports whether the operator's server found a DMARC pass
// for the domain of from, in the header forgedFrom trusts. A pass vouches
// only when it names the header.from it passed, and that is from's
// domain (or aligned with it): a pass for no named domain proves nothing.
func verifiedFrom(values []string, authservID, from string) bool {
	results, ok := trusted(values, authservID)
	if !ok {
		return false
	}
	for _, r := range results {
		if r, ok := r.(*authres.DMARCResult); ok && r.Value == authres.ResultPass &&
			strings.TrimSpace(r.From) != "" && aligned(r.From, domainOf(from)) {
			return true
		}
	}
	return false
}

// trusted are the results of the topmost header naming authservID.
func trusted(values []string, authservID string) ([]authres.Result, bool) {
	if authservID == "" {
		return nil, false
	}
	for _, v := range values {
		id, results, _ := authres.Parse(uncomment(v))
		if strings.EqualFold(id, authservID) {
			return results, true
		}
	}
	return nil, false
}

// forgedFrom reports whether the operator's server found that a mail
// from address from, whose Authentication-Results headers are values
// (topmost first), is not from that address.
func forgedFrom(values []string, authservID, from string) bool {
	results, ok := trusted(values, authservID)
	return ok && fails(results, domainOf(from))
}

// fails reports whether results say a mail of domain is not its.
func fails(results []authres.Result, domain string) bool {
	spf, dkim := false, false
	for _, r := range results {
		switch r := r.(type) {
		case *authres.DMARCResult:
			if r.Value == authres.ResultFail && aligned(r.From, domain) {
				return true
			}
			if r.Value != authres.ResultNone {
				return false // a verdict other than fail stands
			}
		case *authres.SPFResult:
			spf = spf || (r.Value == authres.ResultFail && aligned(domainOf(r.From), domain))
		case *authres.DKIMResult:
			dkim = dkim || (r.Value == authres.ResultPass && aligned(r.Domain, domain))
		}
	}
	return spf && !dkim
}

// aligned reports whether a checked domain is the From domain or one
// above or below it (relaxed alignment); an empty one is the From's (so
// a fail that names no domain still refuses; a pass needs a name:
// verifiedFrom).
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

// uncomment removes the (comments) of a header value, which the parser
// would read as words: "mx.example.net (Postfix); dmarc=fail (p=reject)".
func uncomment(v string) string {
	var b strings.Builder
	depth := 0
	for _, r := range v {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}
