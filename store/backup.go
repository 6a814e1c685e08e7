package store

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	bolt "go.etcd.io/bbolt"
)

// Backup writes a consistent copy of the whole database to w while it is in
// use: the copy is the snapshot of one read transaction, so moves applied
// meanwhile are either wholly in it or not at all. Writes go on during the
// copy. It returns the number of bytes written. The copy is a database file
// that Open accepts.
func (db *DB) Backup(w io.Writer) (n int64, err error) {
	err = db.bolt.View(func(tx *bolt.Tx) error {
		n, err = tx.WriteTo(w)
		return err
	})
	if err != nil {
		return n, fmt.Errorf("store: backup: %w", err)
	}
	return n, nil
}

// BackupFile writes a consistent copy of the database to the file at path
// (for `umpire backup FILE`). It writes a temporary file beside path,
// syncs it and renames it, so path holds either a whole copy or what it
// held before. It refuses to write over the database's own file.
func (db *DB) BackupFile(path string) (n int64, err error) {
	if same, _ := sameFile(path, db.Path()); same {
		return 0, fmt.Errorf("store: backup to %s: that is the database itself", path)
	}
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return 0, fmt.Errorf("store: backup to %s: %w", path, err)
	}
	defer os.Remove(f.Name()) // fails harmlessly once renamed
	if n, err = db.Backup(f); err == nil {
		err = syncClose(f)
	} else {
		f.Close()
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		return 0, fmt.Errorf("store: backup to %s: %w", path, err)
	}
	return n, nil
}

// syncClose flushes a file to disk and closes it.
func syncClose(f *os.File) error {
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// sameFile reports whether two paths name the same existing file.
func sameFile(a, b string) (bool, error) {
	ia, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	ib, err := os.Stat(b)
	if err != nil {
		return false, err
	}
	return os.SameFile(ia, ib), nil
}
