package email

import (
	"context"
	"strings"
	"testing"
	"time"

	"umpire/bot"
	"umpire/bot/post"
	"umpire/bot/telegram"
	"umpire/bot/telegram/tgtest"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/store"
)

// TestDovecotTell: Alice plays by mail (through Dovecot), Bob on Telegram
// (the fake Bot API), one Kriegspiel game, and they talk through the
// umpire both ways: Bob's tell reaches Alice's mailbox, and her reply to
// that mail (which carries her seat's key) reaches Bob's private chat. A
// stranger's tell, by mail or on Telegram, reaches nobody and is kept
// nowhere.
func TestDovecotTell(t *testing.T) {
	// Not parallel: the test Dovecot's mailboxes are shared.
	srv := tgtest.New("")
	t.Cleanup(srv.Close)
	const tgBob, tgCarol int64 = 2001, 2002
	srv.AddUser(tgtest.User{ID: tgBob, FirstName: "Bob", LanguageCode: "en"})
	srv.AddUser(tgtest.User{ID: tgCarol, FirstName: "Carol", LanguageCode: "en"})
	d := newDovecotWith(t, nil, func(db *store.DB) wire.Transport {
		tr, err := telegram.New(context.Background(), telegram.Config{Token: srv.Token, APIURL: srv.URL,
			Cursor: bot.Cursors(db), Words: post.Words(texts.DefaultCatalog, nil), Limits: &wire.NoLimits, Log: testLogger(t)})
		if err != nil {
			t.Fatal(err)
		}
		return tr
	})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	toBob := func(s string) {
		t.Helper()
		if _, err := srv.WaitFor(ctx, func(sent []tgtest.Sent) bool {
			for _, m := range sent {
				if m.Chat == tgBob && strings.Contains(m.Text, s) {
					return true
				}
			}
			return false
		}); err != nil {
			t.Fatalf("Bob got no message with %q: %v", s, err)
		}
	}
	a, m := newReader(t, d.imap, alice), newReader(t, d.imap, mallory)
	d.writeConfirmed(t, alice, a, "new kriegspiel white")
	tok := joinToken.FindStringSubmatch(a.nextWith(t, "join ").text)
	if tok == nil {
		t.Fatal("no join token in the mail of the new game")
	}
	srv.Start(tgBob)
	srv.Start(tgCarol)
	srv.Private(tgBob, "join "+tok[1])
	toBob("you play Black")
	a.nextWith(t, "#1")

	srv.Private(tgBob, "#1 tell white Hello from Telegram")
	heard := a.nextWith(t, "Hello from Telegram")
	if !strings.Contains(heard.text, "Game #1 (Kriegspiel, wild16 rules), Black to you: Hello from Telegram") {
		t.Errorf("Alice's mail: %q", heard.text)
	}
	toBob("Told White in game #1: Hello from Telegram")
	d.reply(t, alice, heard, "tell black Hello from the mailbox")
	toBob("Game #1 (Kriegspiel, wild16 rules), White to you: Hello from the mailbox")
	a.nextWith(t, "Told Black in game #1: Hello from the mailbox")

	// Strangers: Mallory by mail, Carol on Telegram.
	d.write(t, mallory, "#1 tell white I am not in this game")
	m.nextWith(t, "There is no game #1 that you may see")
	srv.Private(tgCarol, "#1 tell black I am not in this game either")
	if _, err := srv.WaitFor(ctx, func(sent []tgtest.Sent) bool {
		for _, s := range sent {
			if s.Chat == tgCarol && strings.Contains(s.Text, "There is no game #1 that you may see") {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("Carol was not answered: %v", err)
	}
	// The next mail Alice gets is Bob's next word, not a stranger's.
	srv.Private(tgBob, "#1 tell white Still there?")
	if next := a.next(t); !strings.Contains(next.text, "Still there?") {
		t.Errorf("after the strangers' tells Alice got %q", next.text)
	}
	for _, s := range srv.To(tgBob) {
		if strings.Contains(s.Text, "not in this game") {
			t.Errorf("Bob got a stranger's message: %q", s.Text)
		}
	}
	talks, err := d.db.Talks(1)
	if err != nil || len(talks) != 3 {
		t.Errorf("game #1 keeps %d messages (%v); want Bob's two and Alice's one", len(talks), err)
	}
}
