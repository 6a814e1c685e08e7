package store

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"umpire/referee"
)

// fullDB writes a database with games and moves enough to span many
// pages, closes it and returns its path.
func fullDB(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "umpire.db")
	db, err := Open(path, &Options{Now: newClock().Now})
	if err != nil {
		t.Fatal(err)
	}
	for range 40 {
		id := newGame(t, db)
		_, err := db.Apply(id, fmt.Sprintf("console:%d", id), func(g *Game) ([]Outgoing, error) {
			for range 20 {
				g.Log = append(g.Log, referee.Action{Seat: "white", Text: strings.Repeat("e4", 30)})
			}
			return nil, nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// spoil changes the file at path.
type spoil func(t *testing.T, path string)

// garbage overwrites n bytes at off with a pattern no page holds.
func garbage(off, n int64) spoil {
	return func(t *testing.T, path string) {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := f.WriteAt(bytes.Repeat([]byte{0xA5, 0x5A, 0xFF, 0x01}, int(n/4)), off); err != nil {
			t.Fatal(err)
		}
	}
}

// truncate cuts the file to a fraction of its size.
func truncate(num, den int64) spoil {
	return func(t *testing.T, path string) {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(path, fi.Size()*num/den); err != nil {
			t.Fatal(err)
		}
	}
}

// replace writes the file anew with data.
func replace(data []byte) spoil {
	return func(t *testing.T, path string) {
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

var damageTests = []struct {
	name  string
	spoil spoil
	want  string // in the message
}{
	{"empty file", replace(nil), "empty"},
	{"text file", replace(bytes.Repeat([]byte("not a database\n"), 1000)), "not a bbolt database"},
	{"truncated to half", truncate(1, 2), "truncated"},
	{"truncated to two pages", func(t *testing.T, path string) { os.Truncate(path, 8192) }, "truncated"},
	{"both meta pages", func(t *testing.T, path string) { garbage(40, 8)(t, path); garbage(4096+40, 8)(t, path) }, "meta pages are corrupted"},
	{"every data page", func(t *testing.T, path string) {
		fi, _ := os.Stat(path)
		garbage(8192, fi.Size()-8192)(t, path)
	}, ""},
	{"pages in the middle", func(t *testing.T, path string) {
		fi, _ := os.Stat(path)
		garbage(fi.Size()/2/4096*4096, 3*4096)(t, path)
	}, ""},
}

// TestOpenDamaged opens files spoilt in many ways: each is refused with
// ErrDamaged and a message naming it, never a panic or a fault, and the
// file is left as it was.
func TestOpenDamaged(t *testing.T) {
	t.Parallel()
	for _, tt := range damageTests {
		t.Run(tt.name, func(t *testing.T) {
			path := fullDB(t)
			tt.spoil(t, path)
			before, _ := os.ReadFile(path)
			for _, ro := range []bool{false, true} {
				db, err := Open(path, &Options{ReadOnly: ro})
				if err == nil {
					err = db.Check() // damage the walk cannot see
					db.Close()
				}
				if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("Open(ReadOnly: %v) = %v; want ErrDamaged naming %s, saying %q", ro, err, path, tt.want)
				}
			}
			if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
				t.Error("the refused file was changed")
			}
		})
	}
}

func TestOpenForeignBolt(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "other.db")
	b, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	b.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("theirs")); return err })
	b.Close()
	if _, err := Open(path, nil); !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "another program") {
		t.Errorf("Open(another program's database) = %v; want ErrDamaged", err)
	}
}

func TestOpenReadOnly(t *testing.T) {
	t.Parallel()
	path := fullDB(t)
	missing := filepath.Join(t.TempDir(), "typo.db")
	if _, err := Open(missing, &Options{ReadOnly: true}); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("Open(missing, ReadOnly) = %v; want no such file", err)
	}
	if _, err := os.Stat(missing); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Open(ReadOnly) made %s", missing)
	}
	before, _ := os.ReadFile(path)
	a, err := Open(path, &Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(path, &Options{ReadOnly: true}) // readers share the lock
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if g, err := b.Game(1); err != nil || len(g.Log) != 20 {
		t.Errorf("Game(1) read-only = %v, %v; want 20 moves", g, err)
	}
	if err := a.Check(); err != nil {
		t.Errorf("Check = %v; want nil", err)
	}
	if _, err := a.Apply(1, "console:x", move("white", "d4")); err == nil {
		t.Error("Apply on a read-only database succeeded")
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("a read-only open changed the file")
	}
}

func TestOpenCreatesOnlyNewFiles(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "new.db")
	db, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Check(); err != nil {
		t.Errorf("Check of a new database = %v", err)
	}
	db.Close()
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("new database: %v, %v; want mode 0600", fi.Mode(), err)
	}
}
