package door

import (
	"context"
	"crypto/rand"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/internal/dice"
	"umpire/internal/testkit"
	"umpire/store"
)

// TestStrangerCap: forged mails from ever new addresses, each asking for
// a command that needs a confirmation, bring at most strangerAsksPerHour
// confirmations in an hour and strangerAsksPerDay in a day, counted in
// the store so that a restart (a new Door on the same file) forgets none;
// the cap is logged once an hour, not once a mail.
func TestStrangerCap(t *testing.T) {
	t.Parallel()
	db, err := store.Open(filepath.Join(t.TempDir(), "umpire.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	var logs testkit.SyncBuffer
	open := func() *Door { // a start of the umpire
		return New(Config{DB: db, Catalog: texts.DefaultCatalog, Langs: []string{"en"}, Now: func() time.Time { return now },
			Dice: dice.Dice{R: rand.Reader}, Log: slog.New(slog.NewTextHandler(&logs, nil))})
	}
	d := open()
	n := 0
	forge := func(mails int) int { // mails in new names; the confirmations queued
		t.Helper()
		before := queued(t, db)
		for range mails {
			n++
			in := wire.Inbound{Transport: "email", From: fmt.Sprintf("victim%d@example.com", n), Private: true, Forgeable: true,
				Text: "name BUY-CHEAP-PILLS-AT-http://spam.example/", ID: fmt.Sprintf("forged%d", n)}
			if err := d.Handle(context.Background(), in, DeciderFunc(func(Visit) error { return nil }), nil); err != nil {
				t.Fatal(err)
			}
		}
		return queued(t, db) - before
	}
	for i, step := range []struct {
		mails, want int
		restart     bool
		after       time.Duration // the clock moves on, then the mails come
	}{
		{mails: 20, want: strangerAsksPerHour},
		{mails: 5, want: 0, restart: true, after: 59 * time.Minute},
		{mails: 20, want: strangerAsksPerHour, after: time.Minute}, // an hour after the first
		{mails: 20, want: strangerAsksPerHour, restart: true, after: time.Hour},
		{mails: 20, want: strangerAsksPerHour, after: time.Hour},
		{mails: 20, want: strangerAsksPerDay - 4*strangerAsksPerHour, after: time.Hour}, // the day's last
		{mails: 20, want: 0, after: 18 * time.Hour},
		{mails: 20, want: strangerAsksPerHour, after: 2 * time.Hour}, // a day after the first
	} {
		now = now.Add(step.after)
		if step.restart {
			d = open()
		}
		if got := forge(step.mails); got != step.want {
			t.Errorf("step %d: %d mails in new names brought %d confirmations; want %d", i+1, step.mails, got, step.want)
		}
	}
	// Refused in the first, second, fourth to seventh hours and the
	// twenty-fourth: once in each.
	if got := strings.Count(logs.String(), "mail to strangers capped"); got != 7 {
		t.Errorf("the cap was logged %d times; want once an hour it refused, 7", got)
	}
}

// queued counts the rows in the outbox.
func queued(t *testing.T, db *store.DB) int {
	t.Helper()
	rows, err := db.Pending(time.Now().Add(1000*time.Hour), 10000)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if n := post.DecodeNote(r.Text); n.ID != "confirm-ask" {
			t.Errorf("a forged mail brought %q", n.ID)
		}
	}
	return len(rows)
}
