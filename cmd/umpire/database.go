package main

import (
	"errors"
	"fmt"
	"time"

	"umpire/store"
)

// openDB opens the database to serve it, making it where no file is,
// saying which setting to change or what to do when it cannot.
func openDB(path string) (*store.DB, error) {
	db, err := store.Open(path, nil)
	if errors.Is(err, store.ErrLocked) {
		return nil, fmt.Errorf("%w: another umpire uses %s; stop it or choose another file with -db or UMPIRE_DB", err, path)
	}
	return db, dbError(path, err)
}

// openReadOnly opens an existing database to read it (export, backup,
// check): it never makes a file, and works on a read-only file system.
// The error wraps store.ErrLocked when a serving umpire holds the file.
func openReadOnly(path string) (*store.DB, error) {
	db, err := store.Open(path, &store.Options{Timeout: 200 * time.Millisecond, ReadOnly: true})
	if errors.Is(err, store.ErrLocked) {
		return nil, err
	}
	return db, dbError(path, err)
}

// dbError says what to do about a database that does not open.
func dbError(path string, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, store.ErrDamaged):
		return fmt.Errorf("%w\n%s", err, restoreAdvice(path))
	}
	return fmt.Errorf("%w (the database file is set by -db or UMPIRE_DB)", err)
}

// restoreAdvice tells the operator how to get a damaged database back.
func restoreAdvice(path string) string {
	return fmt.Sprintf("The umpire will not use or change this file. Restore the last backup: "+
		"keep the damaged file aside (mv %[1]s %[1]s.damaged), copy the newest backup to %[1]s "+
		"(see Backups in the README), check it with `umpire check -db %[1]s`, then start the umpire.", path)
}
