package email

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"umpire/bot/texts"
	"umpire/store"
)

// strangerCap is the most confirmations an hour the umpire mails to
// addresses where nobody holds a seat (bot/door/strangers.go).
const strangerCap = 10

// Twenty forged mails in twenty strangers' names, each a command that
// needs a confirmation and carries a spammer's words with a right-to-left
// override and a zero-width space: within the hour they bring at most the
// cap of confirmations, all under one fixed subject, quoting the words
// only without those characters.
func TestForgedConfirmationsCapped(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	runBot(t, r, nil)
	const forged = 20
	for i := range forged {
		from := fmt.Sprintf("victim%02d@example.com", i)
		r.imap.deliver(t, mailFrom(from, botAddr, "hello", fmt.Sprintf("f%d@evil.example", i),
			"name BUY-CHEAP-PILLS-AT-http://spam.example/\u202egnp.exe\u200b"))
	}
	eventually(t, "the forged mails handled", func() bool { return len(r.imap.seen(t)) == forged })
	eventually(t, "the outbox sent", func() bool {
		rows, err := r.db.Pending(time.Now().Add(time.Hour), 1)
		return err == nil && len(rows) == 0
	})
	got := len(r.smtp.arrived) // every mail sent is in the sink once its row is done
	if got == 0 || got > strangerCap {
		t.Fatalf("%d forged mails in strangers' names brought %d confirmations; want 1 to %d", forged, got, strangerCap)
	}
	subject := texts.DefaultCatalog.Text("en", "subject-confirm", nil)
	for range got {
		l := readLetter(t, r.smtp.next(t).data)
		if stripTag(l.subject()) != subject { // and the token's tag
			t.Errorf("a confirmation's Subject = %q; want %q and the tag", l.subject(), subject)
		}
		if !strings.Contains(l.text, "command name: “name BUY-CHEAP-PILLS-AT-http://spam.example/gnp.exe”") {
			t.Errorf("a confirmation does not name the command and quote it plain:\n%s", l.text)
		}
		if strings.ContainsAny(string(l.raw), "\u202e\u200b") {
			t.Errorf("a confirmation carries a format character:\n%s", l.raw)
		}
	}
}

// A confirmation's List-Unsubscribe mailto (stop, to its reply address)
// opts its address out at once and is answered by no mail: a mail in that
// name afterwards brings no confirmation, only the weekly question
// whether to resume, and the unsubscribed confirmation opens nothing.
func TestConfirmationUnsubscribe(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	tb.write(t, eve, "name Mallory")
	ask := tb.nextWith(t, eve, confirmPhrase)
	m := regexp.MustCompile(`<mailto:([^?>]+)\?subject=stop>`).FindStringSubmatch(ask.header.Get("List-Unsubscribe"))
	if m == nil || m[1] != ask.replyTo() {
		t.Fatalf("List-Unsubscribe = %q; want a mailto to %s", ask.header.Get("List-Unsubscribe"), ask.replyTo())
	}
	tb.imap.deliver(t, mailFrom(eve, m[1], "stop", "unsub@stranger.example", ""))
	tb.write(t, eve, "name Mallory") // a forger again
	if l := tb.next(t, eve); !strings.Contains(l.text, "resume r") {
		t.Errorf("after the unsubscribe eve was mailed %q; want only the question whether to resume", l.text)
	}
	if out, _ := tb.db.OptedOut(store.Address{Transport: Name, ID: eve}); !out {
		t.Errorf("eve is not opted out")
	}
	tb.reply(t, eve, ask, "yes")
	tb.write(t, eve, "help")
	tb.nextWith(t, eve, "new VARIANT") // the help, after whatever the yes brought
	if p, err := tb.db.PlayerAt(store.Address{Transport: Name, ID: eve}); err == nil && p.Name == "Mallory" {
		t.Errorf("the unsubscribed confirmation was carried out")
	}
}

// A confirmation's one-click unsubscribe (RFC 8058) opts its address out
// at once and is answered by no mail: a mail in that name afterwards
// brings no confirmation, only the weekly question whether to resume.
func TestConfirmationOneClick(t *testing.T) {
	t.Parallel()
	tb, srv := oneClickTable(t)
	tb.write(t, eve, "name Mallory")
	ask := tb.nextWith(t, eve, confirmPhrase)
	m := regexp.MustCompile(`<(https://[^>]+)>`).FindStringSubmatch(ask.header.Get("List-Unsubscribe"))
	if m == nil || ask.header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
		t.Fatalf("List-Unsubscribe = %q; want a one-click URL", ask.header.Get("List-Unsubscribe"))
	}
	u, _ := url.Parse(m[1])
	resp, err := http.Post(srv.URL+u.Path+"?"+u.RawQuery, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if out, _ := tb.db.OptedOut(store.Address{Transport: Name, ID: eve}); resp.StatusCode != http.StatusOK || !out {
		t.Fatalf("the one-click POST: %d, opted out %v; want 200 and opted out", resp.StatusCode, out)
	}
	tb.write(t, eve, "name Mallory") // a forger again
	if l := tb.next(t, eve); !strings.Contains(l.text, "resume r") {
		t.Errorf("after the one click eve was mailed %q; want only the question whether to resume", l.text)
	}
}
