package store

import (
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// maxProblems bounds the problems Check reports: a badly damaged file has
// one per page.
const maxProblems = 20

// Check runs bbolt's consistency check on the whole file: every page in
// use reachable once, every free page free once, keys in order; and it
// checks that the outbox's indexes agree with its rows. It
// returns nil when the file is sound, else an error wrapping ErrDamaged
// that lists the first problems found. Open has already refused a file
// whose pages cannot be read at all; Check finds the subtler damage.
//
// On a database open for writing it holds the writer lock while it runs
// (bbolt's check is safe beside writers only inside a write transaction),
// so writes wait; the transaction is rolled back, never committed.
func (db *DB) Check() error {
	tx, err := db.bolt.Begin(!db.bolt.IsReadOnly())
	if err != nil {
		return fmt.Errorf("store: check %s: %w", db.Path(), err)
	}
	defer tx.Rollback()
	return guard(db.Path(), func() error { return problems(db.Path(), tx) })
}

// problems collects the first problems bbolt's check reports, then those
// of the outbox's indexes (outqueue.go) when the pages are sound.
func problems(path string, tx *bolt.Tx) error {
	var errs []error
	n := 0
	for err := range tx.Check() {
		if n++; n <= maxProblems {
			errs = append(errs, err)
		}
	}
	if n == 0 {
		for _, err := range checkBox(tx) {
			if n++; n <= maxProblems {
				errs = append(errs, err)
			}
		}
	}
	if n == 0 {
		return nil
	}
	if n > maxProblems {
		errs = append(errs, fmt.Errorf("and %d more", n-maxProblems))
	}
	return damaged(path, "%d problems:\n%v", n, errors.Join(errs...))
}
