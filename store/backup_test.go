package store

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"umpire/referee"
)

func TestBackupQuiet(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	id := newGame(t, db)
	for i, m := range []string{"e4", "e5", "Qh5"} {
		if _, err := db.Apply(id, fmt.Sprint("c:", i), move(referee.TwoSeats[i%2], m)); err != nil {
			t.Fatal(err)
		}
	}
	db.PutPlayer(&Player{Name: "Ann", Addresses: []Address{{"console", "ann"}}})
	db.SetCursor("telegram", []byte("42"))

	var buf bytes.Buffer
	n, err := db.Backup(&buf)
	if err != nil || n != int64(buf.Len()) {
		t.Fatalf("Backup = %d, %v; wrote %d", n, err, buf.Len())
	}
	path := filepath.Join(t.TempDir(), "copy.db")
	if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	copy := openFile(t, path)
	if got, want := dump(t, copy), dump(t, db); got != want {
		t.Errorf("backup holds\n%s\nwant\n%s", got, want)
	}
}

// TestBackupLive copies the database while games are being played and
// checks that each copy is a consistent database: every move with its
// outbox row and its inbound id, none without.
func TestBackupLive(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() { playGame(t, db, 30) })
	}
	dir := t.TempDir()
	for i := range 5 {
		path := filepath.Join(dir, fmt.Sprintf("backup%d.db", i))
		if _, err := db.BackupFile(path); err != nil {
			t.Fatal(err)
		}
		checkConsistent(t, openFile(t, path))
	}
	wg.Wait()
	if _, err := db.BackupFile(db.Path()); err == nil {
		t.Error("BackupFile onto the database itself succeeded")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// checkConsistent checks that every logged move has its outbox row and its
// inbound id, as move and playGame write them.
func checkConsistent(t *testing.T, db *DB) {
	t.Helper()
	moves := 0
	err := db.View(func(tx *Tx) error {
		c := tx.bucket(bucketGames).Cursor()
		for k, _ := c.First(); k != nil; k, _ = c.Next() {
			entries, err := tx.Log(fromU64(k))
			if err != nil {
				return err
			}
			moves += len(entries)
		}
		return nil
	})
	checkIndexes(t, db)
	seen, _ := db.SeenCount()
	if rows := outbox(t, db); err != nil || len(rows) != moves || seen != moves {
		t.Errorf("%s: %d moves, %d outbox rows, %d seen ids, %v; want equal numbers", db.Path(), moves, len(rows), seen, err)
	}
}

// openFile opens a database file, closed when the test ends.
func openFile(t *testing.T, path string) *DB {
	t.Helper()
	db, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
