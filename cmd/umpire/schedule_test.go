package main

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"umpire/store"
)

// TestScheduledBackups: copies are made at the interval after the newest
// in the folder, named by their time, and only the newest keep are kept;
// other files in the folder are left alone.
func TestScheduledBackups(t *testing.T) {
	t.Parallel()
	db, err := store.Open(played(t, t.TempDir()), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	dir := filepath.Join(t.TempDir(), "backups")
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	b := &backups{db: db, dir: dir, every: 24 * time.Hour, keep: 3, now: func() time.Time { return now }, log: slog.New(slog.DiscardHandler)}
	if d := b.due(); d > 0 {
		t.Fatalf("due with no backup = %v; want now", d)
	}
	for day := range 5 {
		now = time.Date(2026, 5, 1+day, 12, 0, 0, 0, time.UTC)
		if err := b.backup(); err != nil {
			t.Fatal(err)
		}
		if day == 0 {
			os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o600)
		}
	}
	now = now.Add(time.Hour)
	if d := b.due(); d != 23*time.Hour {
		t.Errorf("due an hour after a backup = %v; want 23h", d)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	want := []string{"notes.txt", "umpire-20260503T120000Z.db", "umpire-20260504T120000Z.db", "umpire-20260505T120000Z.db"}
	if !slices.Equal(names, want) {
		t.Errorf("folder holds %v; want %v", names, want)
	}
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("backup folder: %v, %v; want mode 0700", fi.Mode(), err)
	}
	c, err := store.Open(filepath.Join(dir, want[3]), &store.Options{ReadOnly: true})
	if err != nil {
		t.Fatalf("a scheduled backup does not open: %v", err)
	}
	defer c.Close()
	if err := c.Check(); err != nil {
		t.Error(err)
	}
}

// TestServeBackups: serve with -backup-every makes a copy at once when the
// folder has none.
func TestServeBackups(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := played(t, dir)
	var out, errs strings.Builder
	err := run(context.Background(), []string{"serve", "-db", db, "-backup-every", "24h", "-backup-dir", filepath.Join(dir, "b")}, strings.NewReader("help\n"), &out, &errs, getenv())
	if err != nil {
		t.Fatal(err)
	}
	// The first copy is made before the schedule looks at ctx, so serving
	// ends only after it.
	names, _ := filepath.Glob(filepath.Join(dir, "b", "umpire-*.db"))
	if len(names) != 1 {
		t.Errorf("backups after serving: %v; want one", names)
	}
	err = run(context.Background(), []string{"serve", "-db", db, "-backup-every", "10s"}, strings.NewReader(""), &out, &errs, getenv())
	if err == nil || !strings.Contains(err.Error(), "-backup-every") {
		t.Errorf("serve -backup-every 10s = %v; want a refusal naming -backup-every", err)
	}
}
