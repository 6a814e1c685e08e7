package email

import (
	"strings"
	"testing"

	"umpire/bot/texts"
	"umpire/bot/wire"
)

// away is an out-of-office answer as a careless auto-responder sends it:
// to every mail, with none of the headers that mark it automatic.
const away = "I am out of the office until Monday 4 May and read no mail until then."

// noticePaused is the catalog's id of the last refusal before silence.
const noticePaused = "err.refusals-paused"

// TestAutoResponderLoopEnds: alice's auto-responder answers her game mail,
// and then every refusal of the umpire, with a mail the umpire cannot
// read. The umpire refuses DefaultRefusalCap.N of them, the last saying
// it will now pass such mails over, and answers the next one with
// nothing: the following mail alice gets is the answer to her own help.
// That readable command ends the silence: the next unreadable mail is
// refused again. Bob hears none of it.
func TestAutoResponderLoopEnds(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	l, _ := tb.start(t)
	n := wire.DefaultRefusalCap.N
	for i := 1; i <= n; i++ {
		tb.reply(t, alice, l, away)
		l = tb.next(t, alice)
		if !strings.Contains(l.text, "I am out of the office") {
			t.Fatalf("answer %d to the auto-reply is no refusal of it:\n%s", i, l.text)
		}
		if paused := told(l, noticePaused); paused != (i == n) {
			t.Fatalf("refusal %d of %d: says it pauses = %v:\n%s", i, n, paused, l.text)
		}
	}
	tb.reply(t, alice, l, away) // past the cap: set aside, unanswered
	tb.write(t, alice, "help")
	if l = tb.next(t, alice); !isHelp(l) {
		t.Fatalf("after the auto-reply set aside, alice's next mail is %q; want the help", l.text)
	}
	tb.reply(t, alice, l, away) // the help's reply address has no seat key
	if l = tb.next(t, alice); !told(l, noticeNeedToken) || told(l, noticePaused) {
		t.Fatalf("after a readable command, an unreadable mail got %q; want a plain refusal", l.text)
	}
	tb.empty(t, alice)
	tb.empty(t, bob)
}

// isHelp reports whether a mail is the answer to help.
func isHelp(l *letterIn) bool {
	first, _, _ := strings.Cut(texts.DefaultCatalog.Text("en", "help", nil), "\n")
	return strings.HasPrefix(l.text, first)
}

// TestMarkedAutoRepliesNeverAnswered: a mail marked automatic by any of
// the headers RFC 3834 and common practice use is never answered, not
// even once: alice's next mail answers her help.
func TestMarkedAutoRepliesNeverAnswered(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	l, _ := tb.start(t)
	for _, h := range []string{"Auto-Submitted: auto-replied", "Auto-Submitted: auto-generated", "Precedence: bulk",
		"Precedence: junk", "Precedence: list", "X-Autoreply: yes", "X-Autorespond: yes", "Return-Path: <>"} {
		tb.reply(t, alice, l, away, h)
		tb.write(t, alice, "help")
		if got := tb.next(t, alice); !isHelp(got) {
			t.Errorf("a mail with %q was answered: %q", h, strings.SplitN(got.text, "\n", 2)[0])
			tb.next(t, alice) // the help, after it
		}
	}
	tb.empty(t, alice)
	tb.empty(t, bob)
}
