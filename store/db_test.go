package store

import (
	"errors"
	"path/filepath"
	"testing"
	"time"
)

func TestOpenLocked(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "umpire.db")
	db, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	_, err = Open(path, &Options{Timeout: 50 * time.Millisecond})
	if !errors.Is(err, ErrLocked) {
		t.Fatalf("second Open = %v; want ErrLocked", err)
	}
}

func TestReopenKeepsData(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "umpire.db")
	db, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	id := newGame(t, db)
	if _, err := db.Apply(id, "console:1", move("white", "e4")); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db, err = Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	g, err := db.Game(id)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Log) != 1 || g.Log[0].Text != "e4" || g.Seats["white"].Token != "w-secret" {
		t.Errorf("reopened game = %+v; want its seats and log [e4]", g)
	}
}

func TestClose(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Errorf("second Close = %v; want nil", err)
	}
	_, err := db.Apply(0, "", func(g *Game) ([]Outgoing, error) { return nil, nil })
	if !errors.Is(err, ErrClosed) {
		t.Errorf("Apply after Close = %v; want ErrClosed", err)
	}
}
