package store

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// DefaultTimeout is how long Open waits for a file locked by another
// process when Options.Timeout is zero.
const DefaultTimeout = 2 * time.Second

// DefaultMaxBatch is how many Apply calls may share one transaction when
// Options.MaxBatch is zero.
const DefaultMaxBatch = 256

// Errors returned by the store. Test for them with errors.Is: they come
// wrapped with the name of what was asked for.
var (
	ErrNotFound     = errors.New("not found")
	ErrLocked       = errors.New("database file is locked by another process")
	ErrClosed       = errors.New("database is closed")
	ErrSchemaTooNew = errors.New("database was written by a newer umpire")
	ErrLogRewritten = errors.New("log entries already written may not change")
	ErrIDChanged    = errors.New("a game's ID may not change")
	ErrAddressTaken = errors.New("address belongs to another player")
	// ErrWrite marks a write that the file system refused (a full disk,
	// an I/O error): nothing of the transaction was written, and the same
	// write may succeed later. Callers retry it; see IsFault.
	ErrWrite = errors.New("the database file could not be written")
)

// Options are the settings of Open. The zero value is ready to use.
type Options struct {
	// Timeout bounds the wait for the file lock when another process has
	// the file open. Zero means DefaultTimeout; a negative value waits
	// forever.
	Timeout time.Duration
	// Now is the clock for the times the store records (game creation, log
	// entries, inbound ids seen). Nil means time.Now.
	Now func() time.Time
	// MaxBatch bounds how many concurrent Apply calls share one
	// transaction. Zero means DefaultMaxBatch; 1 commits each alone.
	MaxBatch int
	// LogCache bounds the log entries, in all games, that the DB keeps
	// decoded so that Apply need not read a game's log (logcache.go).
	// Zero means DefaultLogCache; a negative value keeps none.
	LogCache int
	// ReadOnly opens an existing file for reading only: it is never
	// created or changed, works on a read-only file system and shares its
	// lock with other readers (a process writing the file holds it
	// alone). Every write fails.
	ReadOnly bool
}

// DB is an open database file. Its methods are safe for concurrent use by
// many goroutines; another process opening the same file waits for the
// lock and fails after its timeout.
type DB struct {
	bolt     *bolt.DB
	now      func() time.Time
	maxBatch int

	calls     chan *call    // Apply → the writer goroutine
	closing   chan struct{} // closed by Close
	written   chan struct{} // closed when the writer goroutine returns
	closeOnce sync.Once
	closeErr  error

	queuedMu sync.Mutex
	queued   chan struct{} // closed when rows are next queued
	dropped  atomic.Int64  // extra rows dropped by Queue (see Outgoing.Extra)
	logs     *logCache     // the logs of games recently applied
}

// Open opens the database file at path and brings its schema up to date.
// It creates the file only where none exists; an existing file is checked
// before use (see ErrDamaged), so a file that is empty, truncated,
// corrupted or another program's is refused with an error wrapping
// ErrDamaged that names it, never used or overwritten. It returns an error
// wrapping ErrLocked when another process holds the file past the timeout,
// and ErrSchemaTooNew when the file was written by a newer version. With
// Options.ReadOnly it neither creates nor changes the file. opts may be
// nil.
func Open(path string, opts *Options) (*DB, error) {
	return open(path, opts, migrations)
}

// open is Open with the list of schema migrations to apply.
func open(path string, opts *Options, steps []migration) (*DB, error) {
	o := withDefaults(opts)
	exists, err := preflight(path)
	if err != nil {
		return nil, err
	}
	if !exists && o.ReadOnly {
		return nil, fmt.Errorf("store: open %s: no such file (a database is made only by serve)", path)
	}
	var b *bolt.DB
	var f *os.File // bbolt's, to close should bbolt panic while opening
	err = guard(path, func() error {
		b, err = openBolt(path, o, &f)
		if err != nil || !exists {
			return err
		}
		return walk(path, b)
	})
	if err == nil {
		err = guard(path, func() error { return prepare(b, o, steps) })
	}
	if err != nil {
		if b != nil {
			b.Close()
		} else if f != nil {
			f.Close() // and with it the lock
		}
		return nil, openError(path, err)
	}
	return start(b, o), nil
}

// openBolt opens the file with bbolt, waiting for its lock, and keeps the
// file bbolt opened in *f.
func openBolt(path string, o Options, f **os.File) (*bolt.DB, error) {
	timeout := o.Timeout
	if timeout < 0 {
		timeout = 0 // bbolt waits forever
	}
	openFile := func(name string, flag int, perm os.FileMode) (*os.File, error) {
		var err error
		*f, err = os.OpenFile(name, flag, perm)
		return *f, err
	}
	return bolt.Open(path, 0o600, &bolt.Options{Timeout: timeout, ReadOnly: o.ReadOnly, OpenFile: openFile})
}

// prepare brings the schema up to date, or in a read-only database checks
// that this umpire can read it: a file of an older version is read as it
// is (check, export and backup read what every version has), one of a
// newer version is refused.
func prepare(b *bolt.DB, o Options, steps []migration) error {
	if !o.ReadOnly {
		return b.Update(func(tx *bolt.Tx) error { return migrate(tx, steps) })
	}
	return b.View(func(tx *bolt.Tx) error {
		meta := tx.Bucket(bucketMeta)
		if meta == nil {
			return fmt.Errorf("no umpire data in the file yet")
		}
		if v := version(meta); v > uint64(len(steps)) {
			return fmt.Errorf("schema version %d, this umpire knows %d: %w", v, len(steps), ErrSchemaTooNew)
		}
		return nil
	})
}

// openError wraps an error of opening the file at path.
func openError(path string, err error) error {
	switch {
	case errors.Is(err, berrors.ErrTimeout):
		return fmt.Errorf("store: open %s: %w", path, ErrLocked)
	case errors.Is(err, ErrDamaged):
		return err
	case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrChecksum), errors.Is(err, berrors.ErrVersionMismatch):
		return damaged(path, "%v", err)
	}
	return fmt.Errorf("store: open %s: %w", path, err)
}

// withDefaults returns a copy of opts with every zero setting filled in.
func withDefaults(opts *Options) Options {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Timeout == 0 {
		o.Timeout = DefaultTimeout
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.MaxBatch <= 0 {
		o.MaxBatch = DefaultMaxBatch
	}
	if o.LogCache == 0 {
		o.LogCache = DefaultLogCache
	}
	return o
}

// start wraps an open bbolt file and starts the writer goroutine.
func start(b *bolt.DB, o Options) *DB {
	db := &DB{
		bolt:     b,
		now:      o.Now,
		maxBatch: o.MaxBatch,
		calls:    make(chan *call),
		closing:  make(chan struct{}),
		written:  make(chan struct{}),
		queued:   make(chan struct{}),
		logs:     newLogCache(max(o.LogCache, 0)),
	}
	go db.write()
	return db
}

// Path is the database file's path.
func (db *DB) Path() string { return db.bolt.Path() }

// Close waits for the Apply calls in progress, then closes the file. Later
// calls to Apply return ErrClosed. Close may be called more than once.
func (db *DB) Close() error {
	db.closeOnce.Do(func() {
		close(db.closing)
		<-db.written
		if err := db.bolt.Close(); err != nil {
			db.closeErr = fmt.Errorf("store: close %s: %w", db.bolt.Path(), err)
		}
	})
	return db.closeErr
}

// IsFault reports whether err is a fault of the file system that may pass
// (ErrWrite): a caller waits and tries the same write again, rather than
// giving up on what it was doing.
func IsFault(err error) bool { return errors.Is(err, ErrWrite) }
