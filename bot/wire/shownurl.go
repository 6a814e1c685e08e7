package wire

import "net/url"

// ShownURL is a URL as the umpire shows it in a log line, an error or a
// line of `umpire doctor`: its scheme and host alone, with "/…" where
// more followed. User information (a password), the path (a webhook's
// secret path, the Bot API's token) and the query are never shown:
// "http://hook:pw@umpire.test/telegram/SECRET" is "http://umpire.test/…".
// A text that is not a URL with a host is shown as "(not a URL with a
// host)". Every URL the umpire logs or prints goes through it.
func ShownURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return "(not a URL with a host)"
	}
	shown := (&url.URL{Scheme: u.Scheme, Host: u.Host}).String()
	if (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.ForceQuery {
		shown += "/…"
	}
	return shown
}
