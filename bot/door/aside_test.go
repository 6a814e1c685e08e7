package door

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/store"
)

// A message that fails AsideAfter times is set aside: kept in the store,
// marked seen, counted, and reported handled so the transport goes on.
// Faults of the disk never count.
func TestFailingMessageSetAside(t *testing.T) {
	t.Parallel()
	db, err := store.Open(filepath.Join(t.TempDir(), "umpire.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	b := New(Config{DB: db, Catalog: texts.DefaultCatalog, Langs: texts.Languages})
	ctx := context.Background()
	in := wire.Inbound{Transport: "email", ID: strings.Repeat("x", 40<<10), From: "a@example.org", Text: "help"}
	boom := errors.New("boom")
	fault := store.ErrWrite
	for i := 1; i < AsideAfter; i++ {
		if err := b.counted(ctx, in, boom); !errors.Is(err, boom) {
			t.Fatalf("failure %d: %v; want it passed on", i, err)
		}
		if err := b.counted(ctx, in, fault); !errors.Is(err, fault) {
			t.Fatalf("fault: %v; want it passed on", err)
		}
	}
	if err := b.counted(ctx, in, boom); err != nil {
		t.Fatalf("failure %d: %v; want the message set aside", AsideAfter, err)
	}
	if b.SetAside() != 1 {
		t.Errorf("SetAside = %d; want 1", b.SetAside())
	}
	var kept aside
	err = db.View(func(tx *store.Tx) error {
		if !tx.Seen(KeyOf(in)) {
			t.Error("the message set aside is not marked seen")
		}
		return json.Unmarshal(tx.Cursor("aside "+KeyOf(in)), &kept)
	})
	if err != nil || kept.Inbound.ID != in.ID || kept.Err != "boom" {
		t.Errorf("kept %.80v (%v); want the message and its error", kept, err)
	}
	// Another message, handled at once, starts from no failures.
	other := wire.Inbound{Transport: "email", ID: "m2@example.org", From: "a@example.org", Text: "help"}
	if err := b.counted(ctx, other, nil); err != nil || b.failing.tries[asideKey(other)] != 0 {
		t.Errorf("a message handled: %v, tries %d", err, b.failing.tries[asideKey(other)])
	}
}
