package store

import (
	"errors"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"
)

func TestSchemaVersion(t *testing.T) {
	t.Parallel()
	if SchemaVersion != len(migrations) {
		t.Fatalf("SchemaVersion = %d; want len(migrations) = %d", SchemaVersion, len(migrations))
	}
	db := openTest(t, nil)
	if v, err := db.Version(); err != nil || v != SchemaVersion {
		t.Errorf("Version() = %d, %v; want %d", v, err, SchemaVersion)
	}
}

// fakeSchema is a history of three versions of a toy schema that keeps a
// greeting: v1 stores "hello", v2 translates it, v3 always fails half-way.
// runs counts how often each step ran.
type fakeSchema struct{ runs [3]int }

func (f *fakeSchema) steps(n int) []migration {
	all := []migration{
		{"v1: greet", func(tx *bolt.Tx) error {
			f.runs[0]++
			b, err := tx.CreateBucket([]byte("toy"))
			if err != nil {
				return err
			}
			return b.Put([]byte("greeting"), []byte("hello"))
		}},
		{"v2: translate", func(tx *bolt.Tx) error {
			f.runs[1]++
			return tx.Bucket([]byte("toy")).Put([]byte("greeting"), []byte("saluton"))
		}},
		{"v3: broken", func(tx *bolt.Tx) error {
			f.runs[2]++
			tx.Bucket([]byte("toy")).Put([]byte("greeting"), []byte("garbage"))
			return errors.New("broken step")
		}},
	}
	return all[:n]
}

// greeting opens the file with the first n steps and returns the schema
// version and greeting it finds.
func (f *fakeSchema) open(t *testing.T, path string, n int) (int, string, error) {
	t.Helper()
	db, err := open(path, nil, f.steps(n))
	if err != nil {
		return 0, "", err
	}
	defer db.Close()
	v, _ := db.Version()
	var g string
	db.bolt.View(func(tx *bolt.Tx) error {
		g = string(tx.Bucket([]byte("toy")).Get([]byte("greeting")))
		return nil
	})
	return v, g, nil
}

func TestMigrations(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "toy.db")
	var f fakeSchema
	steps := []struct {
		n        int
		wantV    int
		wantG    string
		wantErr  bool
		wantRuns [3]int
	}{
		{1, 1, "hello", false, [3]int{1, 0, 0}},   // v0 → v1
		{1, 1, "hello", false, [3]int{1, 0, 0}},   // up to date: nothing runs
		{2, 2, "saluton", false, [3]int{1, 1, 0}}, // v1 → v2 only
		{3, 0, "", true, [3]int{1, 1, 1}},         // v2 → v3 fails
		{2, 2, "saluton", false, [3]int{1, 1, 1}}, // … and left v2 as it was
	}
	for i, s := range steps {
		v, g, err := f.open(t, path, s.n)
		if (err != nil) != s.wantErr || v != s.wantV || g != s.wantG || f.runs != s.wantRuns {
			t.Fatalf("step %d: open with %d migrations = %d, %q, %v, runs %v; want %d, %q, error %v, runs %v",
				i, s.n, v, g, err, f.runs, s.wantV, s.wantG, s.wantErr, s.wantRuns)
		}
	}
	if _, _, err := f.open(t, path, 1); !errors.Is(err, ErrSchemaTooNew) {
		t.Errorf("open a v2 file knowing v1 = %v; want ErrSchemaTooNew", err)
	}
}
