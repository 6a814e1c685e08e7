package store

import (
	"errors"
	"testing"
	"umpire/internal/testkit"
)

// TestWriteFault fails every write to the file: Apply and Update return
// ErrWrite and change nothing, reads go on, and once writes work again
// the same calls succeed, once.
func TestWriteFault(t *testing.T) {
	t.Parallel()
	if !testkit.InChild(t) {
		return
	}
	db := openTest(t, nil)
	id := newGame(t, db)
	lift := testkit.LimitFiles(t, 8192) // the two meta pages; every commit writes past them
	for range 3 {
		_, err := db.Apply(id, "console:1", move("white", "e4"))
		if !errors.Is(err, ErrWrite) || !IsFault(err) {
			t.Fatalf("Apply on a full disk = %v; want ErrWrite", err)
		}
		if err := db.SetCursor("c", []byte("x")); !errors.Is(err, ErrWrite) {
			t.Fatalf("Update on a full disk = %v; want ErrWrite", err)
		}
	}
	if g, err := db.Game(id); err != nil || len(g.Log) != 0 {
		t.Fatalf("Game on a full disk = %v, %v; want no moves", g, err)
	}
	lift()
	for range 2 {
		if _, err := db.Apply(id, "console:1", move("white", "e4")); err != nil {
			t.Fatal(err)
		}
	}
	if g, err := db.Game(id); err != nil || len(g.Log) != 1 || len(outbox(t, db)) != 1 {
		t.Errorf("after the disk has room: game %v, %v, outbox %v; want one move, one row", g, err, outbox(t, db))
	}
	if err := db.Check(); err != nil {
		t.Error(err)
	}
}
