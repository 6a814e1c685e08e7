package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"umpire/store"
)

// TestControlSocketPrivate: the control socket answers `export GAME` with
// the whole hidden game, so only the owner of the database (a file of
// mode 0600) may connect to it, whatever the umask.
func TestControlSocketPrivate(t *testing.T) {
	t.Parallel()
	db, err := store.Open(filepath.Join(t.TempDir(), "u.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	l, err := listenControl(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	fi, err := os.Stat(controlPath(db.Path()))
	if err != nil {
		t.Fatal(err)
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		t.Errorf("control socket mode %v; want no access for group or others", perm)
	}
}
