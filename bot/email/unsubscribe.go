package email

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/emersion/go-message/mail"

	"umpire/bot/wire"
)

// Unsubscribing. A mail its reader did not ask for (wire.Message.
// Unsolicited: an invitation, news of a watched game) carries
//
//	List-Unsubscribe: <mailto:umpire+KEY@example.org?subject=stop>
//
// (RFC 2369): the mail client's Unsubscribe sends `stop`, which the bot
// records as a lasting opt-out. Where the operator gives a public HTTPS
// URL (MAIL_UNSUBSCRIBE_URL) and the address `umpire serve` listens on
// for it (MAIL_UNSUBSCRIBE_LISTEN, behind the operator's HTTPS proxy),
// the mail also carries that URL with the recipient's address and a
// token, an HMAC of the address under a secret the umpire made and keeps
// in its database, and List-Unsubscribe-Post: List-Unsubscribe=One-Click
// (RFC 8058). A POST to the URL with a valid token is handed to the bot
// as a wire.OptOut event; a GET only shows a button that POSTs, since
// link checkers fetch what they find in mail.

// secretName is the store's name of the unsubscribe secret.
const secretName = "email.unsubscribe-secret"

// loadSecret reads the unsubscribe secret, or makes and keeps one.
func (t *Transport) loadSecret() error {
	s, err := t.Cursor.Load(secretName)
	if err != nil {
		return fmt.Errorf("email: unsubscribe secret: %w", err)
	}
	if len(s) < 32 {
		s = make([]byte, 32)
		rand.Read(s) // never fails (crypto/rand)
		if err := t.Cursor.Save(secretName, s); err != nil {
			return fmt.Errorf("email: unsubscribe secret: %w", err)
		}
	}
	t.secret = s
	return nil
}

// unsubscribeToken is the token of an address: the first 16 bytes of its
// HMAC-SHA256 under the secret, in hex.
func (t *Transport) unsubscribeToken(addr string) string {
	mac := hmac.New(sha256.New, t.secret)
	mac.Write([]byte(strings.ToLower(addr)))
	return hex.EncodeToString(mac.Sum(nil)[:16])
}

// unsubscribeURL is the one-click URL for an address, "" when the
// operator gave none.
func (t *Transport) unsubscribeURL(addr string) string {
	if t.UnsubscribeURL == nil || t.secret == nil {
		return ""
	}
	u := *t.UnsubscribeURL
	u.RawQuery = url.Values{"to": {addr}, "t": {t.unsubscribeToken(addr)}}.Encode()
	return u.String()
}

// listUnsubscribe sets the List-Unsubscribe fields of an unsolicited
// mail: the mailto that sends stop (to the reply address, so that it also
// declines the invitation it answers) and the one-click URL, if any.
func (l letter) listUnsubscribe(h *mail.Header) {
	if !l.msg.Unsolicited {
		return
	}
	v := "<mailto:" + replyAddress(l.from.Address, l.token) + "?subject=stop>"
	if l.unsubscribe != "" {
		v = "<" + l.unsubscribe + ">, " + v
		h.Set("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")
	}
	h.Set("List-Unsubscribe", v)
}

// UnsubscribeHandler answers the one-click URL, handing a valid POST to
// h as an OptOut of the address.
func (t *Transport) UnsubscribeHandler(h wire.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, 4096)
		addr, tok := r.URL.Query().Get("to"), r.URL.Query().Get("t")
		if len(addr) > 254 || !strings.Contains(addr, "@") || t.secret == nil ||
			!hmac.Equal([]byte(tok), []byte(t.unsubscribeToken(addr))) {
			http.Error(w, "This link is not valid.", http.StatusNotFound)
			return
		}
		switch r.Method {
		case http.MethodGet, http.MethodHead:
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, unsubscribePage, html.EscapeString("?"+r.URL.RawQuery))
		case http.MethodPost:
			t.optOut(w, r, h, strings.ToLower(addr))
		default:
			w.Header().Set("Allow", "GET, POST")
			http.Error(w, "Use POST.", http.StatusMethodNotAllowed)
		}
	})
}

// The budget of one-click POSTs, by address and for all addresses at once:
// a valid link may be posted a few times (a mail client that retries, a
// user who clicks twice), and every POST costs a write to the database;
// past it the endpoint answers 429 and hands the bot nothing. Nothing the
// endpoint does ever sends a mail.
var (
	postsPerAddress = wire.Budget{Burst: 3, Refill: 10 * time.Minute}
	postsInAll      = wire.Budget{Burst: 60, Refill: time.Second}
)

// postAllowed spends one POST of addr's budget and of all's.
func (t *Transport) postAllowed(addr string) bool {
	t.mu.Lock()
	if t.posts.Budget.Burst == 0 {
		t.posts.Budget = postsPerAddress
		t.allPosts.Budget = postsInAll
	}
	t.mu.Unlock()
	now := t.Now()
	if ok, _ := t.allPosts.Take("", now); !ok {
		return false
	}
	ok, _ := t.posts.Take(addr, now)
	return ok
}

// optOut hands the bot an address's one-click opt-out, within the
// endpoint's budget.
func (t *Transport) optOut(w http.ResponseWriter, r *http.Request, h wire.Handler, addr string) {
	if !t.postAllowed(addr) {
		w.Header().Set("Retry-After", "600")
		http.Error(w, "Too many requests: this link was used a moment ago. / Слишком много запросов. / Tro da petoj.", http.StatusTooManyRequests)
		return
	}
	in := wire.Inbound{Transport: Name, From: addr, Private: true, Event: wire.OptOut,
		ID: fmt.Sprintf("unsubscribe.%d", t.Now().UnixNano())}
	if err := h.Handle(r.Context(), in); err != nil {
		t.Log.Warn("unsubscribe: not recorded", "err", err)
		http.Error(w, "Please try again later.", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	fmt.Fprintln(w, "Done: the umpire will not write to you any more until you ask for it: write to the umpire and answer the mail that comes back.\n"+
		"Готово: судья больше не будет вам писать, пока вы сами не попросите: напишите судье и ответьте на письмо, которое придёт в ответ.\n"+
		"Farite: la arbitraciisto ne plu skribos al vi, ĝis vi petos tion: skribu al la arbitraciisto kaj respondu al la letero, kiu revenos.")
}

// unsubscribePage is what a GET shows: a button that POSTs.
const unsubscribePage = `<!doctype html><meta charset="utf-8"><title>Umpire</title>
<form method="post" action="%s"><p>Stop all mail from the umpire? · Больше не получать писем судьи? · Ĉu ne plu ricevi leterojn de la arbitraciisto?</p>
<button type="submit" name="List-Unsubscribe" value="One-Click">Stop · Стоп · Haltu</button></form>
`

// listenUnsubscribe opens UnsubscribeListen, so that an address in use
// stops the start with a message that names the setting.
func (t *Transport) listenUnsubscribe() error {
	if t.UnsubscribeURL == nil {
		return nil
	}
	if err := t.loadSecret(); err != nil {
		return err
	}
	ln, err := wire.Listen(t.UnsubscribeListen)
	if err != nil {
		return fmt.Errorf("MAIL_UNSUBSCRIBE_LISTEN: %w", err)
	}
	t.unsubLn = ln
	return nil
}

// serveUnsubscribe serves the one-click URL until ctx is done; it
// returns at once.
func (t *Transport) serveUnsubscribe(ctx context.Context, h wire.Handler) {
	if t.unsubLn == nil {
		return
	}
	srv := wire.HTTPServer(ctx, t.UnsubscribeHandler(h), t.UnsubscribeLimits)
	ln := wire.LimitListener(t.unsubLn, t.UnsubscribeLimits)
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			t.Log.Error("unsubscribe: serving stopped", "err", err)
		}
	}()
}
