package email

import (
	"context"
	"errors"
	"log/slog"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"
	"umpire/internal/testkit"

	"github.com/emersion/go-imap/v2"

	"umpire/bot/wire"
)

func TestReceiveNewcomer(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	rec := newRecorder()
	r.imap.deliver(t, mailFrom("Alice <Alice@Example.org>", botAddr, "hello", "m1@example.org", "help\n\n-- \nAlice"))
	r.receive(rec)
	in := rec.next(t)
	want := wire.Inbound{Transport: Name, From: "alice@example.org", Text: "help", ID: "m1@example.org", Name: "Alice", Private: true, Forgeable: true}
	if in.Sent.IsZero() {
		t.Error("Inbound.Sent is zero; want the mail's arrival in the mailbox")
	}
	if in.Sent = (time.Time{}); in != want {
		t.Errorf("Inbound = %+v; want %+v", in, want)
	}
	// A mail that comes while the transport idles is read at once.
	r.imap.deliver(t, mailFrom("bob@example.org", botAddr, "hi", "m2@example.org", "rules"))
	if in := rec.next(t); in.Text != "rules" || in.From != "bob@example.org" {
		t.Errorf("second Inbound = %+v", in)
	}
	waitSeen(t, r, []imap.UID{1, 2})
}

// waitSeen waits until the INBOX's \Seen UIDs are want.
func waitSeen(t *testing.T, r *rig, want []imap.UID) {
	t.Helper()
	var got []imap.UID
	eventually(t, "the mails marked \\Seen", func() bool {
		got = r.imap.seen(t)
		return slices.Equal(got, want)
	})
	if !slices.Equal(got, want) {
		t.Fatalf("\\Seen UIDs = %v; want %v", got, want)
	}
}

func TestReceiveSeenOnlyAfterCommit(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	rec := newRecorder()
	rec.fail = errors.New("store is busy")
	r.imap.deliver(t, mailFrom("alice@example.org", botAddr, "x", "m1@example.org", "help"))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- r.tr.Receive(ctx, rec) }()
	<-rec.calls // the handler refused the mail: nothing may be marked
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if got := r.imap.seen(t); len(got) != 0 {
		t.Errorf("\\Seen UIDs after a failed handle = %v; want none", got)
	}
	cur, _ := r.db.Cursor(r.tr.cursorName())
	if cur != nil {
		t.Errorf("cursor after a failed handle = %s; want none", cur)
	}
	rec.mu.Lock()
	rec.fail = nil
	rec.mu.Unlock()
	r.receive(rec)
	if in := rec.next(t); in.ID != "m1@example.org" {
		t.Errorf("Inbound after the failure = %+v; want m1 again", in)
	}
	waitSeen(t, r, []imap.UID{1})
}

func TestReceiveRestartKeepsPlace(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	r.imap.deliver(t, mailFrom("alice@example.org", botAddr, "x", "m1@example.org", "help"))
	first := newRecorder()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- r.tr.Receive(ctx, first) }()
	first.next(t)
	waitSeen(t, r, []imap.UID{1})
	cancel()
	<-done
	// Someone reads the mail in a client and marks it unread again; a
	// new mail comes; the bot restarts: only the new one is read.
	r.imap.deliver(t, mailFrom("bob@example.org", botAddr, "x", "m2@example.org", "games"))
	second := newRecorder()
	r.receive(second)
	if in := second.next(t); in.ID != "m2@example.org" {
		t.Errorf("after a restart: %+v; want only m2 (m1, older, would come first)", in)
	}
}

func TestReceiveNewUIDValidity(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	// A cursor from another UIDVALIDITY: the mailbox was rebuilt.
	if err := r.tr.saveCursor(cursor{Validity: 0xdeadbeef, Last: 500}); err != nil {
		t.Fatal(err)
	}
	r.imap.deliver(t, mailFrom("alice@example.org", botAddr, "x", "m1@example.org", "help"))
	rec := newRecorder()
	r.receive(rec)
	if in := rec.next(t); in.ID != "m1@example.org" {
		t.Errorf("after a new UIDVALIDITY: %+v; want m1", in)
	}
}

func TestReceivePolling(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	r.tr.noIdle = true
	rec := newRecorder()
	r.receive(rec)
	r.imap.deliver(t, mailFrom("alice@example.org", botAddr, "x", "m1@example.org", "help"))
	if in := rec.next(t); in.ID != "m1@example.org" {
		t.Errorf("polling: %+v; want m1", in)
	}
}

func TestReceivePassesOverMachines(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	rec := newRecorder()
	r.imap.deliver(t, mailFrom("judy@example.org", botAddr, "Away", "a1@example.org", "I am away", "Auto-Submitted: auto-replied"))
	r.imap.deliver(t, mailFrom(botAddr, botAddr, "loop", "a2@example.org", "help"))
	r.imap.deliver(t, mailFrom("umpire+1-0011223344556677@example.net", botAddr, "loop", "a3@example.org", "help"))
	r.imap.deliver(t, mailFrom("alice@example.org", botAddr, "x", "m1@example.org", "help"))
	r.receive(rec)
	if in := rec.next(t); in.ID != "m1@example.org" {
		t.Errorf("first Inbound = %+v; want m1 (the machines passed over)", in)
	}
	waitSeen(t, r, []imap.UID{1, 2, 3, 4})
	r.smtp.none(t)
}

// TestPasswordNeverLogged breaks the connection under a receiving
// transport and reads what it logged while it reconnects.
func TestPasswordNeverLogged(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	var log testkit.SyncBuffer
	r.tr.Log = slog.New(slog.NewTextHandler(&log, nil)).With("mailbox", r.tr.IMAP.Redacted())
	rec := newRecorder()
	r.imap.deliver(t, mailFrom(alice, botAddr, "x", "m1@example.org", "help"))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- r.tr.Receive(ctx, rec) }()
	rec.next(t)
	r.imap.srv.Close() // the server goes away: the transport logs and retries
	eventually(t, "a reconnection logged", func() bool { return strings.Contains(log.String(), "reconnecting") })
	cancel()
	<-done
	for _, secret := range []string{botPass, url.PathEscape(botPass), url.QueryEscape(botPass)} {
		if strings.Contains(log.String(), secret) {
			t.Errorf("the log shows the password:\n%s", log.String())
		}
	}
	if !strings.Contains(log.String(), "xxxxx") {
		t.Errorf("the log names no mailbox:\n%s", log.String())
	}
}

// TestReceiveIdle reads a mail that comes while the transport idles: with
// an hour between polls, only IDLE can have told it. (go-imap's memory
// server says "+ idling" a moment before it listens for news; a mail in
// that moment is told with the next one, so the test sends another when
// the first is not read soon.)
func TestReceiveIdle(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	r.tr.Poll = time.Hour
	idling := make(chan struct{}, 10)
	r.tr.idling = func() { idling <- struct{}{} }
	rec := newRecorder()
	r.imap.deliver(t, mailFrom(alice, botAddr, "x", "m1@example.org", "help"))
	r.receive(rec)
	rec.next(t)
	<-idling
	r.imap.deliver(t, mailFrom(bob, botAddr, "x", "m2@example.org", "rules"))
	select {
	case in := <-rec.ch:
		if in.ID != "m2@example.org" {
			t.Errorf("while idling: %+v; want m2", in)
		}
	case <-time.After(3 * time.Second):
		r.imap.deliver(t, mailFrom(bob, botAddr, "x", "m3@example.org", "rules"))
		if in := rec.next(t); in.ID != "m2@example.org" {
			t.Errorf("while idling: %+v; want m2", in)
		}
	}
}
